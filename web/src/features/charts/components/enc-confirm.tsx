import type { ChartCompareRow } from '@chartroom/contracts/charts';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useApplyEnc } from '../api/apply-enc';
import { useEncUpload } from '../api/get-enc-upload';
import { useRevertEnc } from '../api/revert-enc';
import { useSaveEnc } from '../api/save-enc';
import { formatEditionUpdate } from './chart-table';

/** `ignored`: the files the upload just made left out (known only right after addenc). */
type EncConfirmProps = { guid: string; onDone: () => void; ignored?: string[] };

function ChartErrors({ row }: { row: ChartCompareRow }) {
  const { t } = useTranslation('charts');
  if (row.errors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {row.errors.map((error) => (
        <div key={`${error.code}:${error.message}`}>
          <Text size="sm" c="red">
            {t(`review.errors.${error.code}`)}
          </Text>
          {error.params && (
            <Text size="xs" c="dimmed">
              {t(`review.detail.${error.code}`, error.params)}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

/** enc/confirm: the staged upload against the collection, with Apply, Save and Revert. */
export function EncConfirm({ guid, onDone, ignored = [] }: EncConfirmProps) {
  const { t } = useTranslation('charts');
  const upload = useEncUpload(guid);
  const apply = useApplyEnc();
  const save = useSaveEnc();
  const revert = useRevertEnc();
  const isBusy = apply.isPending || save.isPending || revert.isPending;

  if (upload.isPending) return <PageLoader />;
  if (upload.isError) return <ErrorAlert error={upload.error} />;
  const { charts, hasChanges, state } = upload.data;
  const isApplied = state === 'applied';
  // Another click (or tab) is applying it right now: the server would answer 409.
  const isApplying = state === 'applying';
  const failure = apply.error ?? save.error ?? revert.error;
  const handleApply = () => apply.mutate(guid, { onSuccess: (ok) => ok && onDone() });

  return (
    <Paper withBorder p="md" data-testid="enc-confirm">
      <Stack gap="md">
        <Title order={4}>{t('review.title')}</Title>
        {ignored.length > 0 && (
          <Alert color="yellow" variant="light" title={t('review.ignoredTitle', { count: ignored.length })} data-testid="enc-ignored">
            <Text size="sm" component="ul" m={0} pl="md">
              {ignored.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Text>
          </Alert>
        )}
        {!hasChanges && (
          <Alert color="yellow" variant="light">
            {t('review.noChanges')}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={600}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('review.chart')}</Table.Th>
                <Table.Th>{t('review.old')}</Table.Th>
                <Table.Th>{t('review.new')}</Table.Th>
                <Table.Th>{t('review.status')}</Table.Th>
                <Table.Th>{t('review.errorsColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {charts.map((row) => (
                <Table.Tr key={row.chartName}>
                  <Table.Td fw={500}>{row.chartName}</Table.Td>
                  <Table.Td>{formatEditionUpdate(row.oldEdtn, row.oldUpdn)}</Table.Td>
                  <Table.Td>{formatEditionUpdate(row.newEdtn, row.newUpdn)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.errors.length > 0 ? 'red' : row.isChanged ? 'blue' : 'gray'}>
                      {t(row.errors.length > 0 ? 'review.rejected' : row.isChanged ? 'review.changed' : 'review.unchanged')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ChartErrors row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {failure && <ErrorAlert error={failure} />}
        {isApplied ? (
          <Group>
            <Text size="sm">{t('review.alreadyApplied')}</Text>
            <Button variant="light" onClick={onDone}>
              {t('review.back')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button onClick={handleApply} disabled={!hasChanges || isBusy || isApplying} loading={apply.isPending || isApplying}>
              {t('review.apply')}
            </Button>
            <Button variant="light" onClick={() => save.mutate(guid, { onSuccess: onDone })} disabled={isBusy} loading={save.isPending}>
              {t('review.save')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => revert.mutate(guid, { onSuccess: onDone })}
              disabled={isBusy}
              loading={revert.isPending}
            >
              {t('review.revert')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
