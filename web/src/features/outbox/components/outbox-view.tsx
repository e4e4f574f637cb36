import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useOutbox } from '../api/get-outbox';
import { OutboxMessageCard } from './outbox-message-card';

type OutboxViewProps = {
  email: string;
  onEmailChange: (email: string) => void;
};

export function OutboxView({ email, onEmailChange }: OutboxViewProps) {
  const { t } = useTranslation('outbox');
  const [draft, setDraft] = useState(email);
  const outbox = useOutbox(email);
  const isSmtp = outbox.error instanceof ApiError && outbox.error.status === 404;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onEmailChange(draft.trim());
  };

  return (
    <Stack gap="lg">
      <form onSubmit={handleSubmit} role="search">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('filter')}
            type="email"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
          />
          <Button type="submit">{t('apply')}</Button>
          <Button variant="default" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {t('refresh')}
          </Button>
        </Group>
      </form>

      {outbox.isPending && <PageLoader />}
      {isSmtp && (
        <Alert color="ocean" variant="light" title={t('smtp.title')}>
          {t('smtp.text')}
        </Alert>
      )}
      {outbox.isError && !isSmtp && <ErrorAlert error={outbox.error} />}
      {outbox.isSuccess && outbox.data.length === 0 && <EmptyState title={t('empty.title')} description={t('empty.text')} />}
      {outbox.isSuccess && outbox.data.map((message) => <OutboxMessageCard key={message.id} message={message} />)}
    </Stack>
  );
}
