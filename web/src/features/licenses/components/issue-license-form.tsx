import { zodResolver } from '@hookform/resolvers/zod';
import { Group, NumberInput, Paper, Select, TextInput, Title } from '@mantine/core';
import { limits } from '@chartroom/contracts/constants';
import { issueLicenseQuery, type IssueLicenseQuery } from '@chartroom/contracts/licensing';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { emailErrorText } from '../../../lib/email-error';
import { useNotify } from '../../../lib/notify';

/** What the form sends: the server's own schema (`issueLicenseQuery`), so both check the same rules. */
export type IssueFormValues = IssueLicenseQuery;
type IssueFormInput = z.input<typeof issueLicenseQuery>;

type IssueLicenseFormProps = {
  /** Products a licence may be issued for (provider: its com, corp and individual products). */
  productOptions: { value: string; label: string }[];
  /** Fixed product (distributor form): no selector is shown. */
  fixedProductId?: number;
  isPending: boolean;
  error: unknown;
  onIssue: (values: IssueFormValues, onDone: () => void) => void;
};

const fieldOrder = ['email', 'prodid', 'exp', 'devnum'] as const;

/**
 * E-mail, product, expiry in months (12) and device count (0 = unlimited), checked with the
 * server's schema as the user types; e-mail and count clear after issuing.
 */
export function IssueLicenseForm({ productOptions, fixedProductId, isPending, error, onIssue }: IssueLicenseFormProps) {
  const { t } = useTranslation('licensing');
  const notify = useNotify();
  const firstProduct = productOptions[0] ? Number(productOptions[0].value) : undefined;
  const form = useForm<IssueFormInput, unknown, IssueFormValues>({
    resolver: zodResolver(issueLicenseQuery),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      prodid: fixedProductId ?? firstProduct,
      exp: limits.defaultLicenseMonths,
      devnum: limits.defaultDeviceCount,
    },
  });
  const { errors, isValid } = form.formState;
  const email = form.watch('email');
  const prodid = form.watch('prodid');
  const fieldError = (name: (typeof fieldOrder)[number]) => (errors[name] ? t(`issue.errors.${name}`) : undefined);

  const firstWrong = fieldOrder.find((name) => errors[name]);
  const disabledReason = isPending
    ? null
    : prodid === undefined || prodid === null
      ? t('issue.reasons.noProduct')
      : firstWrong
        ? t('issue.reasons.fix', {
            field: t(
              `issue.${firstWrong === 'prodid' ? 'product' : firstWrong === 'exp' ? 'months' : firstWrong === 'devnum' ? 'devices' : 'email'}`,
            ),
          })
        : String(email ?? '').trim() === ''
          ? t('issue.reasons.email')
          : !isValid
            ? t('issue.reasons.check')
            : null;

  const handleSubmit = form.handleSubmit((values) => {
    onIssue(values, () => {
      notify.success(t('issue.done', { email: values.email }));
      form.reset({ ...form.getValues(), email: '', devnum: limits.defaultDeviceCount });
    });
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('issue.title')}>
        <Title order={5} mb="sm">
          {t('issue.title')}
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('issue.email')}
            type="email"
            required
            w={260}
            {...form.register('email')}
            error={emailErrorText(t, email, errors.email, t('issue.errors.email'))}
          />
          {fixedProductId === undefined && (
            <Controller
              control={form.control}
              name="prodid"
              render={({ field }) => (
                <Select
                  label={t('issue.product')}
                  data={productOptions}
                  value={field.value === undefined || field.value === null ? null : String(field.value as number)}
                  onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  w={200}
                  nothingFoundMessage={t('issue.noProducts')}
                  error={fieldError('prodid')}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="exp"
            render={({ field }) => (
              <NumberInput
                label={t('issue.months')}
                value={field.value as number | string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                allowDecimal={false}
                allowNegative={false}
                w={140}
                error={fieldError('exp')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="devnum"
            render={({ field }) => (
              <NumberInput
                label={t('issue.devices')}
                description={t('issue.devicesHint')}
                value={field.value as number | string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                allowDecimal={false}
                allowNegative={false}
                w={160}
                error={fieldError('devnum')}
              />
            )}
          />
        </Group>
        <div style={{ marginTop: 12 }}>
          <SubmitWithReason loading={isPending} disabledReason={disabledReason}>
            {t('issue.submit')}
          </SubmitWithReason>
        </div>
        {error !== null && error !== undefined && (
          <div style={{ marginTop: 12 }}>
            <ErrorAlert error={error} />
          </div>
        )}
      </form>
    </Paper>
  );
}
