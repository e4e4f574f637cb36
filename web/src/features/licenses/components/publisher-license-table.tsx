import { Paper, Table, Text } from '@mantine/core';
import type { PublisherLicense } from '@chartroom/contracts/licensing';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/ui/date-text';
import { ProductSummary } from '../../../components/ui/product-summary';
import { useRemoveLicense } from '../api/remove-license';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** Issued, expiration, product, price, device count, user e-mail, issuer, remove. */
export function PublisherLicenseTable({ licenses }: { licenses: PublisherLicense[] }) {
  const { t } = useTranslation('licensing');
  const removeMutation = useRemoveLicense();
  if (licenses.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('licenses.none')}
      </Text>
    );
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" aria-label={t('licenses.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('licenses.issued')}</Table.Th>
              <Table.Th>{t('licenses.expiration')}</Table.Th>
              <Table.Th>{t('licenses.product')}</Table.Th>
              <Table.Th>{t('licenses.price')}</Table.Th>
              <Table.Th>{t('licenses.deviceCount')}</Table.Th>
              <Table.Th>{t('licenses.user')}</Table.Th>
              <Table.Th>{t('licenses.issuer')}</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licenses.map(({ id, license, issuer }) => (
              <Table.Tr key={id}>
                <Table.Td>
                  <DateText value={license.issued} />
                </Table.Td>
                <Table.Td>
                  <DateText value={license.expirationDate} />
                </Table.Td>
                <Table.Td>
                  <ProductSummary product={license.product} />
                </Table.Td>
                <Table.Td>{license.price === null ? '—' : license.price.toFixed(2)}</Table.Td>
                <Table.Td>{license.deviceCount === 0 ? t('unlimited') : license.deviceCount}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>{license.user.email}</Table.Td>
                <Table.Td>{license.issuerType === 'publisher' ? t('licenses.publisher') : issuer.title}</Table.Td>
                <Table.Td>
                  <ConfirmButton
                    size="xs"
                    color="red"
                    variant="subtle"
                    question={t('licenses.removeQuestion', { email: license.user.email })}
                    loading={removeMutation.isPending}
                    onConfirm={() => removeMutation.mutate({ prodid: license.product.id, userid: license.user.id })}
                  >
                    {t('licenses.remove')}
                  </ConfirmButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
