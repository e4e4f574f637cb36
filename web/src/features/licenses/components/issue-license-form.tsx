import { Button, Group, NumberInput, Paper, Select, TextInput, Title } from '@mantine/core';
import { limits } from '@chartroom/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';

export type IssueFormValues = { email: string; prodid: number; exp: number; devnum: number };

type IssueLicenseFormProps = {
  /** Products a licence may be issued for (provider: its com and corp products). */
  productOptions: { value: string; label: string }[];
  /** Fixed product (distributor form): no selector is shown. */
  fixedProductId?: number;
  isPending: boolean;
  error: unknown;
  onIssue: (values: IssueFormValues, onDone: () => void) => void;
};

/** E-mail, product, expiry in months (12) and device count (0 = unlimited); e-mail and count clear after issuing. */
export function IssueLicenseForm({ productOptions, fixedProductId, isPending, error, onIssue }: IssueLicenseFormProps) {
  const { t } = useTranslation('licensing');
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState<string | null>(productOptions[0]?.value ?? null);
  const [months, setMonths] = useState<number | string>(limits.defaultLicenseMonths);
  const [devices, setDevices] = useState<number | string>(limits.defaultDeviceCount);
  const chosen = productOptions.some((o) => o.value === productId) ? productId : (productOptions[0]?.value ?? null);
  const prodid = fixedProductId ?? (chosen ? Number(chosen) : null);
  const canSubmit = email.trim() !== '' && prodid !== null && typeof months === 'number' && months >= 1 && !isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || prodid === null) return;
    const devnum = typeof devices === 'number' && devices > 0 ? Math.floor(devices) : 0;
    onIssue({ email: email.trim(), prodid, exp: Number(months), devnum }, () => {
      setEmail('');
      setDevices(limits.defaultDeviceCount);
    });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('issue.title')}>
        <Title order={5} mb="sm">
          {t('issue.title')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('issue.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            w={260}
          />
          {fixedProductId === undefined && (
            <Select
              label={t('issue.product')}
              data={productOptions}
              value={chosen}
              onChange={setProductId}
              allowDeselect={false}
              w={200}
              nothingFoundMessage={t('issue.noProducts')}
            />
          )}
          <NumberInput label={t('issue.months')} value={months} onChange={setMonths} min={1} max={1200} allowDecimal={false} w={140} />
          <NumberInput
            label={t('issue.devices')}
            description={t('issue.devicesHint')}
            value={devices}
            onChange={setDevices}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            w={160}
          />
          <Button type="submit" disabled={!canSubmit} loading={isPending}>
            {t('issue.submit')}
          </Button>
        </Group>
        {error !== null && error !== undefined && (
          <div style={{ marginTop: 12 }}>
            <ErrorAlert error={error} />
          </div>
        )}
      </form>
    </Paper>
  );
}
