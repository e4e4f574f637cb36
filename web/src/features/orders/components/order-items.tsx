import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { OrderItem } from '@chartroom/contracts/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: one item by default; the rest on demand. */
export function OrderItems({ items }: { items: OrderItem[] }) {
  const { t } = useTranslation('orders');
  const [isOpen, setIsOpen] = useState(false);
  const shown = isOpen ? items : items.slice(0, 1);
  const hidden = items.length - shown.length;

  return (
    <Stack gap={2}>
      {shown.map((item) => (
        <Text key={item.id} size="sm">
          {t('order.item', { product: item.product, count: item.duration })}
        </Text>
      ))}
      {items.length > 1 && (
        <Group gap={4}>
          <Anchor component="button" type="button" size="xs" onClick={() => setIsOpen((value) => !value)} aria-expanded={isOpen}>
            {isOpen ? t('order.fewerItems') : t('order.moreItems', { count: hidden })}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
