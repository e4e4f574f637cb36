import type { MyCell } from '@chartroom/contracts/my-charts';
import type { Feature, FeatureCollection, LineString, Polygon } from 'geojson';
import type { MapOverlay } from '../../chart-map/components/use-map-overlays';
import type { RouteCheck } from '../api/check-route';
import {
  coverageStatuses,
  downloadColours,
  downloadColoursBelowZoom,
  downloadStateOf,
  routeColours,
  statusColours,
  type CoverageStatus,
} from './coverage-colours';

// The My charts map's overlays: each cell's box coloured by its status on the chosen device, and a
// checked route with its corridor, the stretches no chart covers and the cells it lacks.

type Bbox = readonly [number, number, number, number];

function boxPolygon([west, south, east, north]: Bbox): Polygon {
  // A box across the antimeridian is drawn past 180° so it stays one rectangle.
  const right = east < west ? east + 360 : east;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [right, south],
        [right, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

/** Each cell with a box, as a polygon whose `status` is its state on the device (`not-on-board` without one). */
export function buildCoverage(cells: readonly MyCell[], installationId: number | null): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: cells.flatMap((cell) => {
      if (!cell.bbox) return [];
      const status: CoverageStatus = (installationId !== null ? cell.status[String(installationId)] : undefined) ?? 'not-on-board';
      return [
        { type: 'Feature', geometry: boxPolygon(cell.bbox), properties: { name: cell.name, status, download: downloadStateOf(status) } },
      ];
    }),
  };
}

/** The union of the boxes (to fit the map to), or null when no cell has one. */
export function boundsOf(boxes: readonly Bbox[]): [number, number, number, number] | null {
  if (boxes.length === 0) return null;
  return boxes.reduce<[number, number, number, number]>(
    (b, [w, s, e, n]) => [Math.min(b[0], w), Math.min(b[1], s), Math.max(b[2], e), Math.max(b[3], n)],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

const statusMatch = (): unknown[] => ['match', ['get', 'status'], ...coverageStatuses.flatMap((s) => [s, statusColours[s]]), '#495057'];
const downloadMatch = (): unknown[] => ['match', ['get', 'download'], 'onBoard', downloadColours.onBoard, downloadColours.notOnBoard];
/** Download colours at small scales, status colours from 1:5,000,000 on. */
const byScale = () => ['step', ['zoom'], downloadMatch(), downloadColoursBelowZoom, statusMatch()];

export function coverageOverlay(data: FeatureCollection): MapOverlay {
  return {
    id: 'my-charts-coverage',
    data,
    layers: [
      {
        id: 'my-charts-coverage-fill',
        type: 'fill',
        paint: { 'fill-color': byScale(), 'fill-opacity': 0.35 },
      } as MapOverlay['layers'][number],
      { id: 'my-charts-coverage-line', type: 'line', paint: { 'line-color': byScale(), 'line-width': 2 } } as MapOverlay['layers'][number],
    ],
  };
}

/** The route's overlays: the corridor, the cells it lacks, the route line and its uncovered stretches (drawn in that order). */
export function routeOverlays(check: RouteCheck): MapOverlay[] {
  const missing: Feature<Polygon>[] = check.cells
    .filter((c) => !c.isLicensed)
    .map((c) => ({ type: 'Feature', geometry: boxPolygon(c.bbox), properties: { name: c.name, status: 'not-licensed' } }));
  const line: Feature<LineString> = { type: 'Feature', geometry: { type: 'LineString', coordinates: check.route.points }, properties: {} };
  const gaps: Feature<LineString>[] = check.gaps
    .filter((g) => g.points.length > 1)
    .map((g) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: g.points },
      properties: { fromNm: g.fromNm, toNm: g.toNm },
    }));
  return [
    {
      id: 'route-corridor',
      data: { type: 'Feature', geometry: check.corridor, properties: {} },
      layers: [
        { id: 'route-corridor-fill', type: 'fill', paint: { 'fill-color': routeColours.corridor, 'fill-opacity': 0.15 } },
        {
          id: 'route-corridor-line',
          type: 'line',
          paint: { 'line-color': routeColours.corridor, 'line-width': 1, 'line-dasharray': [3, 2] },
        },
      ],
    },
    {
      id: 'route-missing-cells',
      data: { type: 'FeatureCollection', features: missing },
      layers: [
        { id: 'route-missing-fill', type: 'fill', paint: { 'fill-color': statusColours['not-licensed'], 'fill-opacity': 0.3 } },
        { id: 'route-missing-line', type: 'line', paint: { 'line-color': statusColours['not-licensed'], 'line-width': 2 } },
      ],
    },
    {
      id: 'route-line',
      data: line,
      layers: [{ id: 'route-line', type: 'line', paint: { 'line-color': routeColours.line, 'line-width': 2.5 } }],
    },
    {
      id: 'route-gaps',
      data: { type: 'FeatureCollection', features: gaps },
      layers: [{ id: 'route-gaps', type: 'line', paint: { 'line-color': routeColours.gap, 'line-width': 5, 'line-dasharray': [1.5, 1] } }],
    },
  ];
}
