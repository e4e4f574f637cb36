import { Anchor, Badge, Button, Grid, Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import type { MyCharts } from '@chartroom/contracts/my-charts';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePaths } from '../../../lib/locale';
import { useCheckRoute } from '../api/check-route';
import { useDownloadStatusReport, type StatusReportFormat } from '../api/download-status-report';
import { useMyCharts } from '../api/get-my-charts';
import { boundsOf, buildCoverage, coverageOverlay, routeOverlays } from '../lib/coverage';
import { statusBadgeColours } from '../lib/coverage-colours';
import { CoverageLegend } from './coverage-legend';
import { CoverageMap, type CoverageMapProps } from './coverage-map';
import { RouteCheckForm, RouteCheckResult } from './route-check';

/** The cabinet's "My charts": the coverage map, each licensed cell's versions and status on the chosen device, the route check. */
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

/** The panel's content for the charts read; `MapView` stands in for the map where there is no WebGL (component tests). */
export function MyChartsView({
  charts: { devices, cells },
  onReport,
  reportPending,
  reportError,
  MapView = CoverageMap,
}: {
  charts: MyCharts;
  onReport: (installationId: number, format: StatusReportFormat) => void;
  reportPending: boolean;
  reportError: Error | null;
  MapView?: ComponentType<CoverageMapProps>;
}) {
  const { t } = useTranslation('mycharts');
  const paths = usePaths();
  const [chosen, setChosen] = useState<string | null>(null);
  const device = devices.find((d) => String(d.installationId) === chosen) ?? devices[0];
  const installationId = device?.installationId ?? null;
  const route = useCheckRoute();
  const check = route.data;

  const coverage = useMemo(() => coverageOverlay(buildCoverage(cells, installationId)), [cells, installationId]);
  const overlays = useMemo(() => (check ? [coverage, ...routeOverlays(check)] : [coverage]), [coverage, check]);
  const focus = useMemo(() => {
    if (check) return boundsOf(check.route.points.map(([lon, lat]) => [lon, lat, lon, lat] as const));
    return boundsOf(cells.flatMap((c) => (c.bbox ? [c.bbox] : [])));
  }, [cells, check]);
  const activationLink = (
    <Anchor component={Link} to={paths.activation()} size="sm">
      {t('activate')}
    </Anchor>
  );

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
          {activationLink}
        </Group>
      ) : (
        <EmptyState title={t('noDevices.title')} description={t('noDevices.text')}>
          {activationLink}
        </EmptyState>
      )}
      {reportError && <ErrorAlert error={reportError} />}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="xs">
            <MapView overlays={overlays} focus={focus} label={t('mapLabel')} />
            <CoverageLegend hasRoute={Boolean(check)} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder>
            {/* No scroll box beside the map: the columns wrap instead (a scroll box must take the focus). */}
            <Table verticalSpacing="xs" fz="sm" aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.cell')}</Table.Th>
                  <Table.Th>{t('columns.band')}</Table.Th>
                  {device && <Table.Th>{t('columns.held')}</Table.Th>}
                  <Table.Th>{t('columns.version')}</Table.Th>
                  {device && <Table.Th>{t('columns.status')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cells.map((cell) => {
                  const key = device ? String(device.installationId) : '';
                  const status = device ? cell.status[key] : undefined;
                  const held = device ? cell.held?.[key] : undefined;
                  return (
                    <Table.Tr key={`${cell.product}:${cell.name}`}>
                      <Table.Td>
                        {cell.name}{' '}
                        <Badge size="xs" variant="outline" color="gray">
                          {cell.product}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{cell.band ?? '–'}</Table.Td>
                      {device && <Table.Td>{held ? t('version', { edition: held.edition, update: held.update }) : '–'}</Table.Td>}
                      <Table.Td>
                        {t('version', { edition: cell.edition, update: cell.update })}
                        {cell.issueDate ? ` (${cell.issueDate})` : ''}
                      </Table.Td>
                      {device && (
                        <Table.Td>
                          {status && (
                            <Badge color={statusBadgeColours[status]} variant="light">
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
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <RouteCheckForm
            onCheck={(input) => route.mutate({ ...input, installationId: device?.installationId })}
            isPending={route.isPending}
            error={route.error}
          />
          {check && (
            <RouteCheckResult
              key={route.submittedAt}
              check={check}
              device={device}
              orderDevice={devices.find((d) => d.installationId === route.variables?.installationId)}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
