import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { maxAgreementNameLength, type Agreement } from '@chartroom/contracts/agreements';
import { agreementTypes } from '@chartroom/contracts/constants';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify';
import { useUpdateAgreement } from '../api/update-agreement';
import { nameErrorKey, validTillErrorKey } from '../lib/agreement-form';
import { agreementMainForm, toMainFormValues, type AgreementMainFormValues } from '../lib/agreement-main-form';
import { applicationsWithRates, toRatesInput } from '../lib/rates-form';
import { RatesGrid } from './rates-grid';

/**
 * Main tab: name, valid-till, type and the rates grid, saved together (POST /api/agreement/update).
 * `readOnly` (the supervisor) shows the same values without a way to change them.
 */
export function AgreementMainForm({ agreement, readOnly = false }: { agreement: Agreement; readOnly?: boolean }) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const updateMutation = useUpdateAgreement();
  const form = useForm<AgreementMainFormValues>({
    resolver: zodResolver(agreementMainForm),
    defaultValues: toMainFormValues(agreement),
  });
  const { errors, isSubmitting } = form.formState;
  const openApplications = applicationsWithRates(agreement.rates);

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateMutation.mutateAsync({
        id: agreement.id,
        name: values.name,
        validTill: values.validTill,
        type: values.type,
        rates: toRatesInput(values.rates),
      });
      // Dropped rows (no RUB net price) disappear from the grid as they did on the server.
      form.reset(toMainFormValues(saved));
      notify.success(t('main.saved'));
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('main.title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
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
        </SimpleGrid>
        <Title order={4}>{t('rates.title')}</Title>
        <RatesGrid
          register={form.register}
          errors={errors.rates}
          openApplications={openApplications.length > 0 ? openApplications : ['mKart']}
          readOnly={readOnly}
        />
        {!readOnly && (
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {t('main.save')}
            </Button>
            <Button variant="default" onClick={() => form.reset(toMainFormValues(agreement))} disabled={isSubmitting}>
              {t('main.reset')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
