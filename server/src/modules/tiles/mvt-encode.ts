import Pbf from 'pbf';
import { LAYER_TAG, type TagValue } from './cell-features.js';
import { cleanTileFeature } from './tile-clean.js';

// Mapbox Vector Tile 2.1 writer (https://github.com/mapbox/vector-tile-spec/tree/master/2.1):
// tile { layers }, layer { version 2, name, features, keys, values, extent }, geometry as
// command integers with zig-zag deltas; polygons' exterior rings have positive area in tile units.
// Every feature is made valid on the way in (`cleanTileFeature`): no repeated point, no collapsed
// line or ring, rings oriented, no self-intersection.

export type Ring = [number, number][];
export interface MvtFeature {
  /** 1 point, 2 line, 3 polygon */
  type: 1 | 2 | 3;
  /** points: one list of points; lines: list of lines; polygons: rings, each exterior followed by its holes. */
  geometry: [number, number][] | [number, number][][];
  tags: Record<string, unknown>;
}

interface LayerContext {
  keys: string[];
  keyIndex: Map<string, number>;
  values: TagValue[];
  stringIndex: Map<string, number>;
  numberIndex: Map<number, number>;
}

interface EncodedLayer {
  name: string;
  extent: number;
  ctx: LayerContext;
  features: EncodedFeature[];
}
interface EncodedFeature {
  type: number;
  tags: number[];
  geometry: number[];
}

const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;

function command(id: number, count: number): number {
  return (count << 3) | (id & 7);
}
function zigzag(n: number): number {
  return (n << 1) ^ (n >> 31);
}

function encodeGeometry(f: MvtFeature): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  if (f.type === 1) {
    const points = f.geometry as [number, number][];
    out.push(command(MOVE_TO, points.length));
    for (const [x, y] of points) {
      out.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    }
    return out;
  }
  const isPolygon = f.type === 3;
  for (const line of f.geometry as [number, number][][]) {
    const n = isPolygon && line.length > 1 && sameXY(line[0]!, line[line.length - 1]!) ? line.length - 1 : line.length;
    if (n < (isPolygon ? 3 : 2)) continue;
    const [x0, y0] = line[0]!;
    out.push(command(MOVE_TO, 1), zigzag(x0 - cx), zigzag(y0 - cy));
    cx = x0;
    cy = y0;
    out.push(command(LINE_TO, n - 1));
    for (let i = 1; i < n; i++) {
      const [x, y] = line[i]!;
      out.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    }
    if (isPolygon) out.push(command(CLOSE_PATH, 1));
  }
  return out;
}

function sameXY(a: [number, number], b: [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function tagIndexes(tags: Record<string, unknown>, ctx: LayerContext): number[] {
  const out: number[] = [];
  for (const key in tags) {
    if (key === LAYER_TAG) continue;
    const value = tags[key];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    let k = ctx.keyIndex.get(key);
    if (k === undefined) {
      k = ctx.keys.length;
      ctx.keys.push(key);
      ctx.keyIndex.set(key, k);
    }
    const index: Map<TagValue, number> = typeof value === 'string' ? ctx.stringIndex : ctx.numberIndex;
    let v = index.get(value);
    if (v === undefined) {
      v = ctx.values.length;
      ctx.values.push(value);
      index.set(value, v);
    }
    out.push(k, v);
  }
  return out;
}

function writeValue(value: TagValue, pbf: Pbf): void {
  if (typeof value === 'string') pbf.writeStringField(1, value);
  else if (Number.isInteger(value) && Math.abs(value) < 2 ** 53) {
    if (value < 0) pbf.writeSVarintField(6, value);
    else pbf.writeVarintField(5, value);
  } else pbf.writeDoubleField(3, value);
}

function writeFeature(e: EncodedFeature, pbf: Pbf): void {
  pbf.writePackedVarint(2, e.tags);
  pbf.writeVarintField(3, e.type);
  pbf.writePackedVarint(4, e.geometry);
}

function writeLayer(layer: EncodedLayer, pbf: Pbf): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, layer.name);
  for (const e of layer.features) pbf.writeMessage(2, writeFeature, e);
  for (const k of layer.ctx.keys) pbf.writeStringField(3, k);
  for (const v of layer.ctx.values) pbf.writeMessage(4, writeValue, v);
  pbf.writeVarintField(5, layer.extent);
}

/**
 * Encodes layers (name → features) as one vector tile, each feature's geometry made valid first;
 * features with nothing valid left and layers without features are left out.
 */
export function encodeMvt(layers: Map<string, MvtFeature[]>, extent: number): Uint8Array {
  const pbf = new Pbf();
  for (const [name, features] of layers) {
    const ctx: LayerContext = { keys: [], keyIndex: new Map(), values: [], stringIndex: new Map(), numberIndex: new Map() };
    const encoded: EncodedFeature[] = [];
    for (const given of features) {
      const f = cleanTileFeature(given);
      if (!f) continue;
      const geometry = encodeGeometry(f);
      if (geometry.length === 0) continue;
      encoded.push({ type: f.type, tags: tagIndexes(f.tags, ctx), geometry });
    }
    if (encoded.length > 0) pbf.writeMessage(3, writeLayer, { name, extent, ctx, features: encoded });
  }
  return pbf.finish();
}
