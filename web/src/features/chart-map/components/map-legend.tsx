import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { drawChartSymbol } from '../lib/chart-symbols';
import { palettes, type ColourToken, type PaletteName } from '../lib/s52-colours';

// The map's key: what the coverage colours, the depth shades, the lines and the main symbols mean,
// in the palette on screen. Swatches are decoration (hidden from screen readers); the words say it.

type Swatch =
  | { kind: 'fill'; token: ColourToken; opacity?: number }
  | { kind: 'line'; token: ColourToken; dashed?: boolean }
  | { kind: 'symbol'; name: string }
  | { kind: 'text'; token: ColourToken; text: string };

const bandTokens: ColourToken[] = ['BAND1', 'BAND2', 'BAND3', 'BAND4', 'BAND5', 'BAND6'];

const chartItems: { key: string; swatch: Swatch }[] = [
  { key: 'cellBoundary', swatch: { kind: 'line', token: 'RESBL' } },
  { key: 'land', swatch: { kind: 'fill', token: 'LANDA' } },
  { key: 'drying', swatch: { kind: 'fill', token: 'DEPIT' } },
  { key: 'veryShallow', swatch: { kind: 'fill', token: 'DEPVS' } },
  { key: 'shallow', swatch: { kind: 'fill', token: 'DEPMS' } },
  { key: 'safe', swatch: { kind: 'fill', token: 'DEPMD' } },
  { key: 'deep', swatch: { kind: 'fill', token: 'DEPDW' } },
  { key: 'safetyContour', swatch: { kind: 'line', token: 'DEPSC' } },
  { key: 'contour', swatch: { kind: 'line', token: 'DEPCN' } },
  { key: 'noData', swatch: { kind: 'fill', token: 'NODTA' } },
  { key: 'restricted', swatch: { kind: 'line', token: 'TRFCD', dashed: true } },
];

const symbolItems: { key: string; name: string }[] = [
  { key: 'portBuoy', name: 'boy|BOYLAT|2|3|||1' },
  { key: 'starboardBuoy', name: 'boy|BOYLAT|1|4|||2' },
  { key: 'light', name: 'lit|1' },
  { key: 'wreck', name: 'wrk|2|3' },
  { key: 'rock', name: 'rok|3' },
  { key: 'anchorage', name: 'ach' },
];

function SymbolPicture({ name, palette }: { name: string; palette: PaletteName }) {
  const url = useMemo(() => {
    const image = drawChartSymbol(name, palettes[palette]);
    if (!image) return null;
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    return canvas.toDataURL();
  }, [name, palette]);
  return url ? <img src={url} alt="" style={{ maxWidth: 22, maxHeight: 22 }} /> : null;
}

function SwatchBox({ swatch, palette }: { swatch: Swatch; palette: PaletteName }) {
  const colours = palettes[palette];
  return (
    <Box w={24} h={18} aria-hidden="true" style={{ flex: 'none', display: 'grid', placeItems: 'center' }}>
      {swatch.kind === 'fill' && (
        <Box w={22} h={14} style={{ background: colours[swatch.token], opacity: swatch.opacity ?? 1, border: '1px solid #5c5f66' }} />
      )}
      {swatch.kind === 'line' && (
        <Box w={22} h={0} style={{ borderTop: `2px ${swatch.dashed ? 'dashed' : 'solid'} ${colours[swatch.token]}` }} />
      )}
      {swatch.kind === 'symbol' && <SymbolPicture name={swatch.name} palette={palette} />}
      {swatch.kind === 'text' && (
        <svg width="24" height="16" viewBox="0 0 24 16">
          <text x="12" y="12" textAnchor="middle" fontSize="11" fontFamily="sans-serif" fill={colours[swatch.token]}>
            {swatch.text}
          </text>
        </svg>
      )}
    </Box>
  );
}

function LegendRow({ swatch, palette, text }: { swatch: Swatch; palette: PaletteName; text: string }) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" data-testid="legend-item">
      <SwatchBox swatch={swatch} palette={palette} />
      <Text size="xs">{text}</Text>
    </Group>
  );
}

/** The legend of the chart map, in the palette shown. */
export function MapLegend({ palette }: { palette: PaletteName }) {
  const { t, i18n } = useTranslation(['map', 'charts']);
  const headingId = useId();
  const list = { component: 'ul', m: 0, p: 0, gap: 4, style: { listStyle: 'none' } } as const;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId} data-testid="map-legend">
      <Title order={2} size="sm" id={headingId}>
        {t('legend.title')}
      </Title>
      <Text size="xs" fw={500}>
        {t('legend.coverage')}
      </Text>
      <Stack {...list}>
        {bandTokens.map((token, i) => (
          <LegendRow
            key={token}
            swatch={{ kind: 'fill', token, opacity: 0.6 }}
            palette={palette}
            text={t('legend.band', { band: t(`charts:bands.${i + 1}`) })}
          />
        ))}
      </Stack>
      <Text size="xs" fw={500}>
        {t('legend.chart')}
      </Text>
      <Stack {...list}>
        {chartItems.map((item) => (
          <LegendRow key={item.key} swatch={item.swatch} palette={palette} text={t(`legend.items.${item.key}`)} />
        ))}
        <LegendRow
          swatch={{ kind: 'text', token: 'SNDG2', text: new Intl.NumberFormat(i18n.language).format(2.1) }}
          palette={palette}
          text={t('legend.items.shallowSounding')}
        />
        <LegendRow
          swatch={{ kind: 'text', token: 'SNDG1', text: new Intl.NumberFormat(i18n.language).format(12) }}
          palette={palette}
          text={t('legend.items.deepSounding')}
        />
      </Stack>
      <Text size="xs" fw={500}>
        {t('legend.symbols')}
      </Text>
      <Stack {...list}>
        {symbolItems.map((item) => (
          <LegendRow key={item.key} swatch={{ kind: 'symbol', name: item.name }} palette={palette} text={t(`legend.items.${item.key}`)} />
        ))}
      </Stack>
    </Stack>
  );
}
