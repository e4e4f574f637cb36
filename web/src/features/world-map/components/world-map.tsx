import { ActionIcon, Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pathScale, useLandPath } from '../api/use-land';
import type { CoverageBox } from '../api/get-coverage';
import { clampScale, fitView, fromScreen, project, toScreen, unproject, type LngLat, type View } from '../lib/mercator';

export type MapMarker = { id: number; lat: number; lng: number; label: string; isSelected: boolean };

type WorldMapProps = {
  markers: MapMarker[];
  coverage: CoverageBox[];
  onMapClick?: (at: LngLat) => void;
  onMarkerSelect?: (id: number) => void;
  onMarkerMove?: (id: number, at: LngLat) => void;
};

type Drag = { kind: 'pan'; startX: number; startY: number; view: View; moved: boolean } | { kind: 'marker'; id: number; moved: boolean };

/** An offline map: Natural Earth land in Web Mercator, chart coverage, draggable markers; pan and zoom. */
export function WorldMap({ markers, coverage, onMapClick, onMarkerSelect, onMarkerMove }: WorldMapProps) {
  const { t } = useTranslation('catalog');
  const { ref, width, height } = useElementSize();
  const land = useLandPath();
  const [view, setView] = useState<View | null>(null);
  const [dragged, setDragged] = useState<{ id: number; at: LngLat } | null>(null);
  const drag = useRef<Drag | null>(null);

  // The first view fits the points and the coverage once the size is known.
  useEffect(() => {
    if (view || width === 0 || height === 0) return;
    const points = [...markers.map((m) => ({ lng: m.lng, lat: m.lat })), ...coverage.flatMap((c) => [{ lng: c.west, lat: c.south }, { lng: c.east, lat: c.north }])];
    setView(fitView(points, width, height));
  }, [view, width, height, markers, coverage]);

  const zoomAt = (factor: number, left = width / 2, top = height / 2) => {
    if (!view) return;
    const anchor = fromScreen(view, left, top, width, height);
    const scale = clampScale(view.scale * factor);
    setView({ scale, center: { x: anchor.x - (left - width / 2) / scale, y: anchor.y - (top - height / 2) / scale } });
  };

  const localPoint = (event: PointerEvent | WheelEvent) => {
    const rect = (event.currentTarget as Element).getBoundingClientRect();
    return { left: event.clientX - rect.left, top: event.clientY - rect.top };
  };

  const handleWheel = (event: WheelEvent<SVGSVGElement>) => {
    const { left, top } = localPoint(event);
    zoomAt(event.deltaY < 0 ? 1.25 : 0.8, left, top);
  };

  const handlePointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!view || drag.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind: 'pan', startX: event.clientX, startY: event.clientY, view, moved: false };
  };

  const handleMarkerDown = (id: number) => (event: PointerEvent<SVGGElement>) => {
    event.stopPropagation();
    (event.currentTarget.ownerSVGElement ?? event.currentTarget).setPointerCapture(event.pointerId);
    drag.current = { kind: 'marker', id, moved: false };
  };

  const handlePointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || !view) return;
    if (d.kind === 'pan') {
      const dx = event.clientX - d.startX;
      const dy = event.clientY - d.startY;
      if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
      setView({ scale: d.view.scale, center: { x: d.view.center.x - dx / d.view.scale, y: d.view.center.y - dy / d.view.scale } });
    } else {
      d.moved = true;
      const { left, top } = localPoint(event);
      setDragged({ id: d.id, at: unproject(fromScreen(view, left, top, width, height)) });
    }
  };

  const handlePointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || !view) return;
    if (d.kind === 'marker') {
      if (d.moved && dragged) onMarkerMove?.(d.id, dragged.at);
      else onMarkerSelect?.(d.id);
      setDragged(null);
    } else if (!d.moved) {
      const { left, top } = localPoint(event);
      onMapClick?.(unproject(fromScreen(view, left, top, width, height)));
    }
  };

  const landTransform = view
    ? `translate(${width / 2 - view.center.x * view.scale} ${height / 2 - view.center.y * view.scale}) scale(${view.scale / pathScale})`
    : undefined;

  return (
    <Box ref={ref} pos="relative" h="100%" w="100%" style={{ overflow: 'hidden', background: '#cfe6f5', touchAction: 'none' }}>
      {view && (
        <svg
          width={width}
          height={height}
          role="application"
          aria-label={t('editor.mapLabel')}
          data-testid="world-map"
          style={{ display: 'block', cursor: 'crosshair' }}
          onWheel={handleWheel}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
        >
          {land.data && (
            <g transform={landTransform}>
              <path d={land.data} fill="#f3ecd2" stroke="#8a7f5c" strokeWidth={0.8} vectorEffect="non-scaling-stroke" />
            </g>
          )}
          {coverage.map((c, i) => {
            const a = toScreen(view, project({ lng: c.west, lat: c.north }), width, height);
            const b = toScreen(view, project({ lng: c.east, lat: c.south }), width, height);
            return <rect key={`${c.name}-${i}`} x={a.left} y={a.top} width={b.left - a.left} height={b.top - a.top} fill="rgba(230,90,40,0.08)" stroke="#d9480f" strokeDasharray="6 3" data-testid="coverage-box" />;
          })}
          {markers.map((m) => {
            const at = dragged?.id === m.id ? dragged.at : { lng: m.lng, lat: m.lat };
            const p = toScreen(view, project(at), width, height);
            return (
              <g key={m.id} transform={`translate(${p.left} ${p.top})`} onPointerDown={handleMarkerDown(m.id)} style={{ cursor: 'grab' }} data-testid="poi-marker" aria-label={m.label}>
                <path d="M0 0 C -6 -10 -10 -14 -10 -20 A 10 10 0 1 1 10 -20 C 10 -14 6 -10 0 0 Z" fill={m.isSelected ? '#e8590c' : '#1c7ed6'} stroke="white" strokeWidth={1.5} />
                <circle cy={-20} r={4} fill="white" />
                <text y={-34} textAnchor="middle" fontSize={12} fontWeight={600} stroke="white" strokeWidth={3} paintOrder="stroke" fill="#1a1b1e">
                  {m.label}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <Stack gap={4} pos="absolute" top={12} right={12}>
        <ActionIcon variant="default" size="lg" onClick={() => zoomAt(2)} aria-label={t('editor.zoomIn')}>
          +
        </ActionIcon>
        <ActionIcon variant="default" size="lg" onClick={() => zoomAt(0.5)} aria-label={t('editor.zoomOut')}>
          −
        </ActionIcon>
      </Stack>
      <Text size="xs" c="dimmed" pos="absolute" bottom={4} left={8}>
        {t('editor.attribution')}
      </Text>
    </Box>
  );
}
