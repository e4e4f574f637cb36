import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify';
import { usePostBalanceEntry } from '../api/post-balance-entry';
import {
  balanceEntryForm,
  balanceEntryKinds,
  emptyBalanceEntryForm,
  newIdempotencyKey,
  type BalanceEntryForm as BalanceEntryValues,
} from '../lib/balance-entry-form';
import { FormActions } from './form-actions';

type BalanceEntryFormProps = { agreementId: number; currency: string; onDone: () => void };

/** Top up the balance or post a signed adjustment with its reason (the agreement's distributor only). */
export function BalanceEntryForm({ agreementId, currency, onDone }: BalanceEntryFormProps) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const postEntry = usePostBalanceEntry();
  const form = useForm<BalanceEntryValues>({ resolver: zodResolver(balanceEntryForm), defaultValues: emptyBalanceEntryForm });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  // Submitting the same values again (after a lost answer) reuses the key, so the server posts once.
  const lastAttempt = useRef<{ values: string; key: string } | null>(null);

  const handleSubmit = form.handleSubmit(async (values) => {
    const signature = JSON.stringify(values);
    if (lastAttempt.current?.values !== signature) lastAttempt.current = { values: signature, key: newIdempotencyKey() };
    try {
      const row = await postEntry.mutateAsync({ agreementId, ...values, idempotencyKey: lastAttempt.current.key });
      lastAttempt.current = null;
      notify.success(t(values.kind === 'top-up' ? 'balance.toppedUp' : 'balance.adjusted', { balance: row.balance, currency }));
      onDone();
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('balance.title')}>
        <Stack gap="sm">
          <Title order={5}>{t('balance.title')}</Title>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <SegmentedControl
                aria-label={t('balance.kind')}
                data={balanceEntryKinds.map((value) => ({ value, label: t(`balance.kinds.${value}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                style={{ alignSelf: 'flex-start' }}
              />
            )}
          />
          <Text size="sm" c="dimmed">
            {t(kind === 'top-up' ? 'balance.topUpHint' : 'balance.adjustmentHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('balance.amount')}
              inputMode="decimal"
              required
              rightSection={<span style={{ fontSize: 11 }}>{currency}</span>}
              rightSectionWidth={42}
              {...form.register('amount')}
              error={errors.amount && t(kind === 'top-up' ? 'balance.amountInvalid' : 'balance.amountInvalidSigned')}
            />
            <TextInput
              label={t(kind === 'top-up' ? 'balance.note' : 'balance.reason')}
              required={kind === 'adjustment'}
              {...form.register('reason')}
              error={errors.reason && t('balance.reasonRequired')}
            />
          </SimpleGrid>
          <FormActions
            submitLabel={t(kind === 'top-up' ? 'balance.submitTopUp' : 'balance.submitAdjustment')}
            backLabel={t('form.cancel')}
            onBack={onDone}
            isSubmitting={isSubmitting}
          />
        </Stack>
      </form>
    </Paper>
  );
}
