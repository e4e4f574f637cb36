import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { usePaths } from '../../../lib/locale';
import { useGoToPoiEditor } from '../api/go-to-poi-editor';
import { usePoiReleases } from '../api/get-poi-releases';
import { usePublishPoi } from '../api/publish-poi';

/** poi: the POI Editor (new tab), Publish Poi, and the releases with date and items count. */
export function PoiTab({ gcid }: { gcid: number }) {
  const { t } = useTranslation('catalog');
  const paths = usePaths();
  const releases = usePoiReleases(gcid);
  const publish = usePublishPoi(gcid);
  const editor = useGoToPoiEditor();

  const handleEditor = () => {
    // Opened now, inside the click, so it is not blocked; pointed at the editor once allowed.
    const tab = window.open('', '_blank');
    editor.mutate(gcid, {
      onSuccess: (answer) => {
        if (answer === 1 && tab) tab.location.href = paths.poiEditor(gcid);
        else tab?.close();
      },
      onError: () => tab?.close(),
    });
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button onClick={handleEditor} loading={editor.isPending}>
          {t('poi.editor')}
        </Button>
        <Button variant="light" onClick={() => publish.mutate()} loading={publish.isPending}>
          {t('poi.publish')}
        </Button>
      </Group>
      {(editor.isError || publish.isError) && <ErrorAlert error={editor.error ?? publish.error} />}
      {releases.isPending ? (
        <PageLoader />
      ) : releases.isError ? (
        <ErrorAlert error={releases.error} />
      ) : releases.data.length === 0 ? (
        <Text c="dimmed">{t('poi.empty')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="poi-releases">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('poi.date')}</Table.Th>
              <Table.Th>{t('poi.itemsCount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {releases.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.timestamp)}</Table.Td>
                <Table.Td>{t('poi.items', { count: r.itemsCount })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
