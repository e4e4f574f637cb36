import type { MapTaskCell } from '@chartroom/contracts/map';
import { ActionIcon, Checkbox, Group, ScrollArea, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { safetyDepthLimits } from '../lib/depth-settings';
import { paletteNames, type PaletteName } from '../lib/s52-colours';

type LayerPanelProps = {
  cells: MapTaskCell[];
  hiddenCells: readonly string[];
  onToggleCell: (name: string, isShown: boolean) => void;
  onZoomToCell: (cell: MapTaskCell) => void;
  hasS102: boolean;
  showS102: boolean;
  onShowS102Change: (isShown: boolean) => void;
  palette: PaletteName;
  onPaletteChange: (palette: PaletteName) => void;
  safetyDepth: number;
  onSafetyDepthChange: (depth: number) => void;
};

/** S-57 issue dates are `YYYYMMDD`; anything else is read as a date. */
function formatIssueDate(value: string | null): string | null {
  if (value && /^\d{8}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  return formatDate(value);
}

/** The map's settings: palette, safety depth, the S-102 layer and the cells (on/off, zoom to). */
export function LayerPanel(props: LayerPanelProps) {
  const { t } = useTranslation(['map', 'charts']);
  const hidden = new Set(props.hiddenCells);
  // What is typed stays as typed; leaving the field shows the depth in use (limited to 0–200 m).
  const [depthText, setDepthText] = useState(String(props.safetyDepth));

  return (
    <Stack gap="sm" data-testid="layer-panel">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="map-palette-label">
          {t('layers.palette')}
        </Text>
        <SegmentedControl
          aria-labelledby="map-palette-label"
          size="xs"
          fullWidth
          value={props.palette}
          onChange={(value) => props.onPaletteChange(value as PaletteName)}
          data={paletteNames.map((name) => ({ value: name, label: t(`palettes.${name}`) }))}
        />
      </Stack>
      {/* A native number field: Mantine's NumberInput would split a shared input chunk off the home page's code. */}
      <TextInput
        type="number"
        inputMode="decimal"
        label={t('layers.safetyDepth')}
        description={t('layers.safetyDepthHint')}
        size="xs"
        min={safetyDepthLimits.min}
        max={safetyDepthLimits.max}
        step={0.5}
        rightSection={
          <Text size="xs" c="dimmed">
            {t('units.metres')}
          </Text>
        }
        value={depthText}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setDepthText(text);
          if (text !== '' && Number.isFinite(Number(text))) props.onSafetyDepthChange(Number(text));
        }}
        onBlur={() => setDepthText(String(props.safetyDepth))}
      />
      {props.hasS102 && (
        <Switch
          size="sm"
          label={t('layers.s102')}
          checked={props.showS102}
          onChange={(e) => props.onShowS102Change(e.currentTarget.checked)}
        />
      )}
      <Title order={4} size="sm">
        {t('layers.cells', { count: props.cells.length })}
      </Title>
      {props.cells.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('layers.noCells')}
        </Text>
      )}
      <ScrollArea.Autosize mah="40vh" type="auto">
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {props.cells.map((cell) => (
            <Group key={cell.name} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="map-cell">
              <Checkbox
                size="xs"
                checked={!hidden.has(cell.name)}
                onChange={(e) => props.onToggleCell(cell.name, e.currentTarget.checked)}
                label={
                  <Stack gap={0}>
                    <Text size="sm" fw={500} ff="monospace">
                      {cell.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('layers.cellLine', {
                        band: t(`charts:bands.${cell.band}`, { defaultValue: String(cell.band) }),
                        edition: `${cell.edition}.${cell.update}`,
                        date: formatIssueDate(cell.issueDate) ?? '—',
                      })}
                    </Text>
                  </Stack>
                }
              />
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => props.onZoomToCell(cell)}
                aria-label={t('layers.zoomTo', { name: cell.name })}
              >
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  <path d="M10.5 10.5 L14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                </svg>
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
