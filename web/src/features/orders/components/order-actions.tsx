import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
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

  // Settled through the promise, not mutate's own callbacks: the order's new status unmounts
  // these buttons once the list is read again, and mutate's callbacks then never run (no notice).
  const handleProcess = () =>
    processMutation.mutateAsync(orderId).then(() => notify.success(t('order.processed', { id: orderId })), handleFailure);
  const [isAsking, question] = useDisclosure(false);
  // Cancelling books a refund: the user confirms it first.
  const handleCancel = () =>
    cancelMutation.mutateAsync(orderId).then(
      () => {
        question.close();
        notify.success(t('order.cancelled', { id: orderId }));
      },
      (error: unknown) => {
        question.close();
        handleFailure(error);
      },
    );

  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={handleProcess} disabled={isBusy} loading={processMutation.isPending}>
        {t('order.process')}
      </Button>
      <Button size="xs" variant="default" color="red" onClick={question.open} disabled={isBusy} loading={cancelMutation.isPending}>
        {t('order.cancel')}
      </Button>
      <ConfirmModal
        opened={isAsking}
        title={t('order.cancelTitle', { id: orderId })}
        message={t('order.cancelExplain')}
        confirmLabel={t('order.cancelConfirm')}
        dismissLabel={t('order.keep')}
        isPending={cancelMutation.isPending}
        onClose={question.close}
        onConfirm={handleCancel}
      />
    </Group>
  );
}
