import { Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { poiCategories, poiInput, type PoiInput } from '@chartroom/contracts/poi';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button';

type PoiFormProps = {
  initial: PoiInput;
  isNew: boolean;
  isSaving: boolean;
  onSave: (poi: PoiInput) => void;
  onDelete?: () => void;
  onCancel: () => void;
};

/** Name, category, description and position of one point, validated by the server's schema. */
export function PoiForm({ initial, isNew, isSaving, onSave, onDelete, onCancel }: PoiFormProps) {
  const { t } = useTranslation('catalog');
  const [value, setValue] = useState<PoiInput>(initial);
  useEffect(() => setValue(initial), [initial]);
  const parsed = poiInput.safeParse(value);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parsed.success) onSave(parsed.data);
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="poi-form">
      <Stack gap="xs">
        <TextInput
          label={t('editor.name')}
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.currentTarget.value })}
          required
          data-autofocus
        />
        <Select
          label={t('editor.category')}
          data={poiCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
          value={value.category}
          onChange={(c) => c && setValue({ ...value, category: c as PoiInput['category'] })}
          allowDeselect={false}
        />
        <Textarea
          label={t('editor.description')}
          value={value.description}
          onChange={(e) => setValue({ ...value, description: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Group grow>
          <NumberInput
            label={t('editor.lat')}
            value={value.lat}
            decimalScale={6}
            min={-90}
            max={90}
            onChange={(n) => setValue({ ...value, lat: Number(n) })}
          />
          <NumberInput
            label={t('editor.lng')}
            value={value.lng}
            decimalScale={6}
            min={-180}
            max={180}
            onChange={(n) => setValue({ ...value, lng: Number(n) })}
          />
        </Group>
        <Group justify="space-between" mt="xs">
          <Group gap="xs">
            <Button type="submit" disabled={!parsed.success} loading={isSaving}>
              {isNew ? t('editor.add') : t('editor.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('confirm.cancel')}
            </Button>
          </Group>
          {onDelete && (
            <ConfirmButton
              size="xs"
              color="red"
              variant="subtle"
              question={t('editor.confirmDelete')}
              confirmLabel={t('confirm.yes')}
              onConfirm={onDelete}
            >
              {t('editor.delete')}
            </ConfirmButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
