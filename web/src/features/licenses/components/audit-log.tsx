import { Code, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDateTime } from '../../../lib/dates';
import { useAudit } from '../api/get-audit';

/** Who did what to this geocontent's licences, permits and devices, and from where. */
export function AuditLog({ gcid }: { gcid: number }) {
  const { t } = useTranslation('licensing');
  const audit = useAudit(gcid);
  return (
    <Paper withBorder p="md">
      <Title order={5} mb="sm">
        {t('audit.title')}
      </Title>
      {audit.isError && <ErrorAlert error={audit.error} />}
      {audit.isSuccess && audit.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('audit.none')}
        </Text>
      )}
      {audit.isSuccess && audit.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={4} fz="sm" aria-label={t('audit.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('audit.what')}</Table.Th>
                <Table.Th>{t('audit.address')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{entry.actor?.email ?? '—'}</Table.Td>
                  <Table.Td>
                    {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
                    {typeof entry.subject.email === 'string' && <Code ml={6}>{entry.subject.email}</Code>}
                  </Table.Td>
                  <Table.Td ff="monospace">{entry.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
