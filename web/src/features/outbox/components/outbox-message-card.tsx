import { Group, Paper, Stack, Text } from '@mantine/core';
import type { OutboxMessage } from '@chartroom/contracts/auth';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('outbox');
  return (
    <Paper withBorder p="md" component="article" aria-label={message.subject}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{message.subject}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('to', { email: message.to })}
        </Text>
        <Text
          size="sm"
          component="pre"
          m={0}
          p="sm"
          bg="var(--mantine-color-gray-0)"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', borderRadius: 6 }}
        >
          {message.text}
        </Text>
      </Stack>
    </Paper>
  );
}
