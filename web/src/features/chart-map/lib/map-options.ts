import { mapZoom, type LonLatBbox } from '@chartroom/contracts/map';
import type { TFunction } from 'i18next';

// Pieces of the map's construction that are not React: URLs, the start view, the translated
// MapLibre control strings and the request hook that authenticates tile requests.

/**
 * Absolute tile URL templates of a map task (MapLibre fetches them from its worker). The task id is
 * the capability; the collection's version in the URL lets the browser keep tiles until it changes.
 */
export function buildTileUrls(taskId: string, version: string | null, origin = window.location.origin) {
  const query = `taskId=${encodeURIComponent(taskId)}${version ? `&v=${encodeURIComponent(version)}` : ''}`;
  return { tiles: `${origin}/tiles/{z}/{x}/{y}.pbf?${query}`, s102: `${origin}/tiles/s102/{z}/{x}/{y}.png?${query}` };
}

export type StartView = { center: [number, number]; zoom: number } | { bounds: LonLatBbox };

/** The task's start (the finest chart at zoom 15, spec §9), else the whole collection, else the world. */
export function chooseStartView(
  task: { start: { lon: number; lat: number; zoom: number } | null; bbox: LonLatBbox | null } | undefined,
): StartView {
  if (task?.start) return { center: [task.start.lon, task.start.lat], zoom: Math.min(mapZoom.max, Math.max(mapZoom.min, task.start.zoom)) };
  if (task?.bbox) return { bounds: task.bbox };
  return { center: [0, 30], zoom: mapZoom.min };
}

/** MapLibre's own control labels in the page's language (they are not in our translation files otherwise). */
export function buildMapLocale(t: TFunction): Record<string, string> {
  return {
    'Map.Title': t('map:a11y.map'),
    'Marker.Title': t('map:a11y.marker'),
    'NavigationControl.ZoomIn': t('map:controls.zoomIn'),
    'NavigationControl.ZoomOut': t('map:controls.zoomOut'),
    'NavigationControl.ResetBearing': t('map:controls.resetNorth'),
    'ScaleControl.NauticalMiles': t('map:controls.nauticalMiles'),
    'ScaleControl.Meters': t('map:controls.metres'),
    'ScaleControl.Kilometers': t('map:controls.kilometres'),
  };
}

/**
 * The POI editor's first view: over the geocontent's charts (their box) with the points near them;
 * points far from every chart (another sea) do not pull the view out to the whole world. Without
 * charts, over the points; one point alone, its harbour.
 */
export function chooseViewOfPoints(points: { lng: number; lat: number }[], bbox: LonLatBbox | null): StartView {
  const near = bbox
    ? points.filter((p) => {
        // Within the charts' box grown by half its size each way (at least half a degree).
        const mx = Math.max(0.5, (bbox[2] - bbox[0]) / 2);
        const my = Math.max(0.5, (bbox[3] - bbox[1]) / 2);
        return p.lng >= bbox[0] - mx && p.lng <= bbox[2] + mx && p.lat >= bbox[1] - my && p.lat <= bbox[3] + my;
      })
    : points;
  const lngs = near.map((p) => p.lng).concat(bbox ? [bbox[0], bbox[2]] : []);
  const lats = near.map((p) => p.lat).concat(bbox ? [bbox[1], bbox[3]] : []);
  if (lngs.length === 0) return chooseStartView(undefined);
  const box: LonLatBbox = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  // One point alone has no extent to fit: show its harbour.
  if (box[2] - box[0] < 1e-4 && box[3] - box[1] < 1e-4) return { center: [box[0], box[1]], zoom: 13 };
  return { bounds: box };
}
