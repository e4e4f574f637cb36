import 'maplibre-gl/dist/maplibre-gl.css';
import './chart-map.css';
import type { LonLatBbox } from '@chartroom/contracts/map';
import { mapZoom } from '@chartroom/contracts/map';
import { Box } from '@mantine/core';
import {
  AttributionControl,
  type GeoJSONSource,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type MapGeoJSONFeature,
  type PointLike,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorldLand } from '../api/get-world-land';
import {
  buildChartStyle,
  chartSourceId,
  coverageGeoJSON,
  coverageSourceId,
  type CoverageCell,
  depthStateValues,
  hiddenCellsState,
  landSourceId,
  listPickableLayerIds,
  paletteState,
  s102LayerId,
} from '../lib/chart-style';
import { drawChartSymbol, symbolPixelRatio } from '../lib/chart-symbols';
import { chooseSafetyContourLine } from '../lib/depth-settings';
import type { PickedFeature } from '../lib/feature-details';
import { buildMapLocale, buildTileUrls, type StartView } from '../lib/map-options';
import { palettes, type PaletteName } from '../lib/s52-colours';
import { NauticalScaleControl } from '../lib/scale-control';
import { useMapMarkers, type MapMarker } from './use-map-markers';
import { useMapOverlays, type MapOverlay } from './use-map-overlays';

// The worker is our own asset (served from our origin), not a blob built from inline code.
setWorkerUrl(workerUrl);

export type LngLat = { lng: number; lat: number };

export type ChartMapHandle = {
  fitBounds(bbox: LonLatBbox): void;
  /** Identifies the features under the map's centre (for keyboard users). */
  identifyAtCentre(): void;
};

type ChartMapProps = {
  /** The map task whose charts are drawn; null draws only the world's land. */
  taskId: string | null;
  /** The collection's version (the task's `version`): tiles are cached until it changes. */
  version?: string | null;
  hasS102?: boolean;
  /** Where the map opens: read when the map is made, so a later value does not move it. */
  startView: StartView;
  /** Keeps the view in the address (`#zoom/lat/lon`), so a reload or a shared link shows the same place. */
  isViewInUrl?: boolean;
  palette: PaletteName;
  safetyDepth: number;
  hiddenCells?: readonly string[];
  showS102?: boolean;
  markers?: MapMarker[];
  /** GeoJSON drawn over the charts with the screen's own layers (keep the array memoised). */
  overlays?: readonly MapOverlay[];
  /** When set, a click on the map is a position (the POI editor), not a feature query. */
  onMapClick?: (at: LngLat) => void;
  onMarkerSelect?: (id: number) => void;
  onMarkerMove?: (id: number, at: LngLat) => void;
  /**
   * The features under a click. `isLoading`: the chart's tiles there are still coming, so nothing
   * found does not mean nothing is there; the pick is made again once they have come.
   */
  onFeaturesPick?: (features: PickedFeature[], state?: { isLoading: boolean }) => void;
  /** The cells' coverage (the map task's cells): drawn at once, before any tile. */
  coverage?: readonly CoverageCell[];
  ref?: Ref<ChartMapHandle>;
};

const pickRadius = 5;
const noOverlays: readonly MapOverlay[] = [];

type MapState = {
  instance: MapLibreMap;
  pickAt: (point: { x: number; y: number }, radius: number) => void;
  applySafetyContourLine: () => void;
} | null;

function toPicked(features: MapGeoJSONFeature[]): PickedFeature[] {
  const seen = new Set<string>();
  const picked: PickedFeature[] = [];
  for (const f of features) {
    // The coverage comes from the map task (a GeoJSON source), everything else from the tiles.
    const objectClass = f.source === coverageSourceId ? 'M_COVR' : (f.sourceLayer ?? '');
    const key = `${objectClass}:${f.id ?? ''}:${JSON.stringify(f.properties)}`;
    if (!objectClass || seen.has(key)) continue;
    seen.add(key);
    picked.push({ objectClass, properties: f.properties });
  }
  return picked;
}

