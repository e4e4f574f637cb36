import { Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { hasRole, useAuthUser } from '../../../lib/auth';
import { useErrorMessage } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useAgreements } from '../../agreements/api/query-agreements';
import { useOrders } from '../api/query-orders';
import { exportOrders } from '../lib/export-orders';
import { emptyOrderFilters, listAgreementOptions, type OrderListFilters } from '../lib/order-filters';
import { useNearBottom } from '../lib/use-near-bottom';
import { OrderCard, type OrderCardActions } from './order-card';
import { OrderFiltersBar } from './order-filters-bar';

type OrdersViewProps = {
  /** One agreement's orders (its detail page, where its supervisor approves them); the desk's otherwise. */
  agreementId?: number;
  actions?: OrderCardActions;
};

/** The order desk shared by /distributor2 and /order-manager (spec §2 Orders), and an agreement's Orders tab. */
export function OrdersView({ agreementId, actions = 'desk' }: OrdersViewProps) {
  const { t } = useTranslation('orders');
  const toMessage = useErrorMessage();
  const [filters, setFilters] = useState<OrderListFilters>(emptyOrderFilters);
  const [emailInput, setEmailInput] = useState('');
  const [debouncedEmail] = useDebouncedValue(emailInput, 400);
  const [actionError, setActionError] = useState<unknown>(null);
  const effective = { ...filters, userEmail: debouncedEmail };
  const isOneAgreement = agreementId !== undefined;
  const orders = useOrders(effective, agreementId ?? null);
  // An order manager who is only a member has no agreements area: the filter offers the agreements seen in the orders.
  const agreements = useAgreements(hasRole(useAuthUser(), 'distributor2') && !isOneAgreement);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = orders;

  const entries = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const [isExporting, setIsExporting] = useState(false);
  const notify = useNotify();
  // Every order the filters select, not only the pages scrolled into view.
  const handleExport = async () => {
    setIsExporting(true);
    try {
      await exportOrders(effective, agreementId ?? null);
    } catch (error) {
      notify.failure(error);
    } finally {
      setIsExporting(false);
    }
  };
  const handleNearBottom = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useNearBottom(handleNearBottom, orders.isSuccess && hasNextPage, entries.length);

  return (
    <Stack gap="md">
      <OrderFiltersBar
        filters={effective}
        emailInput={emailInput}
        onEmailInput={setEmailInput}
        onChange={setFilters}
        agreements={isOneAgreement ? undefined : listAgreementOptions(agreements.data ?? [], entries)}
      />
      {actionError !== null && (
        <Alert color="yellow" variant="light" title={t('actionError')} role="alert">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{toMessage(actionError)}</Text>
            <Button size="xs" variant="default" onClick={() => setActionError(null)}>
              {t('ok')}
            </Button>
          </Group>
        </Alert>
      )}
      {orders.isPending && <PageLoader />}
      {orders.isError && <ErrorAlert error={orders.error} />}
      {orders.isSuccess && entries.length === 0 && (
        <EmptyState title={t('empty.title')} description={t(isOneAgreement ? 'empty.agreementText' : 'empty.text')} />
      )}
      {entries.length > 0 && (
        <Group justify="space-between">
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t('shownOfTotal', { count: entries.length, total: orders.data?.pages.at(-1)?.total ?? entries.length })}
            </Text>
            <Button size="xs" variant="default" loading={isExporting} onClick={() => void handleExport()}>
              {t('exportCsv')}
            </Button>
          </Group>
          {orders.isFetching && !isFetchingNextPage && (
            <Badge variant="light" color="gray" leftSection={<Loader size={10} />}>
              {t('refreshing')}
            </Badge>
          )}
        </Group>
      )}
      {entries.map((entry) => (
        <OrderCard key={entry.order.id} entry={entry} onActionError={setActionError} actions={actions} />
      ))}
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" aria-label={t('loadingMore')} />
        </Center>
      )}
    </Stack>
  );
}
