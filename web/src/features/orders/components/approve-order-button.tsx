import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify';
import { useApproveOrder } from '../api/approve-order';

type ApproveOrderButtonProps = {
  orderId: number;
  /** A refused approval goes to the page's warning box (spec §8), besides the notification. */
  onError: (error: unknown) => void;
};

/** The supervisor's (the owner's) approval of a new order, disabled while the call runs. */
export function ApproveOrderButton({ orderId, onError }: ApproveOrderButtonProps) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const approveMutation = useApproveOrder();

  // Through the promise: the approved order's card drops this button once the list is read again,
  // and mutate's own callbacks would then never run.
  const handleApprove = () =>
    approveMutation.mutateAsync(orderId).then(
      () => notify.success(t('order.approved', { id: orderId })),
      (error: unknown) => {
        onError(error);
        notify.failure(error);
      },
    );

  return (
    <Button size="xs" onClick={handleApprove} disabled={approveMutation.isPending} loading={approveMutation.isPending}>
      {t('order.approve')}
    </Button>
  );
}
