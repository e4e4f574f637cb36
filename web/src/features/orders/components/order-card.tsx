import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OrderWrapper } from '@chartroom/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { usePaths } from '../../../lib/locale';
import { formatStatus, hasLongSubscription, isProcessable } from '../lib/order-status';
import { ApproveOrderButton } from './approve-order-button';
import { OrderActions } from './order-actions';
import { OrderItems } from './order-items';

const statusColors: Record<string, string> = {
  pre_order: 'gray',
  new: 'blue',
  owner_approved: 'indigo',
  complete: 'teal',
  cancelled_by_distirbutor: 'orange',
  error: 'red',
};

/** What the viewer may do with an order: the desk processes or cancels it, the agreement's supervisor (the owner) approves it, others only read. */
export type OrderCardActions = 'desk' | 'owner' | 'none';

type OrderCardProps = { entry: OrderWrapper; onActionError: (error: unknown) => void; actions?: OrderCardActions };

/** One order (spec §2 Orders): a card rather than a table row, so nothing is cut off on a phone. */
export function OrderCard({ entry, onActionError, actions = 'desk' }: OrderCardProps) {
  const { t } = useTranslation('orders');
  const paths = usePaths();
  const { order, agreement, shipName } = entry;

  return (
    <Paper component="article" withBorder p="sm" radius="md" aria-label={t('order.label', { id: order.id })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text fw={700}>#{order.id}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(order.createdAt)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.user.email}
            </Text>
            {shipName && (
              <Text size="sm" c="dimmed">
                {t('order.ship', { name: shipName })}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            {hasLongSubscription(order.orderItems) && (
              <Badge color="orange" variant="light" tt="none">
                {t('order.longSubscription')}
              </Badge>
            )}
            <Badge color={statusColors[order.status] ?? 'gray'} variant="light" tt="none" data-status={order.status}>
              {t(`status.${order.status}`, { defaultValue: formatStatus(order.status) })}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={4}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('order.items')}
            </Text>
            <OrderItems items={order.orderItems} />
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('order.payment')}
            </Text>
            {order.paymentMethod === 'agreement' && agreement ? (
              <Text size="sm">
                {agreement.distributorName}
                {' · '}
                <Anchor component={Link} to={paths.agreement(agreement.agreementId)} size="sm">
                  {agreement.name}
                </Anchor>
              </Text>
            ) : (
              <Text size="sm">{t(`paymentMethod.${order.paymentMethod}`)}</Text>
            )}
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('order.total')}
            </Text>
            <Text size="sm" fw={600}>
              {order.priceTotal} {order.currency}
            </Text>
          </Stack>
        </SimpleGrid>
        {order.status === 'error' && order.errorReason && (
          <Text size="xs" c="red">
            {t(`errorReason.${order.errorReason}`, { defaultValue: t('errorReason.other') })}
          </Text>
        )}
        {actions === 'desk' && isProcessable(order.status) && (
          <Group justify="flex-end">
            <OrderActions orderId={order.id} onError={onActionError} />
          </Group>
        )}
        {actions === 'owner' && order.status === 'new' && (
          <Group justify="flex-end">
            <ApproveOrderButton orderId={order.id} onError={onActionError} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
