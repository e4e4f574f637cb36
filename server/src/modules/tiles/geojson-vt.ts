// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e and web typechecks compile this file without the server tsconfig, so the declaration must travel with it
/// <reference path="../../types/geojson-vt.d.ts" />
// geojson-vt through one module, so every project that compiles the server's sources (web, e2e)
// sees its declaration.
import geojsonvt from 'geojson-vt';

export type { GeoJSONVT, VtFeature, VtTile } from 'geojson-vt';
export { geojsonvt };
