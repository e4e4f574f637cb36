import { Group, Stack, Text } from '@mantine/core';
import type { CatalogueStats } from '@chartroom/contracts/catalogue-stats';
import { useTranslation } from 'react-i18next';
import { useCatalogueStats } from '../api/get-catalogue-stats';

/** Degrees as the chart reader writes them: 10.5°E, 49°N. */
function formatDegrees(value: number, positive: string, negative: string): string {
  const rounded = Math.round(Math.abs(value) * 10) / 10;
  return `${rounded}°${value < 0 ? negative : positive}`;
}

/** A small equirectangular world frame with a 30° graticule and the published extent on it. */
function CoverageFrame({ bbox, label }: { bbox: NonNullable<CatalogueStats['bbox']>; label: string }) {
  const [west, south, east, north] = bbox;
  // Tiny harbours still show as a visible mark.
  const width = Math.max(east - west, 3);
  const height = Math.max(north - south, 3);
  const lines = [-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150];
  return (
    <svg viewBox="-180 -90 360 180" width="100%" style={{ maxWidth: 280, display: 'block' }} role="img" aria-label={label}>
      <rect x={-180} y={-90} width={360} height={180} fill="rgba(255,255,255,0.06)" stroke="rgba(255,255,255,0.35)" strokeWidth={1} />
      {lines.map((x) => (
        <line key={`x${x}`} x1={x} y1={-90} x2={x} y2={90} stroke="rgba(255,255,255,0.15)" strokeWidth={0.6} />
      ))}
      {[-60, -30, 0, 30, 60].map((y) => (
        <line key={`y${y}`} x1={-180} y1={y} x2={180} y2={y} stroke="rgba(255,255,255,0.15)" strokeWidth={0.6} />
      ))}
      <rect x={west} y={-north} width={width} height={height} fill="#ffd166" fillOpacity={0.85} stroke="#ffd166" strokeWidth={1.5} />
    </svg>
  );
}

/** The hero's right half: what the catalogue holds right now, read from the public stats. */
export function CatalogueFigures() {
  const { t, i18n } = useTranslation('home');
  const stats = useCatalogueStats();
  if (!stats.isSuccess) return null;
  const { encCharts, s102Grids, providers, bbox } = stats.data;
  const figures = [
    { value: encCharts, label: t('figures.encCharts', { count: encCharts }) },
    { value: s102Grids, label: t('figures.s102Grids', { count: s102Grids }) },
    { value: providers, label: t('figures.providers', { count: providers }) },
  ];
  const extent = bbox
    ? t('figures.extent', {
        west: formatDegrees(bbox[0], t('figures.east'), t('figures.west')),
        east: formatDegrees(bbox[2], t('figures.east'), t('figures.west')),
        south: formatDegrees(bbox[1], t('figures.north'), t('figures.south')),
        north: formatDegrees(bbox[3], t('figures.north'), t('figures.south')),
      })
    : null;
  return (
    <Stack gap="sm" data-testid="catalogue-figures" aria-label={t('figures.title')}>
      <Text size="sm" c="gray.3" tt="uppercase" fw={600}>
        {t('figures.title')}
      </Text>
      <Group gap="lg" wrap="wrap">
        {figures.map((figure) => (
          <Stack key={figure.label} gap={0}>
            <Text fz={30} fw={700} lh={1.1}>
              {figure.value.toLocaleString(i18n.language)}
            </Text>
            <Text size="sm" c="gray.2">
              {figure.label}
            </Text>
          </Stack>
        ))}
      </Group>
      {bbox && extent && (
        <>
          <CoverageFrame bbox={bbox} label={extent} />
          <Text size="xs" c="gray.3">
            {extent}
          </Text>
        </>
      )}
    </Stack>
  );
}
