import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify';
import { useCancelOrder } from '../api/cancel-order';
import { useProcessOrder } from '../api/process-order';

type OrderActionsProps = {
  orderId: number;
  /** A refused move goes to the page's warning box (spec §8), besides the notification. */
  onError: (error: unknown) => void;
};

/** Process and Cancel, both disabled while either call runs. */
export function OrderActions({ orderId, onError }: OrderActionsProps) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const processMutation = useProcessOrder();
  const cancelMutation = useCancelOrder();
  const isBusy = processMutation.isPending || cancelMutation.isPending;

  const handleFailure = (error: unknown) => {
    onError(error);
    notify.failure(error);
  };

  const handleProcess = () =>
    processMutation.mutate(orderId, {
      onSuccess: () => notify.success(t('order.processed', { id: orderId })),
      onError: handleFailure,
    });
  const handleCancel = () =>
    cancelMutation.mutate(orderId, {
      onSuccess: () => notify.success(t('order.cancelled', { id: orderId })),
      onError: handleFailure,
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={handleProcess} disabled={isBusy} loading={processMutation.isPending}>
        {t('order.process')}
      </Button>
      <Button size="xs" variant="default" color="red" onClick={handleCancel} disabled={isBusy} loading={cancelMutation.isPending}>
        {t('order.cancel')}
      </Button>
    </Group>
  );
}
