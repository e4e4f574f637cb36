import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { maxAgreementNameLength, type Agreement } from '@chartroom/contracts/agreements';
import { agreementTypes, currencies } from '@chartroom/contracts/constants';
import { useMemo } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCreateAgreement } from '../api/create-agreement';
import { useGetUserByEmail } from '../api/get-user-by-email';
import { useDistributors } from '../api/query-distributors';
import { useUpdateAgreement } from '../api/update-agreement';
import {
  agreementForm,
  emptyAgreementForm,
  nameErrorKey,
  toAgreementFormValues,
  validTillErrorKey,
  type AgreementFormValues,
} from '../lib/agreement-form';
import { applicationsWithRates, toRatesInput } from '../lib/rates-form';
import { FormActions } from './form-actions';
import { RatesGrid } from './rates-grid';

type AgreementFormProps =
  /** A new agreement (the agreements list's "New agreement"): `onDone` after it is created or on cancel. */
  | { agreement?: undefined; onDone: () => void; readOnly?: undefined }
  /** A saved agreement's Main tab, saved in place; `readOnly` (the supervisor) shows it without a way to change it. */
  | { agreement: Agreement; onDone?: undefined; readOnly?: boolean };

/**
 * Spec §5: an agreement's name, valid-till and type; a new one also takes its distributor (required),
 * supervisor (found by e-mail) and currency (POST /api/agreement/create), a saved one its rates
 * grid (POST /api/agreement/update).
 */
export function AgreementForm({ agreement, onDone, readOnly = false }: AgreementFormProps) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const findUser = useGetUserByEmail();
  const createMutation = useCreateAgreement();
  const updateMutation = useUpdateAgreement();
  const isNew = agreement === undefined;
  const schema = useMemo(() => agreementForm(isNew), [isNew]);
  const form = useForm<AgreementFormValues>({
    resolver: zodResolver(schema),
    defaultValues: agreement ? toAgreementFormValues(agreement) : emptyAgreementForm,
  });
  const { errors, isSubmitting } = form.formState;

  const create = async (values: AgreementFormValues) => {
    let supervisorId: number | null = null;
    if (values.supervisorEmail) {
      try {
        supervisorId = (await findUser.mutateAsync(values.supervisorEmail)).id;
      } catch (error) {
        const isUnknown = error instanceof ApiError && error.code === 'no_such_user';
        form.setError('supervisorEmail', { type: 'manual', message: isUnknown ? t('errors:no_such_user') : t('form.lookupFailed') });
        if (!isUnknown) notify.failure(error);
        return;
      }
    }
    const created = await createMutation.mutateAsync({
      name: values.name,
      validTill: values.validTill,
      type: values.type,
      currency: values.currency,
      distributorId: Number(values.distributorId),
      supervisorId,
    });
    notify.success(t('form.created', { name: created.name }));
    onDone?.();
  };

  const update = async (saved: Agreement, values: AgreementFormValues) => {
    const updated = await updateMutation.mutateAsync({
      id: saved.id,
      name: values.name,
      validTill: values.validTill,
      type: values.type,
      rates: toRatesInput(values.rates),
    });
    // Dropped rows (no RUB net price) disappear from the grid as they did on the server.
    form.reset(toAgreementFormValues(updated));
    notify.success(t('main.saved'));
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await (agreement ? update(agreement, values) : create(values));
    } catch (error) {
      notify.failure(error);
    }
  });

  const fields = (
    <SimpleGrid cols={{ base: 1, sm: isNew ? 2 : 3 }} spacing="sm">
      <TextInput
        label={t('fields.name')}
        required={!readOnly}
        readOnly={readOnly}
        {...form.register('name')}
        error={errors.name && t(nameErrorKey(errors.name)!, { count: maxAgreementNameLength })}
      />
      <TextInput
        label={t('fields.validTill')}
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        autoComplete="off"
        description={t('form.dateHint')}
        required={!readOnly}
        readOnly={readOnly}
        {...form.register('validTill')}
        error={errors.validTill && t(validTillErrorKey(form.getValues('validTill'), errors.validTill)!)}
      />
      {isNew && <NewAgreementParties form={form} />}
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Select
            label={t('fields.type')}
            data={agreementTypes.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
            readOnly={readOnly}
          />
        )}
      />
      {isNew && (
        <Controller
          control={form.control}
          name="currency"
          render={({ field }) => (
            <Select
              label={t('fields.currency')}
              data={currencies.map((code) => ({ value: code, label: code }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
            />
          )}
        />
      )}
    </SimpleGrid>
  );

  if (!agreement) {
    return (
      <Paper withBorder p="md" radius="md">
        <form onSubmit={handleSubmit} noValidate aria-label={t('form.title')}>
          <Stack gap="sm">
            <Title order={5}>{t('form.title')}</Title>
            {fields}
            <FormActions submitLabel={t('form.submit')} backLabel={t('form.cancel')} onBack={onDone} isSubmitting={isSubmitting} />
          </Stack>
        </form>
      </Paper>
    );
  }

  const openApplications = applicationsWithRates(agreement.rates);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('main.title')}>
      <Stack gap="md">
        {fields}
        <Title order={4}>{t('rates.title')}</Title>
        <RatesGrid
          register={form.register}
          errors={errors.rates}
          openApplications={openApplications.length > 0 ? openApplications : ['mKart']}
          readOnly={readOnly}
        />
        {!readOnly && (
          <FormActions
            submitLabel={t('main.save')}
            backLabel={t('main.reset')}
            onBack={() => form.reset(toAgreementFormValues(agreement))}
            isSubmitting={isSubmitting}
          />
        )}
      </Stack>
    </form>
  );
}

/** A new agreement's distributor (one the caller runs) and supervisor; a saved agreement keeps its own. */
function NewAgreementParties({ form }: { form: UseFormReturn<AgreementFormValues> }) {
  const { t } = useTranslation('agreements');
  const distributors = useDistributors();
  const { errors } = form.formState;
  const distributorOptions = (distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.title }));
  return (
    <>
      <Controller
        control={form.control}
        name="distributorId"
        render={({ field }) => (
          <Select
            label={t('fields.distributor')}
            required
            data={distributorOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            placeholder={t('form.chooseDistributor')}
            nothingFoundMessage={t('form.noDistributors')}
            error={errors.distributorId && t('form.distributorRequired')}
          />
        )}
      />
      <TextInput
        label={t('fields.supervisor')}
        type="email"
        placeholder={t('form.supervisorPlaceholder')}
        {...form.register('supervisorEmail')}
        error={emailErrorText(t, form.watch('supervisorEmail'), errors.supervisorEmail, t('form.emailInvalid'))}
      />
    </>
  );
}
