import { encodePng, projectorFor, type Projector, type S102Dataset, type S102Grid } from '@chartroom/s102';

// S-102 depth tiles: 256-px PNGs coloured in depth bands, transparent where no grid has data.

export const RASTER_TILE_SIZE = 256;

/** Where a grid lies: its cells' size and origin in its horizontal CRS (as the S-102 reader gives it). */
export type DepthGridGeometry = S102Grid;

/** A grid ready to sample: its depths and the way back from lon/lat to grid cells. */
export interface DepthGrid {
  grid: DepthGridGeometry;
  /** EPSG code of the grid's horizontal CRS. */
  crs: number;
  depths: Float32Array;
  project: Projector;
  bytes: number;
}

export function prepareDepthGrid(ds: S102Dataset): DepthGrid | null {
  const { rows, cols, originX, originY, spacingX, spacingY } = ds.grid;
  return depthGridOf(ds.horizontalCRS, { rows, cols, originX, originY, spacingX, spacingY }, ds.depthGrid());
}

function depthGridOf(crs: number | null, grid: DepthGridGeometry, depths: Float32Array): DepthGrid | null {
  const project = projectorFor(crs);
  if (!project || crs === null) return null;
  return { grid, crs, depths, project, bytes: depths.byteLength + 4096 };
}

// A prepared grid in the blob store (`tiles/grids/v1/<key>.grid`, decision 0032): the magic, the
// header's length (uint32 LE), the header (JSON: CRS and geometry), zeros up to a multiple of 4,
// then rows × cols depths as little-endian float32 (NaN where the grid has no data). Read back
// with one copy, instead of opening the HDF5 file and decoding its compound values again.
const GRID_MAGIC = Buffer.from('CRDG');
const GRID_VERSION = 1;

export function depthGridKeyOf(key: string): string {
  return `tiles/grids/v${GRID_VERSION}/${key.replaceAll(':', '-')}.grid`;
}

export function encodeDepthGrid(g: DepthGrid): Buffer {
  const header = Buffer.from(JSON.stringify({ v: GRID_VERSION, crs: g.crs, grid: g.grid }));
  const start = Math.ceil((8 + header.length) / 4) * 4;
  const out = Buffer.alloc(start + g.depths.byteLength);
  GRID_MAGIC.copy(out, 0);
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  if (littleEndian)
    new Uint8Array(out.buffer, out.byteOffset + start, g.depths.byteLength).set(
      new Uint8Array(g.depths.buffer, g.depths.byteOffset, g.depths.byteLength),
    );
  else for (let i = 0; i < g.depths.length; i++) out.writeFloatLE(g.depths[i]!, start + i * 4);
  return out;
}

/** A stored grid read back; throws on anything that is not one this version wrote. */
export function decodeDepthGrid(bytes: Buffer): DepthGrid | null {
  if (bytes.length < 8 || !bytes.subarray(0, 4).equals(GRID_MAGIC)) throw new Error('not a prepared depth grid');
  const length = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.subarray(8, 8 + length).toString('utf8')) as { v: number; crs: number; grid: DepthGridGeometry };
  if (header.v !== GRID_VERSION) throw new Error(`prepared depth grid of version ${header.v}`);
  const start = Math.ceil((8 + length) / 4) * 4;
  const count = header.grid.rows * header.grid.cols;
  if (bytes.length !== start + count * 4) throw new Error('prepared depth grid of the wrong size');
  const depths = new Float32Array(count);
  if (littleEndian) new Uint8Array(depths.buffer).set(bytes.subarray(start));
  else for (let i = 0; i < count; i++) depths[i] = bytes.readFloatLE(start + i * 4);
  return depthGridOf(header.crs, header.grid, depths);
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Depth bands (metres, upper bound exclusive) and their colours, shallow to deep; drying ground first. */
const BANDS: { below: number; rgba: [number, number, number, number] }[] = [
  { below: 0, rgba: [201, 185, 122, 220] },
  { below: 2, rgba: [115, 182, 239, 220] },
  { below: 5, rgba: [152, 197, 242, 220] },
  { below: 10, rgba: [186, 213, 225, 220] },
  { below: 20, rgba: [212, 234, 238, 220] },
  { below: 50, rgba: [228, 242, 246, 220] },
  { below: Infinity, rgba: [246, 250, 252, 220] },
];