/** The one map of the web app: MapLibre with the geocontent's charts in S-52 colours. */
export function ChartMap(props: ChartMapProps) {
  const { taskId, version = null, hasS102 = false, palette, safetyDepth, hiddenCells = [], showS102 = false, ref } = props;
  const { t, i18n } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapState>(null);
  // The map from the moment it is made: moving it needs no loaded style.
  const instanceRef = useRef<MapLibreMap | null>(null);
  const land = useWorldLand();
  // Read by long-lived map handlers, and by the map's making, without re-creating the map.
  const latest = useRef({ props, palette, t });
  latest.current = { props, palette, t };
  const drawnImages = useRef(new Set<string>());
  // Depth contour values of the tiles on screen: the safety contour is the next deeper one of them.
  const contours = useRef<number[]>([]);

  useEffect(() => {
    if (!container.current) return;
    const urls = taskId ? buildTileUrls(taskId, version) : null;
    const { props: initial, t } = latest.current;
    const { startView } = initial;
    const style = buildChartStyle({
      tilesUrl: urls?.tiles ?? null,
      s102Url: urls && hasS102 ? urls.s102 : null,
      palette: initial.palette,
      safetyDepth: initial.safetyDepth,
      hiddenCells: initial.hiddenCells ?? [],
      locale: i18n.language,
      coverage: initial.coverage ?? [],
    });
    const instance = new MapLibreMap({
      container: container.current,
      style,
      ...('bounds' in startView
        ? { bounds: startView.bounds, fitBoundsOptions: { padding: 40 } }
        : { center: startView.center, zoom: startView.zoom }),
      minZoom: mapZoom.min,
      maxZoom: mapZoom.max,
      keyboard: true,
      // Charts are north-up and flat.
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      maxPitch: 0,
      attributionControl: false,
      hash: latest.current.props.isViewInUrl ?? false,
      locale: buildMapLocale(t),
    });
    instance.keyboard.disableRotation();
    instance.touchZoomRotate.disableRotation();
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const formatMiles = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    instance.addControl(
      new NauticalScaleControl((miles) => t('controls.scaleMiles', { count: miles, value: formatMiles.format(miles) })),
      'bottom-left',
    );
    instance.addControl(new AttributionControl({ compact: true, customAttribution: t('attribution') }), 'bottom-right');
    const images = drawnImages.current;
    images.clear();

    // Symbols are drawn the first time a tile needs them, in the palette of that moment.
    instance.setMissingStyleImageResolver((id) => {
      const image = drawChartSymbol(id, palettes[latest.current.palette]);
      if (!image || instance.hasImage(id)) return;
      instance.addImage(id, image, { pixelRatio: symbolPixelRatio });
      images.add(id);
    });
    const pickable = listPickableLayerIds(style);
    let pendingPick: { point: { x: number; y: number }; radius: number } | null = null;
    const pickAt = (point: { x: number; y: number }, radius: number) => {
      const layers = pickable.filter((id) => instance.getLayer(id));
      const box: [PointLike, PointLike] = [
        [point.x - radius, point.y - radius],
        [point.x + radius, point.y + radius],
      ];
      const found = toPicked(instance.queryRenderedFeatures(box, { layers }));
      // Tiles still coming under the click: say so, and look again when the map is idle.
      const isLoading = found.length === 0 && Boolean(urls) && !instance.areTilesLoaded();
      pendingPick = isLoading ? { point, radius } : null;
      latest.current.props.onFeaturesPick?.(found, { isLoading });
    };
    instance.on('idle', () => {
      if (pendingPick) pickAt(pendingPick.point, pendingPick.radius);
    });
    const applySafetyContourLine = () => {
      const line = chooseSafetyContourLine(latest.current.props.safetyDepth, contours.current);
      if (instance.getGlobalState().safetyContourLine !== line) instance.setGlobalStateProperty('safetyContourLine', line);
    };
    if (urls) {
      instance.on('idle', () => {
        const values = instance.querySourceFeatures(chartSourceId, { sourceLayer: 'DEPCNT' }).map((f) => Number(f.properties.VALDCO));
        contours.current = [...new Set(values.filter(Number.isFinite))];
        applySafetyContourLine();
      });
    }
    instance.on('click', (event) => {
      const { onMapClick } = latest.current.props;
      if (onMapClick) onMapClick({ lng: event.lngLat.lng, lat: event.lngLat.lat });
      else pickAt(event.point, pickRadius);
    });
    // Settings are applied to a loaded style only (MapLibre refuses them before); until then the
    // style's own state holds the values the map was made with.
    // The map is usable (settings, "Whole collection", a click) as soon as its style is, not
    // when the first tiles have all come ('load'): a large cell's first tiles may take seconds.
    let isCurrent = true;
    instanceRef.current = instance;
    const onStyleReady = () => {
      if (!isCurrent) return;
      // The container may have been laid out after the map was made: fit the start box again.
      const isViewFromUrl = Boolean(latest.current.props.isViewInUrl && window.location.hash.length > 1);
      if ('bounds' in startView && !isViewFromUrl) {
        instance.resize();
        instance.fitBounds(startView.bounds, { padding: 40, duration: 0 });
      }
      setMap({ instance, pickAt, applySafetyContourLine });
    };
    if (instance.isStyleLoaded()) onStyleReady();
    else instance.once('style.load', onStyleReady);
    return () => {
      isCurrent = false;
      instanceRef.current = null;
      setMap(null);
      instance.remove();
    };
    // The map is made once per task and language; the other props are applied by the effects below.
  }, [taskId, version, hasS102, i18n.language]);

  useImperativeHandle(
    ref,
    () => ({
      fitBounds(bbox) {
        instanceRef.current?.fitBounds(bbox, { padding: 40, maxZoom: mapZoom.max });
      },
      identifyAtCentre() {
        if (!map) return;
        const canvas = map.instance.getCanvas();
        map.pickAt({ x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 }, pickRadius * 3);
      },
    }),
    [map],
  );

  useEffect(() => {
    if (!map) return;
    for (const [token, value] of Object.entries(paletteState(palette))) map.instance.setGlobalStateProperty(token, value);
    // Symbols are pictures: redraw the ones in use in the new palette.
    for (const id of drawnImages.current) {
      const image = drawChartSymbol(id, palettes[palette]);
      if (image && map.instance.hasImage(id)) map.instance.updateImage(id, image);
    }
  }, [map, palette]);

  useEffect(() => {
    if (!map) return;
    for (const [name, value] of Object.entries(depthStateValues(safetyDepth))) map.instance.setGlobalStateProperty(name, value);
    map.applySafetyContourLine();
  }, [map, safetyDepth]);

  const hiddenKey = hiddenCellsState(hiddenCells);
  useEffect(() => {
    map?.instance.setGlobalStateProperty('hiddenCells', hiddenKey);
  }, [map, hiddenKey]);

  useEffect(() => {
    if (map?.instance.getLayer(s102LayerId)) map.instance.setLayoutProperty(s102LayerId, 'visibility', showS102 ? 'visible' : 'none');
  }, [map, showS102]);

  useEffect(() => {
    if (map && land.data) map.instance.getSource<GeoJSONSource>(landSourceId)?.setData(land.data);
  }, [map, land.data]);

  const { coverage } = props;
  useEffect(() => {
    if (map && coverage) map.instance.getSource<GeoJSONSource>(coverageSourceId)?.setData(coverageGeoJSON(coverage));
  }, [map, coverage]);

  useMapMarkers(map?.instance ?? null, props.markers ?? [], { onSelect: props.onMarkerSelect, onMove: props.onMarkerMove });
  useMapOverlays(map?.instance ?? null, props.overlays ?? noOverlays);

  return <Box ref={container} pos="absolute" inset={0} className="chart-map" data-palette={palette} data-testid="chart-map" />;
}
