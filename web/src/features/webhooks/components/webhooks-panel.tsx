import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { useRegisterWebhook } from '../api/register-webhook';
import { useRemoveWebhook } from '../api/remove-webhook';
import { useWebhookDeliveries } from '../api/webhook-deliveries';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { ActionsHeader } from '../../../components/ui/actions-header';

const stateColor = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/** The distributor's webhook endpoints (chart updates of its devices) and their delivery log. */
export function WebhooksPanel() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  const deliveries = useWebhookDeliveries();
  const register = useRegisterWebhook();
  const remove = useRemoveWebhook();
  const [url, setUrl] = useState('');
  const isUrl = /^https?:\/\/\S+$/.test(url.trim());

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isUrl) return;
    register.mutate({ url: url.trim() }, { onSuccess: () => setUrl('') });
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Paper withBorder p="md">
        <form onSubmit={handleSubmit} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t('url')}
              placeholder="https://agency.example/hooks/charts"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={url !== '' && !isUrl ? t('urlInvalid') : undefined}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!isUrl} loading={register.isPending}>
              {t('register')}
            </Button>
          </Group>
        </form>
      </Paper>
      {register.isError && <ErrorAlert error={register.error} />}
      {register.data?.secret && (
        <Alert color="blue" title={t('secret.title')}>
          <Stack gap={4}>
            <Text size="sm">{t('secret.text')}</Text>
            <Code data-testid="webhook-secret">{register.data.secret}</Code>
          </Stack>
        </Alert>
      )}

      <Title order={4}>{t('endpoints.title')}</Title>
      {endpoints.isPending && <PageLoader />}
      {endpoints.isError && <ErrorAlert error={endpoints.error} />}
      {remove.isError && <ErrorAlert error={remove.error} />}
      {endpoints.isSuccess &&
        (endpoints.data.length === 0 ? (
          <EmptyState title={t('endpoints.empty.title')} description={t('endpoints.empty.text')} />
        ) : (
          <Table aria-label={t('endpoints.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('url')}</Table.Th>
                <Table.Th>{t('endpoints.created')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.data.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td ff="monospace">{e.url}</Table.Td>
                  <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('endpoints.removeLabel', { url: e.url })}
                      onClick={() => remove.mutate(e.id)}
                    >
                      {t('endpoints.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}

      <Title order={4}>{t('log.title')}</Title>
      {deliveries.isError && <ErrorAlert error={deliveries.error} />}
      {deliveries.isSuccess &&
        (deliveries.data.length === 0 ? (
          <EmptyState title={t('log.empty.title')} description={t('log.empty.text')} />
        ) : (
          <Table aria-label={t('log.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.time')}</Table.Th>
                <Table.Th>{t('url')}</Table.Th>
                <Table.Th>{t('log.event')}</Table.Th>
                <Table.Th>{t('log.state')}</Table.Th>
                <Table.Th>{t('log.attempts')}</Table.Th>
                <Table.Th>{t('log.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                  <Table.Td ff="monospace">{d.url}</Table.Td>
                  <Table.Td>{t('log.cellsUpdated')}</Table.Td>
                  <Table.Td>
                    <Badge color={stateColor[d.state]}>{t(`log.states.${d.state}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>{d.lastStatus ?? (d.lastError ? t('log.noAnswer') : '—')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Stack>
  );
}
