import { Button, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { PermitStatusBadge } from '../../../components/ui/permit-status-badge';
import { ProductSummary } from '../../../components/ui/product-summary';
import { useAllProducts } from '../api/get-all-products';
import { useRequestPermit } from '../api/request-permit';
import { canRequestPermit } from '@chartroom/contracts/policies/distributor-permits.policy';

/** Every enabled com, corp and individual product: title, publisher, description, and this distributor's permit. */
export function AvailableProducts() {
  const { t } = useTranslation('distributor');
  const products = useAllProducts();
  const requestMutation = useRequestPermit();

  if (products.isPending) return <PageLoader />;
  if (products.isError) return <ErrorAlert error={products.error} />;
  if (products.data.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('empty.distributor_products.text')}
      </Text>
    );
  return (
    <Paper withBorder>
      {requestMutation.isError && <ErrorAlert error={requestMutation.error} />}
      <Table verticalSpacing="sm" aria-label={t('tabs.distributor_products')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.title')}</Table.Th>
            <Table.Th>{t('products.publisher')}</Table.Th>
            <Table.Th>{t('products.description')}</Table.Th>
            <Table.Th>{t('products.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.data.map((row) => (
            <Table.Tr key={row.product.id}>
              <Table.Td fw={600}>{row.product.geoContent.title}</Table.Td>
              <Table.Td>{row.product.geoContent.provider.title}</Table.Td>
              <Table.Td>
                <ProductSummary product={row.product} />
              </Table.Td>
              <Table.Td>
                {canRequestPermit(row.status) ? (
                  <Button size="xs" loading={requestMutation.isPending} onClick={() => requestMutation.mutate(row.product.id)}>
                    {t('products.request')}
                  </Button>
                ) : (
                  <PermitStatusBadge status={row.status} variant="light" />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
