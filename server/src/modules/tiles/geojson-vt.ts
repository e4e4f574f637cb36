// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e and web typechecks compile this file without the server tsconfig, so the declaration must travel with it
/// <reference path="../../types/geojson-vt.d.ts" />
// geojson-vt through one module, so every project that compiles the server's sources (web, e2e)
// sees its declaration.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import geojsonvt, { type VtTile } from 'geojson-vt';

export type { GeoJSONVT, VtFeature, VtTile } from 'geojson-vt';
export { geojsonvt };

// geojson-vt's own steps, for cutting one tile straight down the path to it (tile-pack.ts): the
// package exports only its index, so they are loaded from its files beside it (pinned by the lock
// file; tile-pack.test.ts holds the tiles equal to the index's).
type Clip = (
  features: unknown[],
  scale: number,
  k1: number,
  k2: number,
  axis: 0 | 1,
  minAll: number,
  maxAll: number,
  options: object,
) => unknown[] | null;
type CreateTile = (features: unknown[], z: number, x: number, y: number, options: object) => VtTile & { transformed: boolean };
type TransformTile = (tile: VtTile, extent: number) => VtTile;
const vtSource = dirname(createRequire(import.meta.url).resolve('geojson-vt'));
const internal = async <T>(file: string) => ((await import(pathToFileURL(join(vtSource, file)).href)) as { default: T }).default;
export const vtClip = await internal<Clip>('clip.js');
export const vtCreateTile = await internal<CreateTile>('tile.js');
export const vtTransformTile = await internal<TransformTile>('transform.js');
