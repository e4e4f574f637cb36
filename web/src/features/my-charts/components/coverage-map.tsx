import { mapZoom, type LonLatBbox } from '@chartroom/contracts/map';
import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { ChartMapHandle } from '../../chart-map/components/chart-map';
import type { MapOverlay } from '../../chart-map/components/use-map-overlays';
import { defaultSafetyDepth } from '../../chart-map/lib/depth-settings';

// The map is loaded with the panel's first look at it, not with the cabinet.
const ChartMap = lazy(() => import('../../chart-map/components/chart-map').then((m) => ({ default: m.ChartMap })));

export type CoverageMapProps = {
  overlays: readonly MapOverlay[];
  /** The box the map opens on (the coverage), and the one it moves to when it changes (a checked route). */
  focus: LonLatBbox | null;
  label: string;
};

/** The My charts map: the one chart map of the app with the coverage and the route drawn over it. */
export function CoverageMap({ overlays, focus, label }: CoverageMapProps) {
  const mapRef = useRef<ChartMapHandle>(null);
  const start = useRef(focus);
  const startView = useMemo(
    () => (start.current ? { bounds: start.current } : { center: [0, 30] as [number, number], zoom: mapZoom.min }),
    [],
  );
  // The map moves when the box changes, not when an equal box comes as a new array: the effect
  // runs on the box's key and reads the box itself through a ref.
  const latestFocus = useRef(focus);
  latestFocus.current = focus;
  const focusKey = focus?.join(',');
  useEffect(() => {
    const box = latestFocus.current;
    if (box && focusKey !== start.current?.join(',')) mapRef.current?.fitBounds(box);
  }, [focusKey]);

  return (
    <Box pos="relative" h={420} role="region" aria-label={label} style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
      <Suspense
        fallback={
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        }
      >
        <ChartMap ref={mapRef} taskId={null} startView={startView} palette="day" safetyDepth={defaultSafetyDepth} overlays={overlays} />
      </Suspense>
    </Box>
  );
}
