import { zodResolver } from '@hookform/resolvers/zod';
import { Group, TextInput } from '@mantine/core';
import { limits } from '@chartroom/contracts/constants';
import { createGeocontentQuery } from '@chartroom/contracts/providers';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { useNotify } from '../../../lib/notify';
import { useCreateGeocontent } from '../api/create-geocontent';

type GeocontentFormInput = z.input<typeof createGeocontentQuery>;
type GeocontentFormValues = z.output<typeof createGeocontentQuery>;

/** 'Add new geocontent', checked with the server's schema: Submit is enabled from 5 characters on (spec §5). */
export function AddGeocontentForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation('cabinet');
  const create = useCreateGeocontent();
  const notify = useNotify();
  const form = useForm<GeocontentFormInput, unknown, GeocontentFormValues>({
    resolver: zodResolver(createGeocontentQuery),
    mode: 'onTouched',
    defaultValues: { gcTitle: '' },
  });
  const title = form.watch('gcTitle') ?? '';
  const length = title.trim().length;
  const { errors, isValid } = form.formState;
  const disabledReason = create.isPending
    ? null
    : length === 0
      ? t('add.reasons.empty', { min: limits.geocontentTitleMin })
      : length < limits.geocontentTitleMin
        ? t('add.reasons.short', { min: limits.geocontentTitleMin, count: length })
        : !isValid
          ? t('add.reasons.invalid')
          : null;

  const handleSubmit = form.handleSubmit(({ gcTitle }) => {
    create.mutate(gcTitle, {
      onSuccess: (gc) => {
        form.reset({ gcTitle: '' });
        notify.success(t('add.done', { title: gc.title }));
        onCreated(gc.id);
      },
      onError: (error) => notify.failure(error),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('add.label')}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t('add.label')}
          placeholder={t('add.placeholder')}
          description={t('add.hint', { min: limits.geocontentTitleMin })}
          w={{ base: '100%', sm: 280 }}
          {...form.register('gcTitle')}
          error={errors.gcTitle ? t('add.errors.gcTitle', { min: limits.geocontentTitleMin }) : undefined}
        />
        <div style={{ marginTop: 44 }}>
          <SubmitWithReason loading={create.isPending} disabledReason={disabledReason}>
            {t('add.submit')}
          </SubmitWithReason>
        </div>
      </Group>
      {create.isError && <ErrorAlert error={create.error} title={t('add.failed')} />}
    </form>
  );
}
