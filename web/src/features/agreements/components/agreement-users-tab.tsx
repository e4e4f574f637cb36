import { Anchor, Stack, Text } from '@mantine/core';
import type { AgreementUser } from '@chartroom/contracts/agreements';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateText } from '../../../components/ui/date-text';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/ui/responsive-table';
import { usePaths } from '../../../lib/locale';
import { useAgreementUsers } from '../api/get-agreement-users';
import { applicationName, platformName } from '../lib/device-names';
import { AddAgreementUser } from './add-agreement-user';

/** Users tab: the users attached with their installations, and (for the distributor) the form to add one. */
export function AgreementUsersTab({ agreementId, readOnly = false }: { agreementId: number; readOnly?: boolean }) {
  const { t } = useTranslation('agreements');
  const paths = usePaths();
  const users = useAgreementUsers(agreementId);
  const columns: ResponsiveColumn<AgreementUser>[] = [
    { key: 'email', label: t('users.email'), render: (user) => user.email },
    { key: 'installation', label: t('users.installation'), render: (user) => user.installationId },
    { key: 'app', label: t('users.app'), render: (user) => applicationName(user.appId) },
    { key: 'platform', label: t('users.platform'), render: (user) => platformName(user.platformId) },
    { key: 'ship', label: t('users.ship'), render: (user) => user.shipName ?? '-' },
    { key: 'device', label: t('users.device'), render: (user) => user.deviceId },
    { key: 'added', label: t('users.addedAt'), render: (user) => <DateText value={user.createdAt} /> },
    {
      key: 'ledger',
      label: t('list.transactions'),
      isLabelHidden: true,
      render: (user) => (
        <Anchor component={Link} size="sm" to={paths.transactions({ agreementId, userId: user.userId, instId: user.installationId })}>
          {t('list.transactions')}
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="md">
      {!readOnly && <AddAgreementUser agreementId={agreementId} />}
      {users.isPending && <PageLoader />}
      {users.isError && <ErrorAlert error={users.error} />}
      {users.isSuccess && users.data.length === 0 && <Text c="dimmed">{t('users.empty')}</Text>}
      {users.isSuccess && users.data.length > 0 && (
        <ResponsiveTable
          label={t('users.title')}
          columns={columns}
          rows={users.data}
          rowKey={(user) => `${user.userId}-${user.installationId}`}
        />
      )}
    </Stack>
  );
}
