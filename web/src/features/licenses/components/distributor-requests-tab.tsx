import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { permitTransitions } from '@chartroom/contracts/policies/distributor-permits.policy';
import { useTranslation } from 'react-i18next';
import { PermitStatusBadge } from '../../../components/ui/permit-status-badge';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ProductSummary } from '../../../components/ui/product-summary';
import { useChangeRequestStatus } from '../api/change-request-status';
import { useDistributorRequests } from '../api/get-distributor-requests';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** my_distributors: distributor, product, status and buttons only for the allowed transitions. */
export function DistributorRequestsTab({ gcid }: { gcid: number }) {
  const { t } = useTranslation('licensing');
  const requests = useDistributorRequests(gcid);
  const changeMutation = useChangeRequestStatus();

  if (requests.isPending) return <PageLoader />;
  if (requests.isError) return <ErrorAlert error={requests.error} />;
  if (requests.data.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('requests.none')}
      </Text>
    );
  return (
    <Paper withBorder>
      {changeMutation.isError && <ErrorAlert error={changeMutation.error} />}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label={t('requests.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('requests.distributor')}</Table.Th>
              <Table.Th>{t('requests.product')}</Table.Th>
              <Table.Th>{t('requests.status')}</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.data.map((request) => (
              <Table.Tr key={request.id}>
                <Table.Td fw={600}>{request.distributor.title}</Table.Td>
                <Table.Td>
                  <ProductSummary product={request.product} />
                </Table.Td>
                <Table.Td>
                  <PermitStatusBadge status={request.status} variant="light" />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {permitTransitions[request.status].map((next) => (
                      <Button
                        key={next}
                        size="xs"
                        variant={next === 'rejected' ? 'subtle' : 'light'}
                        color={next === 'rejected' ? 'red' : undefined}
                        loading={changeMutation.isPending}
                        onClick={() => changeMutation.mutate({ reqid: request.id, status: next })}
                      >
                        {t(`requests.actions.${next}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