export function depthColour(depth: number): [number, number, number, number] {
  for (const b of BANDS) if (depth < b.below) return b.rgba;
  return BANDS[BANDS.length - 1]!.rgba;
}

/** Grid (column, row) of a lon/lat: the projector inverted by Newton steps from the grid centre. */
function gridCellOf(g: DepthGrid, lon: number, lat: number, start: [number, number]): [number, number] {
  const { grid } = g;
  let [x, y] = start;
  for (let i = 0; i < 12; i++) {
    const [l0, p0] = g.project(x, y);
    const h = Math.max(grid.spacingX, grid.spacingY);
    const [lx, px] = g.project(x + h, y);
    const [ly, py] = g.project(x, y + h);
    const a = (lx - l0) / h,
      b = (ly - l0) / h,
      c = (px - p0) / h,
      d = (py - p0) / h;
    const det = a * d - b * c;
    if (det === 0) break;
    const dl = lon - l0,
      dp = lat - p0;
    const dx = (d * dl - b * dp) / det;
    const dy = (-c * dl + a * dp) / det;
    x += dx;
    y += dy;
    if (Math.abs(dx) < 1e-4 && Math.abs(dy) < 1e-4) break;
  }
  return [(x - grid.originX) / grid.spacingX, (y - grid.originY) / grid.spacingY];
}

function lonLatOfPixel(z: number, tx: number, ty: number, px: number, py: number): [number, number] {
  const n = 2 ** z;
  const mx = (tx + px / RASTER_TILE_SIZE) / n;
  const my = (ty + py / RASTER_TILE_SIZE) / n;
  const lon = mx * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * my))) * 180) / Math.PI;
  return [lon, lat];
}

/**
 * Renders tile z/x/y from the grids (later grids drawn over earlier ones), or null when no pixel
 * falls on data. Grid positions are solved exactly on a 17×17 lattice and interpolated between.
 */
export function renderDepthTile(grids: DepthGrid[], z: number, tx: number, ty: number): Uint8Array | null {
  const size = RASTER_TILE_SIZE;
  const rgba = new Uint8Array(size * size * 4);
  let painted = false;
  const step = 16;
  const lattice = size / step + 1;
  for (const g of grids) {
    const { rows, cols, originX, originY, spacingX, spacingY } = g.grid;
    const centre: [number, number] = [originX + (spacingX * cols) / 2, originY + (spacingY * rows) / 2];
    const pos = new Float64Array(lattice * lattice * 2);
    for (let j = 0; j < lattice; j++) {
      for (let i = 0; i < lattice; i++) {
        const [lon, lat] = lonLatOfPixel(z, tx, ty, i * step, j * step);
        const [c, r] = gridCellOf(g, lon, lat, centre);
        pos[(j * lattice + i) * 2] = c;
        pos[(j * lattice + i) * 2 + 1] = r;
      }
    }
    for (let py = 0; py < size; py++) {
      const j = Math.min(lattice - 2, Math.floor(py / step));
      const fy = (py + 0.5 - j * step) / step;
      for (let px = 0; px < size; px++) {
        const i = Math.min(lattice - 2, Math.floor(px / step));
        const fx = (px + 0.5 - i * step) / step;
        const at = (di: number, dj: number, k: number) => pos[((j + dj) * lattice + (i + di)) * 2 + k]!;
        const col = (1 - fy) * ((1 - fx) * at(0, 0, 0) + fx * at(1, 0, 0)) + fy * ((1 - fx) * at(0, 1, 0) + fx * at(1, 1, 0));
        const row = (1 - fy) * ((1 - fx) * at(0, 0, 1) + fx * at(1, 0, 1)) + fy * ((1 - fx) * at(0, 1, 1) + fx * at(1, 1, 1));
        const c = Math.round(col);
        const r = Math.round(row);
        if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
        const depth = g.depths[r * cols + c]!;
        if (Number.isNaN(depth)) continue;
        rgba.set(depthColour(depth), (py * size + px) * 4);
        painted = true;
      }
    }
  }
  return painted ? encodePng(size, size, rgba) : null;
}
