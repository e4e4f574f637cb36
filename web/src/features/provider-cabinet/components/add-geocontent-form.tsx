import { Button, Group, TextInput } from '@mantine/core';
import { limits } from '@chartroom/contracts/constants';
import { createGeocontentQuery } from '@chartroom/contracts/providers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateGeocontent } from '../api/create-geocontent';

/** 'Add new geocontent': Submit is enabled from 5 characters on (spec §5). */
export function AddGeocontentForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation('cabinet');
  const create = useCreateGeocontent();
  const [title, setTitle] = useState('');
  const isValid = createGeocontentQuery.shape.gcTitle.safeParse(title).success;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid || create.isPending) return;
    create.mutate(title.trim(), {
      onSuccess: (gc) => {
        setTitle('');
        onCreated(gc.id);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('add.label')}
          placeholder={t('add.placeholder')}
          description={t('add.hint', { min: limits.geocontentTitleMin })}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Button type="submit" disabled={!isValid} loading={create.isPending}>
          {t('add.submit')}
        </Button>
      </Group>
      {create.isError && <ErrorAlert error={create.error} title={t('add.failed')} />}
    </form>
  );
}
