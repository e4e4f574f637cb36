import { Paper, Stack, Table, Text } from '@mantine/core';
import { productLicenseTypes } from '@chartroom/contracts/constants';
import type { Product } from '@chartroom/contracts/licensing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ProductRow, productFlagColumns } from './product-row';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** The products tab: a row for com, corp, free and individual of the current geocontent. */
export function ProductsTab({ gcid, products }: { gcid: number; products: Product[] }) {
  const { t } = useTranslation('licensing');
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('products.intro')}
      </Text>
      {error !== null && <ErrorAlert error={error} />}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" aria-label={t('products.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.type')}</Table.Th>
                {productFlagColumns.map((flag) => (
                  <Table.Th key={flag}>{t(`products.flags.${flag}`)}</Table.Th>
                ))}
                <Table.Th>{t('products.price')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {productLicenseTypes.map((licType) => {
                const product = products.find((p) => p.licType === licType);
                // The key includes the saved state, so the inputs reset to what the server kept.
                const key = `${gcid}-${licType}-${product ? `${product.id}-${product.isEnabled}-${product.price}` : 'new'}`;
                return <ProductRow key={key} gcid={gcid} licType={licType} product={product} onError={setError} />;
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
