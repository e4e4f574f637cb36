import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { maxAgreementNameLength } from '@chartroom/contracts/agreements';
import { agreementTypes, currencies } from '@chartroom/contracts/constants';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCreateAgreement } from '../api/create-agreement';
import { useGetUserByEmail } from '../api/get-user-by-email';
import { useDistributors } from '../api/query-distributors';
import {
  createAgreementForm,
  emptyCreateAgreementForm,
  nameErrorKey,
  validTillErrorKey,
  type CreateAgreementForm,
} from '../lib/agreement-form';

type AgreementCreateFormProps = { onDone: () => void };

/** Spec §5: a valid-till date and a distributor are required; the supervisor is found by e-mail. */
export function AgreementCreateForm({ onDone }: AgreementCreateFormProps) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const distributors = useDistributors();
  const findUser = useGetUserByEmail();
  const createMutation = useCreateAgreement();
  const form = useForm<CreateAgreementForm>({ resolver: zodResolver(createAgreementForm), defaultValues: emptyCreateAgreementForm });
  const { errors, isSubmitting } = form.formState;
  const distributorOptions = (distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.title }));

  const handleSubmit = form.handleSubmit(async (values) => {
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
    try {
      const created = await createMutation.mutateAsync({
        name: values.name,
        validTill: values.validTill,
        type: values.type,
        currency: values.currency,
        distributorId: Number(values.distributorId),
        supervisorId,
      });
      notify.success(t('form.created', { name: created.name }));
      onDone();
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('form.title')}>
        <Stack gap="sm">
          <Title order={5}>{t('form.title')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('fields.name')}
              required
              {...form.register('name')}
              error={errors.name && t(nameErrorKey(errors.name)!, { count: maxAgreementNameLength })}
            />
            <TextInput
              label={t('fields.validTill')}
              placeholder="YYYY-MM-DD"
              inputMode="numeric"
              autoComplete="off"
              description={t('form.dateHint')}
              required
              {...form.register('validTill')}
              error={errors.validTill && t(validTillErrorKey(form.getValues('validTill'), errors.validTill)!)}
            />
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
                />
              )}
            />
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
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {t('form.submit')}
            </Button>
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
