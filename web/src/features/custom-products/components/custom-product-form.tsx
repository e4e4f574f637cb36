import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateCustomProduct } from '../api/create-custom-product';

type CustomProductFormProps = {
  /** The selected user's e-mail; null asks for one (a new user). */
  email: string | null;
  onCreated: (userId: number) => void;
  onCancel: () => void;
};

/** E-mail (only for a new user), title and url; Submit is enabled only when all are filled. */
export function CustomProductForm({ email, onCreated, onCancel }: CustomProductFormProps) {
  const { t } = useTranslation('distributor');
  const createMutation = useCreateCustomProduct();
  const [newEmail, setNewEmail] = useState('');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const target = email ?? newEmail.trim();
  const canSubmit = target !== '' && title.trim() !== '' && url.trim() !== '' && !createMutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    createMutation.mutate(
      { email: target, title: title.trim(), productItems: [{ type: 'S63ENC', url: url.trim() }] },
      { onSuccess: (result) => onCreated(result.user.userId) },
    );
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('custom.formTitle')}>
        <Stack gap="sm">
          {email === null && (
            <TextInput
              label={t('custom.email')}
              type="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.currentTarget.value)}
              required
            />
          )}
          <TextInput label={t('custom.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
          <TextInput
            label={t('custom.url')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            required
            placeholder="https://"
          />
          {createMutation.isError && <ErrorAlert error={createMutation.error} />}
          <Group>
            <Button type="submit" disabled={!canSubmit} loading={createMutation.isPending}>
              {t('custom.submit')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('custom.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
