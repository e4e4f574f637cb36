import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { httpUrl } from '@chartroom/contracts/common';
import { createCustomProductBody } from '@chartroom/contracts/custom-products';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailErrorText } from '../../../lib/email-error';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { useCreateCustomProduct } from '../api/create-custom-product';

// The server's createCustomProductBody, flattened to the form's one item (an S-63 ENC link).
const customProductForm = z.object({
  email: createCustomProductBody.shape.email,
  title: createCustomProductBody.shape.title,
  url: httpUrl,
});
type CustomProductFormInput = z.input<typeof customProductForm>;
type CustomProductFormValues = z.output<typeof customProductForm>;
const fieldOrder = ['email', 'title', 'url'] as const;

type CustomProductFormProps = {
  /** The selected user's e-mail; null asks for one (a new user). */
  email: string | null;
  onCreated: (userId: number) => void;
  onCancel: () => void;
};

/** E-mail (only for a new user), title and url, checked with the server's schema before sending. */
export function CustomProductForm({ email, onCreated, onCancel }: CustomProductFormProps) {
  const { t } = useTranslation('distributor');
  const createMutation = useCreateCustomProduct();
  const form = useForm<CustomProductFormInput, unknown, CustomProductFormValues>({
    resolver: zodResolver(customProductForm),
    mode: 'onTouched',
    defaultValues: { email: email ?? '', title: '', url: '' },
  });
  const { errors, isValid } = form.formState;
  const values = form.watch();
  const firstWrong = fieldOrder.find((name) => errors[name]);
  const firstEmpty = fieldOrder.find((name) => String(values[name] ?? '').trim() === '');
  const disabledReason = createMutation.isPending
    ? null
    : firstWrong
      ? t('custom.reasons.fix', { field: t(`custom.${firstWrong}`) })
      : firstEmpty
        ? t('custom.reasons.fill', { field: t(`custom.${firstEmpty}`) })
        : !isValid
          ? t('custom.reasons.check')
          : null;

  const handleSubmit = form.handleSubmit((input) => {
    createMutation.mutate(
      { email: input.email, title: input.title, productItems: [{ type: 'S63ENC', url: input.url }] },
      { onSuccess: (result) => onCreated(result.user.userId) },
    );
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('custom.formTitle')}>
        <Stack gap="sm">
          {email === null && (
            <TextInput
              label={t('custom.email')}
              type="email"
              required
              {...form.register('email')}
              error={emailErrorText(t, form.watch('email'), errors.email, t('custom.errors.email'))}
            />
          )}
          <TextInput
            label={t('custom.title')}
            required
            {...form.register('title')}
            error={errors.title ? t('custom.errors.title') : undefined}
          />
          <TextInput
            label={t('custom.url')}
            type="url"
            required
            placeholder="https://"
            {...form.register('url')}
            error={errors.url ? t('custom.errors.url') : undefined}
          />
          {createMutation.isError && <ErrorAlert error={createMutation.error} />}
          <Group align="flex-start">
            <SubmitWithReason loading={createMutation.isPending} disabledReason={disabledReason}>
              {t('custom.submit')}
            </SubmitWithReason>
            <Button variant="default" onClick={onCancel}>
              {t('custom.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
