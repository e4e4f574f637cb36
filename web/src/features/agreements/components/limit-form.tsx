import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { limitInput } from '@chartroom/contracts/agreements';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const limitForm = z.object({ limit: z.string().refine((value) => limitInput.safeParse(value).success) });
type LimitFormValues = z.infer<typeof limitForm>;

type LimitFormProps = {
  label: string;
  /** The limit in force; null = no limit. */
  value: string | null;
  currency: string;
  /** Resolves when saved; empty is sent as null (spec §5). */
  onSave: (limit: string | null) => Promise<unknown>;
};

/** One limit: empty means no limit; anything else a non-negative amount. */
export function LimitForm({ label, value, currency, onSave }: LimitFormProps) {
  const { t } = useTranslation('agreements');
  const form = useForm<LimitFormValues>({ resolver: zodResolver(limitForm), values: { limit: value ?? '' } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ limit }) => {
    const trimmed = limit.trim();
    await onSave(trimmed === '' ? null : trimmed).catch(() => undefined);
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={label}
          inputMode="decimal"
          placeholder={t('limits.none')}
          rightSection={<span style={{ fontSize: 11 }}>{currency}</span>}
          rightSectionWidth={42}
          style={{ flex: '1 1 200px' }}
          {...form.register('limit')}
          error={errors.limit && t('limits.invalid')}
        />
        <Button type="submit" mt={25} loading={isSubmitting} disabled={!isDirty}>
          {t('limits.save')}
        </Button>
      </Group>
    </form>
  );
}
