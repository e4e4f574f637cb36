import { Badge, Group } from '@mantine/core';
import { productShortCodes } from '@chartroom/contracts/constants';
import type { Product } from '@chartroom/contracts/licensing';
import { useTranslation } from 'react-i18next';

type Flags = Pick<Product, 'licType' | 'enc' | 'ais' | 'ntm' | 'poi' | 'weather' | 'navMsg'>;

/** The short product description: licence type plus ENC AIS NTM POI WTHR NMSG. */
export function ProductSummary({ product }: { product: Flags }) {
  const { t } = useTranslation('licensing');
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="outline" color="gray">
        {t(`licType.${product.licType}`, { defaultValue: product.licType })}
      </Badge>
      {productShortCodes(product).map((code) => (
        <Badge key={code} variant="light">
          {code}
        </Badge>
      ))}
    </Group>
  );
}
