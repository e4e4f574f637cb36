import { Badge, Box, Button, Group, Tabs, Text } from '@mantine/core';
import { isAgreementExpired } from '@chartroom/contracts/agreements';
import { canManageAgreement } from '@chartroom/contracts/policies/agreements.policy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { MissingRoleRedirect } from '../guards/require-role';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { useAgreement } from '../../features/agreements/api/get-agreement';
import { AgreementLimitsTab } from '../../features/agreements/components/agreement-limits-tab';
import { AgreementForm } from '../../features/agreements/components/agreement-form';
import { AgreementUsersTab } from '../../features/agreements/components/agreement-users-tab';
import { BalanceEntryForm } from '../../features/agreements/components/balance-entry-form';
import { OrdersView } from '../../features/orders/components/orders-view';
import { ApiError } from '../../lib/api-client';
import { hasRole, useAuthUser } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';
import { agreementTabs, type AgreementTab } from '../../lib/paths';

function isAgreementTab(value: string | null | undefined): value is AgreementTab {
  return (agreementTabs as readonly string[]).includes(value ?? '');
}

/**
 * `/distributor2/agreements/{id}`: tabs Main, Users and Limits (spec §2), and its Orders, which its
 * supervisor approves. Main is the agreement's own address, the others `/{id}/users|limits|orders`;
 * an older `?tab=` address goes to the tab's own one.
 */
export function AgreementRoute() {
  const { t } = useTranslation('agreements');
  const paths = usePaths();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const agreementId = Number(params.agreementId);
  const agreement = useAgreement(agreementId);
  const user = useAuthUser();
  const [isEntryMode, setIsEntryMode] = useState(false);
  const alias = searchParams.get('tab');
  const tab: AgreementTab = isAgreementTab(params.tab) ? params.tab : 'main';
  useDocumentTitle('agreements:detail.title');

  const handleTabChange = (value: string | null) => {
    if (isAgreementTab(value)) void navigate(paths.agreement(agreementId, value));
  };

  // The distributor's people go back to its agreements; a supervisor (who may hold only the user role) to the cabinet listing them.
  const isDistributor = hasRole(user, 'distributor2');
  const back = (
    <Button component={Link} to={isDistributor ? paths.distributor2Tab('agreements') : paths.user()} variant="default">
      {t(isDistributor ? 'detail.back' : 'detail.backToCabinet')}
    </Button>
  );
  if (isAgreementTab(alias) || (params.tab !== undefined && (!isAgreementTab(params.tab) || params.tab === 'main')))
    return <Navigate replace to={paths.agreement(agreementId, isAgreementTab(alias) ? alias : tab)} />;
  if (agreement.isPending) return <PageLoader />;
  // Not theirs and no distributor: sent where `/distributor2` sends them (registration), not to "not found".
  const isNotFound = agreement.error instanceof ApiError && (agreement.error.code === 'not_found' || agreement.error.code === 'forbidden');
  if (!isDistributor && isNotFound) return <MissingRoleRedirect role="distributor2" />;
  if (agreement.isError)
    return (
      <>
        <Group mb="md">{back}</Group>
        <ErrorAlert error={agreement.error} />
      </>
    );
  const data = agreement.data;
  // The supervisor reads everything here; only the distributor's main user sees edit controls.
  const canManage = canManageAgreement(user, data);
  // The supervisor is the fleet owner: it approves new orders; the main user's desk processes or cancels them.
  const orderActions = user !== null && user.id === data.supervisorId ? 'owner' : canManage ? 'desk' : 'none';

  return (
    <>
      <PageHeader
        title={data.name}
        subtitle={
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              #{data.id} · {data.distributor.title}
            </Text>
            <Badge variant="light">{data.currency}</Badge>
            {isAgreementExpired(data.validTill) && (
              <Badge color="red" variant="light">
                {t('list.expired')}
              </Badge>
            )}
            <Text size="sm">
              {t('fields.balance')}: {data.balance} {data.currency}
            </Text>
          </Group>
        }
        actions={
          <>
            {back}
            <Button component={Link} to={paths.transactions({ agreementId: data.id })} variant="light">
              {t('list.transactions')}
            </Button>
            {canManage && !isEntryMode && <Button onClick={() => setIsEntryMode(true)}>{t('balance.open')}</Button>}
          </>
        }
      />
      {canManage && isEntryMode && (
        <Box mb="lg">
          <BalanceEntryForm agreementId={data.id} currency={data.currency} onDone={() => setIsEntryMode(false)} />
        </Box>
      )}
      <Tabs value={tab} onChange={handleTabChange} keepMounted={false}>
        <Tabs.List mb="lg">
          {agreementTabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`detail.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="main">
          <AgreementForm agreement={data} readOnly={!canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <AgreementUsersTab agreementId={data.id} readOnly={!canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="limits">
          <AgreementLimitsTab agreementId={data.id} currency={data.currency} readOnly={!canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <OrdersView agreementId={data.id} actions={orderActions} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
