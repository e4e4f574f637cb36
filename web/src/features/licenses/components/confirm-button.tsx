import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmButtonProps = ButtonProps & {
  children: ReactNode;
  /** The question in the dialog; 'Are you sure?' by default. */
  question?: string;
  onConfirm: () => void;
  'aria-label'?: string;
};

/** A button that asks before acting. */
export function ConfirmButton({ children, question, onConfirm, ...buttonProps }: ConfirmButtonProps) {
  const { t } = useTranslation('licensing');
  const [isOpen, setIsOpen] = useState(false);
  const handleConfirm = () => {
    setIsOpen(false);
    onConfirm();
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setIsOpen(true)}>
        {children}
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={t('confirm.title')} centered>
        <Text mb="lg">{question ?? t('confirm.areYouSure')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setIsOpen(false)}>
            {t('confirm.cancel')}
          </Button>
          <Button color="red" onClick={handleConfirm}>
            {t('confirm.yes')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
