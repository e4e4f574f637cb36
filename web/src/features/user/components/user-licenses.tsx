import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useProfile } from '../api/get-profile';
import { LicenseTable } from './license-table';

export function UserLicenses() {
  const { t } = useTranslation('user');
  const profile = useProfile();

  return (
    <Stack gap="sm" component="section" aria-labelledby="user-licenses-title">
      <Title order={3} id="user-licenses-title">
        {t('licenses.title')}
      </Title>
      {profile.isPending && <PageLoader />}
      {profile.isError && <ErrorAlert error={profile.error} />}
      {profile.isSuccess &&
        (profile.data.licenses.length === 0 ? (
          <EmptyState title={t('licenses.empty.title')} description={t('licenses.empty.text')} />
        ) : (
          <LicenseTable licenses={profile.data.licenses} />
        ))}
    </Stack>
  );
}
