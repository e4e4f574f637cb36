import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { TransactionsQueryBody } from '@chartroom/contracts/agreements';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageHeader } from '../../components/ui/page-header';
import { useTransactions } from '../../features/agreements/api/query-transactions';
import { useAgreementPeople } from '../../features/agreements/api/get-agreement-users';
import { TransactionsTable } from '../../features/agreements/components/transactions-table';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';

function readId(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** `/distributor2/transactions?agreementId=&userId=&instId=`: the ledger, with Back and Show All. */
export function TransactionsRoute() {
  const { t } = useTranslation('agreements');
  const paths = usePaths();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const query: TransactionsQueryBody = {
    agreementId: readId(searchParams.get('agreementId')),
    userId: readId(searchParams.get('userId')),
    instId: readId(searchParams.get('instId')),
  };
  const transactions = useTransactions(query);
  const people = useAgreementPeople([
    ...(query.agreementId ? [query.agreementId] : []),
    ...(transactions.data ?? []).map((row) => row.agreementId),
  ]);
  const handleExport = () => {
    const rows = transactions.data ?? [];
    const header = [
      'id',
      'timestamp',
      'agreementId',
      'userId',
      'userEmail',
      'installationId',
      'device',
      'orderId',
      'type',
      'amount',
      'balance',
      'agreementLimit',
      'userLimit',
      'reason',
    ];
    const lines = rows.map((row) => [
      row.id,
      row.timestamp,
      row.agreementId,
      row.userId,
      row.userId === null ? null : (people.emails.get(row.userId) ?? null),
      row.installationId,
      row.installationId === null ? null : (people.devices.get(row.installationId) ?? null),
      row.orderId,
      row.type,
      row.amount,
      row.balance,
      row.agreementLimit,
      row.userLimit,
      row.reason,
    ]);
    const scope = query.agreementId ? `agreement-${query.agreementId}-` : '';
    downloadCsv(`transactions-${scope}${formatDate(new Date())}.csv`, toCsv(header, lines));
  };
  const filters = [
    query.agreementId !== undefined && t('transactions.byAgreement', { id: query.agreementId }),
    query.userId !== undefined && t('transactions.byUser', { id: people.emails.get(query.userId) ?? query.userId }),
    query.instId !== undefined && t('transactions.byInstallation', { id: people.devices.get(query.instId) ?? query.instId }),
  ].filter((text) => text !== false);
  const isFiltered = filters.length > 0;
  useDocumentTitle('agreements:transactions.title');

  const handleBack = () => {
    // Opened from a link inside the portal: go back there; opened directly: to the agreement or the list.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(query.agreementId ? paths.agreement(query.agreementId) : paths.distributor2Tab('agreements'));
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('transactions.title')}
        subtitle={isFiltered ? filters.join(' · ') : t('transactions.all')}
        actions={
          <>
            <Button variant="default" onClick={handleBack}>
              {t('transactions.back')}
            </Button>
            <Button variant="light" onClick={() => void navigate(paths.transactions())} disabled={!isFiltered}>
              {t('transactions.showAll')}
            </Button>
            <Button variant="default" onClick={handleExport} disabled={!transactions.data || transactions.data.length === 0}>
              {t('transactions.exportCsv')}
            </Button>
          </>
        }
      />
      <Group gap="xs" mih={22}>
        {transactions.isFetching && (
          <Badge variant="light" color="blue" leftSection={<Loader size={10} />}>
            {t('transactions.loading')}
          </Badge>
        )}
        {transactions.data && (
          <Text size="sm" c="dimmed">
            {t('transactions.count', { count: transactions.data.length })}
          </Text>
        )}
      </Group>
      {transactions.isError && <ErrorAlert error={transactions.error} />}
      {transactions.data && transactions.data.length === 0 && (
        <EmptyState title={t('transactions.emptyTitle')} description={t('transactions.emptyText')} />
      )}
      {transactions.data && transactions.data.length > 0 && <TransactionsTable transactions={transactions.data} people={people} />}
    </Stack>
  );
}
