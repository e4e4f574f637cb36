import { Badge, Box, Button, Group, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Poi, PoiInput } from '@chartroom/contracts/poi';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useGeocontentMapTask } from '../../chart-map/api/get-geocontent-map-task';
import { ChartMap, type LngLat } from '../../chart-map/components/chart-map';
import { defaultSafetyDepth } from '../../chart-map/lib/depth-settings';
import { chooseViewOfPoints } from '../../chart-map/lib/map-options';
import { useDeletePoi } from '../api/delete-poi';
import { usePois } from '../api/get-pois';
import { usePublishPoi } from '../api/publish-poi';
import { useSavePoi } from '../api/save-poi';
import { PoiForm } from './poi-form';

type Selection = { kind: 'none' } | { kind: 'new'; at: LngLat } | { kind: 'existing'; id: number };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const toInput = (p: Poi): PoiInput => ({ name: p.name, category: p.category, description: p.description, lat: p.lat, lng: p.lng });

/** The POI editor: click the map to add, drag a marker to move, select one to edit or delete. */
export function PoiEditor({ gcid }: { gcid: number }) {
  const { t } = useTranslation('catalog');
  const pois = usePois(gcid);
  // The geocontent's own charts under the points; without them (no task) the world's land alone.
  const mapTask = useGeocontentMapTask(gcid);
  const save = useSavePoi(gcid);
  const remove = useDeletePoi(gcid);
  const publish = usePublishPoi(gcid);
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });

  const selected = selection.kind === 'existing' ? pois.data?.find((p) => p.id === selection.id) : undefined;
  const formInitial = useMemo<PoiInput | null>(() => {
    if (selection.kind === 'new')
      return { name: '', category: 'other', description: '', lat: round6(selection.at.lat), lng: round6(selection.at.lng) };
    return selected ? toInput(selected) : null;
  }, [selection, selected]);

  // The view of the points and the charts; ChartMap reads it only when it makes the map, so edits do not move the map.
  const chartsBox = mapTask.data?.bbox ?? null;
  const startView = useMemo(() => chooseViewOfPoints(pois.data ?? [], chartsBox), [pois.data, chartsBox]);

  if (pois.isPending || mapTask.isPending) return <PageLoader />;
  if (pois.isError) return <ErrorAlert error={pois.error} />;

  const handleSave = (poi: PoiInput) =>
    save.mutate(
      { ...(selection.kind === 'existing' ? { id: selection.id } : {}), poi },
      { onSuccess: (saved) => setSelection({ kind: 'existing', id: saved.id }) },
    );
  const handleMove = (id: number, at: LngLat) => {
    const poi = pois.data.find((p) => p.id === id);
    if (poi) save.mutate({ id, poi: { ...toInput(poi), lat: round6(at.lat), lng: round6(at.lng) } });
  };
  const handleDelete = () => {
    if (selection.kind === 'existing') remove.mutate(selection.id, { onSuccess: () => setSelection({ kind: 'none' }) });
  };

  const markers = pois.data.map((p) => ({
    id: p.id,
    lat: p.lat,
    lng: p.lng,
    label: p.name,
    isSelected: selection.kind === 'existing' && selection.id === p.id,
  }));
  if (selection.kind === 'new')
    markers.push({ id: -1, lat: selection.at.lat, lng: selection.at.lng, label: t('editor.newPoint'), isSelected: true });

  return (
    <Group h="100dvh" gap={0} align="stretch" wrap="nowrap">
      <Paper w={360} p="md" radius={0} withBorder style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Title order={1} size="h3">
          {t('editor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('editor.help')}
        </Text>
        <Group gap="xs">
          <Badge variant="light" data-testid="poi-count">
            {t('poi.items', { count: pois.data.length })}
          </Badge>
          <Button size="xs" variant="light" onClick={() => publish.mutate()} loading={publish.isPending}>
            {t('poi.publish')}
          </Button>
          {publish.isSuccess && (
            <Text size="xs" c="teal" data-testid="poi-published">
              {t('editor.published', { count: publish.data.itemsCount })}
            </Text>
          )}
        </Group>
        {(save.isError || remove.isError || publish.isError) && <ErrorAlert error={save.error ?? remove.error ?? publish.error} />}
        {formInitial && (
          <Paper withBorder p="sm">
            <PoiForm
              initial={formInitial}
              isNew={selection.kind === 'new'}
              isSaving={save.isPending}
              onSave={handleSave}
              onCancel={() => setSelection({ kind: 'none' })}
              {...(selection.kind === 'existing' ? { onDelete: handleDelete } : {})}
            />
          </Paper>
        )}
        <ScrollArea style={{ flex: 1 }}>
          <Stack gap={0}>
            {pois.data.map((p) => (
              <NavLink
                key={p.id}
                label={p.name}
                description={`${t(`categories.${p.category}`)} · ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`}
                active={selection.kind === 'existing' && selection.id === p.id}
                onClick={() => setSelection({ kind: 'existing', id: p.id })}
              />
            ))}
          </Stack>
        </ScrollArea>
      </Paper>
      <Box pos="relative" style={{ flex: 1 }}>
        <ChartMap
          taskId={mapTask.data?.taskId ?? null}
          version={mapTask.data?.version ?? null}
          hasS102={false}
          startView={startView}
          palette="day"
          safetyDepth={defaultSafetyDepth}
          markers={markers}
          coverage={mapTask.data?.cells}
          onMapClick={(at) => setSelection({ kind: 'new', at })}
          onMarkerSelect={(id) => id > 0 && setSelection({ kind: 'existing', id })}
          onMarkerMove={(id, at) => (id > 0 ? handleMove(id, at) : setSelection({ kind: 'new', at }))}
        />
      </Box>
    </Group>
  );
}
