import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/ui/date-text';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useIssuedLicenses } from '../api/get-issued-licenses';

export function IssuedLicenses({ productId }: { productId: number }) {
  const { t } = useTranslation('distributor');
  const { t: tl } = useTranslation('licensing');
  const issued = useIssuedLicenses(productId);
  if (issued.isPending) return <PageLoader />;
  if (issued.isError) return <ErrorAlert error={issued.error} />;
  if (issued.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('empty.distributor_licenses.text')}
      </Text>
    );
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" aria-label={t('licenses.issuedTitle')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('licenses.issued')}</Table.Th>
            <Table.Th>{t('licenses.expires')}</Table.Th>
            <Table.Th>{t('licenses.deviceCount')}</Table.Th>
            <Table.Th>{t('licenses.user')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issued.data.map((license) => (
            <Table.Tr key={license.id}>
              <Table.Td>
                <DateText value={license.issued} />
              </Table.Td>
              <Table.Td>
                <DateText value={license.expirationDate} />
              </Table.Td>
              <Table.Td>{license.deviceCount === 0 ? tl('unlimited') : license.deviceCount}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>{license.user.email}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
