import type { GeoJSON } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';

// Data a screen draws over the charts (a user's coverage, a route and its corridor): each overlay
// is one GeoJSON source with its own layers, drawn above the chart layers. The screen owns the
// colours; the map only keeps the sources in step with the props.

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A style layer of an overlay: its source is the overlay's, so it names none. */
export type MapOverlayLayer = DistributiveOmit<Exclude<LayerSpecification, { type: 'background' }>, 'source' | 'source-layer'>;

export type MapOverlay = {
  /** The source id; layer ids must be unique on the map too. */
  id: string;
  data: GeoJSON;
  layers: readonly MapOverlayLayer[];
};

/** Adds, updates and removes the overlays' sources and layers as the list changes (keep it memoised). */
export function useMapOverlays(map: MapLibreMap | null, overlays: readonly MapOverlay[]) {
  // What this hook added to which map: a new map (another language) starts empty.
  const added = useRef<{ map: MapLibreMap | null; layers: Map<string, readonly string[]> }>({ map: null, layers: new Map() });

  useEffect(() => {
    if (!map) return;
    if (added.current.map !== map) added.current = { map, layers: new Map() };
    const drawn = added.current.layers;
    const wanted = new Set(overlays.map((o) => o.id));
    const removeLayers = (id: string) => {
      for (const layerId of drawn.get(id) ?? []) if (map.getLayer(layerId)) map.removeLayer(layerId);
      drawn.delete(id);
    };
    for (const id of [...drawn.keys()]) {
      if (wanted.has(id)) continue;
      removeLayers(id);
      if (map.getSource(id)) map.removeSource(id);
    }
    for (const overlay of overlays) {
      const source = map.getSource<GeoJSONSource>(overlay.id);
      if (source) source.setData(overlay.data);
      else map.addSource(overlay.id, { type: 'geojson', data: overlay.data });
      removeLayers(overlay.id);
      for (const layer of overlay.layers) map.addLayer({ ...layer, source: overlay.id } as LayerSpecification);
      drawn.set(
        overlay.id,
        overlay.layers.map((l) => l.id),
      );
    }
  }, [map, overlays]);
}
