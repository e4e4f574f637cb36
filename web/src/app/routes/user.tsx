import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { AgreementInvitations } from '../../features/agreements/components/agreement-invitations';
import { SupervisedAgreements } from '../../features/agreements/components/supervised-agreements';
import { MyChartsPanel } from '../../features/my-charts/components/my-charts-panel';
import { AccountSettings } from '../../features/user/components/account-settings';
import { JoinCards } from '../../features/user/components/join-cards';
import { UserLicenses } from '../../features/user/components/user-licenses';
import { useAuthUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';

export function UserRoute() {
  const { t } = useTranslation('user');
  const user = useAuthUser();
  const paths = usePaths();
  useDocumentTitle('user:title');
  if (!user) return null;

  return (
    <Stack gap="xl">
      <PageHeader
        title={t('title')}
        subtitle={user.email}
        actions={
          <Button component={Link} to={paths.cart()} variant="light">
            {t('cartLink')}
          </Button>
        }
      />
      <AgreementInvitations />
      <UserLicenses />
      <MyChartsPanel />
      <SupervisedAgreements user={user} />
      <JoinCards user={user} />
      <AccountSettings />
    </Stack>
  );
}
