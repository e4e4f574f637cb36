import { Badge, Button, Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import type { CellStatus, MyCharts } from '@chartroom/contracts/my-charts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useDownloadStatusReport, type StatusReportFormat } from '../api/download-status-report';
import { useMyCharts } from '../api/get-my-charts';

const statusColor: Record<CellStatus, string> = {
  current: 'green',
  'update-available': 'yellow',
  'not-on-board': 'gray',
  expired: 'red',
};

/** The cabinet's "My charts": each licensed cell with its latest version and its status on the chosen device. */
export function MyChartsPanel() {
  const charts = useMyCharts();
  const report = useDownloadStatusReport();
  if (charts.isPending) return <PageLoader />;
  if (charts.isError) return <ErrorAlert error={charts.error} />;
  if (charts.data.cells.length === 0) return null;
  return (
    <MyChartsView
      charts={charts.data}
      onReport={(installationId, format) => report.mutate({ installationId, format })}
      reportPending={report.isPending}
      reportError={report.error}
    />
  );
}

/** The panel's content for the charts read: the device choice, report buttons and the cells' table. */
export function MyChartsView({
  charts: { devices, cells },
  onReport,
  reportPending,
  reportError,
}: {
  charts: MyCharts;
  onReport: (installationId: number, format: StatusReportFormat) => void;
  reportPending: boolean;
  reportError: Error | null;
}) {
  const { t } = useTranslation('mycharts');
  const [chosen, setChosen] = useState<string | null>(null);
  const device = devices.find((d) => String(d.installationId) === chosen) ?? devices[0];

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-charts-title">
      <Title order={3} id="my-charts-title">
        {t('title')}
      </Title>
      {device ? (
        <Group align="end">
          <Select
            label={t('device')}
            data={devices.map((d) => ({ value: String(d.installationId), label: d.deviceId }))}
            value={String(device.installationId)}
            onChange={setChosen}
            allowDeselect={false}
          />
          <Button variant="light" loading={reportPending} onClick={() => onReport(device.installationId, 'pdf')}>
            {t('reportPdf')}
          </Button>
          <Button variant="light" loading={reportPending} onClick={() => onReport(device.installationId, 'csv')}>
            {t('reportCsv')}
          </Button>
        </Group>
      ) : (
        <EmptyState title={t('noDevices.title')} description={t('noDevices.text')} />
      )}
      {reportError && <ErrorAlert error={reportError} />}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.cell')}</Table.Th>
                <Table.Th>{t('columns.band')}</Table.Th>
                <Table.Th>{t('columns.version')}</Table.Th>
                <Table.Th>{t('columns.issueDate')}</Table.Th>
                {device && <Table.Th>{t('columns.status')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cells.map((cell) => {
                const status = device ? cell.status[String(device.installationId)] : undefined;
                return (
                  <Table.Tr key={cell.name}>
                    <Table.Td>{cell.name}</Table.Td>
                    <Table.Td>{cell.band ?? '–'}</Table.Td>
                    <Table.Td>{t('version', { edition: cell.edition, update: cell.update })}</Table.Td>
                    <Table.Td>{cell.issueDate ?? '–'}</Table.Td>
                    {device && (
                      <Table.Td>
                        {status && (
                          <Badge color={statusColor[status]} variant="light">
                            {t(`status.${status}`)}
                          </Badge>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
