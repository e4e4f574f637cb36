import { Button, Group, Popover, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmButtonProps = { label: string; question: string; isLoading?: boolean; onConfirm: () => void };

/** A destructive action that asks first ("Are you sure?") in a small popover. */
export function ConfirmButton({ label, question, isLoading, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation('catalog');
  const [isOpen, setIsOpen] = useState(false);
  const handleConfirm = () => {
    setIsOpen(false);
    onConfirm();
  };
  return (
    <Popover opened={isOpen} onChange={setIsOpen} position="left" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" color="red" variant="subtle" loading={isLoading} onClick={() => setIsOpen((v) => !v)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb="xs">
          {question}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => setIsOpen(false)}>
            {t('confirm.cancel')}
          </Button>
          <Button size="xs" color="red" onClick={handleConfirm}>
            {t('confirm.yes')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
