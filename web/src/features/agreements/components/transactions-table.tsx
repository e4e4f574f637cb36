import { Text } from '@mantine/core';
import type { Transaction } from '@chartroom/contracts/agreements';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../lib/dates';

const dash = (value: string | number | null) => (value === null ? '-' : String(value));

/** Spec §2 Transactions: '-' where a row has no installation or no limit. */
export function TransactionsTable({ transactions }: { transactions: Transaction[] }) {
  const { t } = useTranslation('agreements');
  const columns: ResponsiveColumn<Transaction>[] = [
    { key: 'id', label: t('transactions.id'), render: (row) => row.id },
    { key: 'timestamp', label: t('transactions.timestamp'), render: (row) => formatDateTime(row.timestamp) },
    { key: 'agreementId', label: t('transactions.agreementId'), render: (row) => row.agreementId },
    { key: 'userId', label: t('transactions.userId'), render: (row) => dash(row.userId) },
    { key: 'installationId', label: t('transactions.installationId'), render: (row) => dash(row.installationId) },
    { key: 'type', label: t('transactions.type'), render: (row) => t(`transactions.types.${row.type}`) },
    {
      key: 'amount',
      label: t('transactions.amount'),
      align: 'right',
      render: (row) => (
        <Text span inherit c={row.amount.startsWith('-') ? 'red.8' : 'teal.8'}>
          {row.amount}
        </Text>
      ),
    },
    { key: 'balance', label: t('transactions.balance'), align: 'right', render: (row) => row.balance },
    { key: 'limit', label: t('transactions.limit'), align: 'right', render: (row) => dash(row.agreementLimit) },
    { key: 'userLimit', label: t('transactions.userLimit'), align: 'right', render: (row) => dash(row.userLimit) },
    { key: 'reason', label: t('transactions.reason'), render: (row) => dash(row.reason) },
  ];
  return <ResponsiveTable label={t('transactions.title')} columns={columns} rows={transactions} rowKey={(row) => row.id} />;
}
