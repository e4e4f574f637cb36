import type { MapTaskCell } from '@chartroom/contracts/map';
import { Box, Button, Center, Group, Paper, Stack, Text, Title, useMantineColorScheme } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePaths } from '../../../lib/locale';
import { useMapTask } from '../api/get-map-task';
import { useObjectCatalogue } from '../api/get-object-catalogue';
import { clampSafetyDepth, defaultSafetyDepth } from '../lib/depth-settings';
import type { PickedFeature } from '../lib/feature-details';
import { chooseStartView } from '../lib/map-options';
import { isPaletteName, type PaletteName } from '../lib/s52-colours';
import { ChartMap, type ChartMapHandle } from './chart-map';
import { FeaturePanel } from './feature-panel';
import { LayerPanel } from './layer-panel';
import { MapLegend } from './map-legend';
import { MapStatusNotice } from './map-status-notice';

/** The full-window chart map of one map task (`/map?taskId=`), with its layer and feature panels. */
export function ChartMapScreen({ taskId }: { taskId: string }) {
  const { t } = useTranslation('map');
  const paths = usePaths();
  const task = useMapTask(taskId);
  const catalogue = useObjectCatalogue();
  const mapRef = useRef<ChartMapHandle>(null);
  // The mariner's display settings outlive the visit, as on a chart display.
  const [storedPalette, setPalette] = useLocalStorage<string>({ key: 'chartroom.map.palette', defaultValue: 'day' });
  const [storedDepth, setSafetyDepth] = useLocalStorage<number>({ key: 'chartroom.map.safetyDepth', defaultValue: defaultSafetyDepth });
  const palette: PaletteName = isPaletteName(storedPalette) ? storedPalette : 'day';
  const safetyDepth = clampSafetyDepth(Number(storedDepth));
  const [hiddenCells, setHiddenCells] = useState<string[]>([]);
  const [showS102, setShowS102] = useState(false);
  const [picked, setPicked] = useState<{ features: PickedFeature[]; isLoading: boolean } | null>(null);
  const [isLegendOpen, setLegendOpen] = useState(true);
  const [isLayersOpen, setLayersOpen] = useState(true);
  const startView = useMemo(() => chooseStartView(task.data), [task.data]);
  // The panels darken with the chart at dusk and night; leaving the map restores the app's scheme.
  const { setColorScheme, clearColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (palette === 'day') clearColorScheme();
    else setColorScheme('dark');
  }, [palette, setColorScheme, clearColorScheme]);
  useEffect(() => () => clearColorScheme(), [clearColorScheme]);

  const backLink = (
    <Button component={Link} to={paths.catalog('enc')} variant="default" size="xs">
      {t('back')}
    </Button>
  );
  if (task.isPending) return <PageLoader />;
  if (task.isError)
    return (
      <Center h="100dvh" p="md">
        <Stack maw={480}>
          <ErrorAlert error={task.error} title={t('taskError')} />
          <Group>{backLink}</Group>
        </Stack>
      </Center>
    );

  const { bbox, cells, s102 } = task.data;
  const handleToggleCell = (name: string, isShown: boolean) =>
    setHiddenCells((old) => (isShown ? old.filter((n) => n !== name) : [...old, name]));
  const handleZoomToCell = (cell: MapTaskCell) => mapRef.current?.fitBounds(cell.bbox);

  return (
    <Box pos="relative" h="100dvh" w="100vw" style={{ overflow: 'hidden' }}>
      <ChartMap
        ref={mapRef}
        taskId={taskId}
        version={task.data.version}
        hasS102={s102.length > 0}
        startView={startView}
        isViewInUrl
        palette={palette}
        safetyDepth={safetyDepth}
        hiddenCells={hiddenCells}
        showS102={showS102}
        onFeaturesPick={(features, state) => setPicked({ features, isLoading: state?.isLoading ?? false })}
        coverage={cells}
      />
      <Paper
        pos="absolute"
        top={10}
        left={10}
        w={320}
        p="sm"
        shadow="md"
        radius="md"
        style={{ zIndex: 2, maxHeight: 'calc(100dvh - 60px)', overflow: 'auto' }}
      >
        <Stack gap="sm">
          <Title order={1} size="h4" lineClamp={2}>
            {task.data.title}
          </Title>
          <Group gap="xs">
            {backLink}
            <Button size="xs" variant="light" onClick={() => bbox && mapRef.current?.fitBounds(bbox)} disabled={!bbox}>
              {t('controls.fitCollection')}
            </Button>
            <Button size="xs" variant="light" onClick={() => mapRef.current?.identifyAtCentre()} title={t('controls.identifyHint')}>
              {t('controls.identify')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setLayersOpen((open) => !open)} aria-expanded={isLayersOpen}>
              {isLayersOpen ? t('controls.hideLayers') : t('controls.showLayers')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setLegendOpen((open) => !open)} aria-expanded={isLegendOpen}>
              {isLegendOpen ? t('controls.hideLegend') : t('controls.showLegend')}
            </Button>
          </Group>
          {isLayersOpen && (
            <LayerPanel
              cells={cells}
              hiddenCells={hiddenCells}
              onToggleCell={handleToggleCell}
              onZoomToCell={handleZoomToCell}
              hasS102={s102.length > 0}
              showS102={showS102}
              onShowS102Change={setShowS102}
              palette={palette}
              onPaletteChange={setPalette}
              safetyDepth={safetyDepth}
              onSafetyDepthChange={(depth) => setSafetyDepth(clampSafetyDepth(depth))}
            />
          )}
          {isLegendOpen && <MapLegend palette={palette} />}
          {cells.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('emptyCollection')}
            </Text>
          )}
        </Stack>
      </Paper>
      <MapStatusNotice gcid={task.data.gcid} />
      {picked && (
        <Paper pos="absolute" top={10} right={56} w={360} p="sm" shadow="md" radius="md" style={{ zIndex: 2 }}>
          <FeaturePanel
            features={picked.features}
            isLoading={picked.isLoading}
            taskId={taskId}
            catalogue={catalogue.data}
            onClose={() => setPicked(null)}
          />
        </Paper>
      )}
    </Box>
  );
}
