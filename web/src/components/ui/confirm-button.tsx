import { Button, Group, Popover, Text, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmButtonProps = ButtonProps & {
  children: ReactNode;
  /** The question in the popover; "Are you sure?" by default. */
  question?: string;
  /** The label of the button that confirms; "Yes" by default. */
  confirmLabel?: string;
  onConfirm: () => void;
  'aria-label'?: string;
};

/** A destructive action that asks first, in a small popover beside the button. */
export function ConfirmButton({ children, question, confirmLabel, onConfirm, ...buttonProps }: ConfirmButtonProps) {
  const { t } = useTranslation('common');
  const [isOpen, setIsOpen] = useState(false);
  const handleConfirm = () => {
    setIsOpen(false);
    onConfirm();
  };
  return (
    <Popover opened={isOpen} onChange={setIsOpen} position="left" withArrow trapFocus>
      <Popover.Target>
        <Button {...buttonProps} onClick={() => setIsOpen((v) => !v)}>
          {children}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb="xs">
          {question ?? t('confirm.areYouSure')}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setIsOpen(false)}>
            {t('confirm.cancel')}
          </Button>
          <Button size="xs" color="red" onClick={handleConfirm}>
            {confirmLabel ?? t('confirm.yes')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
