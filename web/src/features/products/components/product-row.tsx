import { Button, Checkbox, Group, NumberInput, Table } from '@mantine/core';
import type { ProductLicenseType } from '@chartroom/contracts/constants';
import { saveProductBody, type Product } from '@chartroom/contracts/licensing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify';
import { useSaveProduct } from '../api/save-product';

export const productFlagColumns = ['enc', 's102', 'poi', 'ntm', 'ais', 'weather', 'noaaWeather', 'navMsg'] as const;
type FlagName = (typeof productFlagColumns)[number];
type Flags = Record<FlagName, boolean>;

const noFlags: Flags = { enc: true, s102: false, poi: false, ntm: false, ais: false, weather: false, noaaWeather: false, navMsg: false };

type ProductRowProps = {
  gcid: number;
  licType: ProductLicenseType;
  product: Product | undefined;
  onError: (error: unknown) => void;
};

/** One licence type's product: flags, the com price, and the actions its state allows (spec §4). */
export function ProductRow({ gcid, licType, product, onError }: ProductRowProps) {
  const { t } = useTranslation('licensing');
  const saveMutation = useSaveProduct();
  const notify = useNotify();
  const [flags, setFlags] = useState<Flags>(() => (product ? { ...product, enc: true } : noFlags));
  const [price, setPrice] = useState<number | string>(product?.price ?? '');
  const isActive = !!product?.isEnabled;
  // The server's own rule for the whole product (saveProductBody): a com product needs a price that is
  // positive, at most 10^9 and has at most two decimals.
  const priceCheck =
    licType === 'com' ? saveProductBody.safeParse({ gcid, licType, price: typeof price === 'number' ? price : null }) : null;
  const isPriceValid = !priceCheck || priceCheck.success;
  // Which rule the price breaks, so the message says what to change (too big, not positive, decimals).
  const priceIssue = priceCheck?.error?.issues.find((issue) => issue.path[0] === 'price');
  const priceMessage =
    priceIssue?.code === 'too_big'
      ? t('products.priceTooBig')
      : priceIssue?.code === 'too_small'
        ? t('products.priceNotPositive')
        : priceIssue?.code === 'custom' && priceIssue.message === 'at most two decimals'
          ? t('products.priceDecimals')
          : t('products.priceInvalid');

  const handleSave = (isEnabled: boolean) => {
    const action = !product ? 'created' : !isEnabled ? 'disabled' : product.isEnabled ? 'updated' : 'enabled';
    saveMutation.mutate(
      {
        ...flags,
        enc: true,
        ...(product ? { id: product.id } : {}),
        gcid,
        licType,
        isEnabled,
        price: licType === 'com' && typeof price === 'number' ? price : null,
      },
      {
        onError: (error) => {
          onError(error);
          notify.failure(error);
        },
        onSuccess: () => {
          onError(null);
          notify.success(t(`products.done.${action}`, { type: t(`licType.${licType}`) }));
        },
      },
    );
  };

  return (
    <Table.Tr style={{ opacity: isActive ? 1 : 0.55 }} data-testid={`product-row-${licType}`}>
      <Table.Td fw={600}>{t(`licType.${licType}`)}</Table.Td>
      {productFlagColumns.map((flag) => (
        <Table.Td key={flag}>
          <Checkbox
            aria-label={t(`products.flags.${flag}`)}
            checked={flag === 'enc' ? true : flags[flag]}
            disabled={flag === 'enc'}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setFlags((current) => ({ ...current, [flag]: checked }));
            }}
          />
        </Table.Td>
      ))}
      <Table.Td miw={120}>
        {licType === 'com' && (
          <NumberInput
            aria-label={t('products.price')}
            value={price}
            onChange={setPrice}
            min={0.01}
            decimalScale={2}
            step={1}
            size="xs"
            error={!isPriceValid && price !== '' ? priceMessage : undefined}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {!product && (
            <Button size="xs" onClick={() => handleSave(true)} disabled={!isPriceValid} loading={saveMutation.isPending}>
              {t('products.create')}
            </Button>
          )}
          {product?.isEnabled && (
            <>
              <Button size="xs" onClick={() => handleSave(true)} disabled={!isPriceValid} loading={saveMutation.isPending}>
                {t('products.update')}
              </Button>
              <Button size="xs" variant="default" onClick={() => handleSave(false)} loading={saveMutation.isPending}>
                {t('products.disable')}
              </Button>
            </>
          )}
          {product && !product.isEnabled && (
            <Button size="xs" variant="light" onClick={() => handleSave(true)} disabled={!isPriceValid} loading={saveMutation.isPending}>
              {t('products.enable')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
