import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/ui/date-text';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { useDeleteCustomProduct } from '../api/delete-custom-product';
import { useDeleteCustomProductItem } from '../api/delete-custom-product-item';
import { useUserProducts } from '../api/get-user-products';

/** The selected user's custom products: title, issued and expiry dates, items with their links. */
export function UserCustomProducts({ userId }: { userId: number }) {
  const { t } = useTranslation('distributor');
  const products = useUserProducts(userId);
  const deleteMutation = useDeleteCustomProduct();
  const deleteItemMutation = useDeleteCustomProductItem();

  if (products.isPending) return <PageLoader />;
  if (products.isError) return <ErrorAlert error={products.error} />;
  if (products.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('custom.noProducts')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {products.data.map((product) => (
        <Paper key={product.productId} withBorder p="md">
          <Group justify="space-between" mb="xs">
            <div>
              <Title order={5}>{product.title}</Title>
              <Text size="xs" c="dimmed">
                {t('custom.issued')}: <DateText value={product.issuedAt} /> · {t('custom.expires')}: <DateText value={product.expiredAt} />
              </Text>
            </div>
            <ConfirmButton
              size="xs"
              color="red"
              variant="light"
              loading={deleteMutation.isPending}
              onConfirm={() => deleteMutation.mutate(product.productId)}
            >
              {t('custom.delete')}
            </ConfirmButton>
          </Group>
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {product.productItems.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td w={90}>{item.type}</Table.Td>
                  <Table.Td>
                    <Anchor href={item.url} target="_blank" rel="noreferrer">
                      {item.url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td w={90}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={deleteItemMutation.isPending}
                      onClick={() => deleteItemMutation.mutate({ productId: product.productId, itemId: item.id })}
                    >
                      {t('custom.deleteItem')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
