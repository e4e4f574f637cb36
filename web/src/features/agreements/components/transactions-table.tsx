import { Text } from '@mantine/core';
import type { Transaction } from '@chartroom/contracts/agreements';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../lib/dates';
import type { AgreementPeople } from '../api/get-agreement-users';

const dash = (value: string | number | null) => (value === null ? '-' : String(value));

/** Who a row names: the e-mail and the device where known, else the id. */
export function transactionPeople(row: Transaction, people?: AgreementPeople) {
  return {
    user: row.userId === null ? null : (people?.emails.get(row.userId) ?? `#${row.userId}`),
    device: row.installationId === null ? null : (people?.devices.get(row.installationId) ?? `#${row.installationId}`),
  };
}

/** Spec §2 Transactions: '-' where a row has no installation or no limit; users and devices by name where known. */
export function TransactionsTable({ transactions, people }: { transactions: Transaction[]; people?: AgreementPeople }) {
  const { t } = useTranslation('agreements');
  const columns: ResponsiveColumn<Transaction>[] = [
    { key: 'id', label: t('transactions.id'), render: (row) => row.id },
    { key: 'timestamp', label: t('transactions.timestamp'), render: (row) => formatDateTime(row.timestamp) },
    { key: 'agreementId', label: t('transactions.agreementId'), render: (row) => row.agreementId },
    {
      key: 'userId',
      label: t('transactions.userId'),
      render: (row) => (
        <Text span inherit style={{ overflowWrap: 'anywhere' }}>
          {dash(transactionPeople(row, people).user)}
        </Text>
      ),
    },
    { key: 'installationId', label: t('transactions.installationId'), render: (row) => dash(transactionPeople(row, people).device) },
    { key: 'type', label: t('transactions.type'), render: (row) => t(`transactions.types.${row.type}`) },
    {
      key: 'amount',
      label: t('transactions.amount'),
      align: 'right',
      render: (row) => (
        <Text span inherit c={row.amount.startsWith('-') ? 'red' : 'teal'}>
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
