import { Badge, Group } from '@mantine/core';
import type { Product } from '@chartroom/contracts/licensing';
import { useTranslation } from 'react-i18next';

// Spec §9 short codes in display order, with the flag each stands for.
const codes = [
  ['ENC', 'enc'],
  ['AIS', 'ais'],
  ['NTM', 'ntm'],
  ['POI', 'poi'],
  ['WTHR', 'weather'],
  ['NMSG', 'navMsg'],
] as const;

type Flags = Pick<Product, 'licType' | 'enc' | 'ais' | 'ntm' | 'poi' | 'weather' | 'navMsg'>;

/** The short product description: licence type plus ENC AIS NTM POI WTHR NMSG. */
export function ProductSummary({ product }: { product: Flags }) {
  const { t } = useTranslation('licensing');
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="outline" color="gray">
        {t(`licType.${product.licType}`, { defaultValue: product.licType })}
      </Badge>
      {codes
        .filter(([, flag]) => product[flag])
        .map(([code]) => (
          <Badge key={code} variant="light">
            {code}
          </Badge>
        ))}
    </Group>
  );
}
