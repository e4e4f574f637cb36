import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  /** What happens if the user goes on, in a sentence or two. */
  message: string;
  confirmLabel: string;
  /** The label that leaves without acting; "Cancel" by default (say "Keep the order" where Cancel is the action). */
  dismissLabel?: string;
  isPending?: boolean;
  /** The action's failure, shown in the modal so the user can try again or leave. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

/** A destructive action's question in a modal, as Replace device asks: act or leave, nothing at once. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  dismissLabel,
  isPending = false,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error != null && <ErrorAlert error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            {dismissLabel ?? t('confirm.cancel')}
          </Button>
          <Button color="red" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
