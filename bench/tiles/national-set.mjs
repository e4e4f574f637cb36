#!/usr/bin/env node
// A synthetic national chart set made from one real cell (issue 39): N renamed copies of US4MD81M
// with its updates (.001–.003), each moved by whole degrees so that none hides another.
//
// Each copy is the original's bytes patched in place, so every record keeps its length:
//   - the DSID's DSNM (the file's own name, `US4MD81M.000`, `US4MD81M.001`…) gets the copy's name, `US4X` and four digits (the producer code and the band digit kept);
//   - every SG2D and SG3D coordinate (YCOO, XCOO: fixed-width b24 integers) gets the copy's offset
//     in whole degrees times the cell's COMF (from the base's DSPM; updates carry no DSPM);
//   - the files are named NAME.000, NAME.001…
// The ISO 8211 structure is walked by hand (leader, directory): only the fields above are touched.
// Copies sit on a grid of 1° steps around the original (the original's place left out), inside
// ±70° of latitude and away from the antimeridian; the cell's vectors span 0.63° × 0.71°, so they
// never overlap. Output: zips of `batch` cells each (`ENC_ROOT/NAME/NAME.00n` and the cell's TXT
// companions), as `POST /api/geocontent/addenc` takes them, and `manifest.json` (each cell's name,
// offset and box); with `--folders`, loose `NAME/NAME.00n` folders instead of zips.
//
// Usage: node bench/tiles/national-set.mjs N OUT_DIR [--batch 50] [--folders]
// (the corpus at ../shared/testdata or CHARTROOM_TESTDATA)
import { mkdirSync, readdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
export const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(root, '../shared/testdata');
export const sourceDir = join(testdata, 's57/noaa-US4MD81M');
const SOURCE_NAME = 'US4MD81M';

const FIELD_TERMINATOR = 0x1e;

/** The fields of one ISO 8211 record: tag, start (absolute in the file) and length (with its terminator). */
function* records(buf) {
  let at = 0;
  let first = true;
  while (at < buf.length) {
    const header = buf.toString('latin1', at, at + 24);
    const recordLength = Number(header.slice(0, 5));
    if (!Number.isInteger(recordLength) || recordLength < 24) throw new Error(`bad ISO 8211 leader at byte ${at}`);
    const leaderId = header[6];
    const base = Number(header.slice(12, 17));
    const sizeLength = Number(header[20]);
    const sizePos = Number(header[21]);
    const sizeTag = Number(header[23]);
    if (!first && leaderId !== 'D') throw new Error(`record at byte ${at}: leader identifier ${leaderId} (only D is handled)`);
    const entry = sizeTag + sizeLength + sizePos;
    const fields = [];
    for (let e = at + 24; buf[e] !== FIELD_TERMINATOR; e += entry) {
      const tag = buf.toString('latin1', e, e + sizeTag);
      const length = Number(buf.toString('latin1', e + sizeTag, e + sizeTag + sizeLength));
      const pos = Number(buf.toString('latin1', e + sizeTag + sizeLength, e + entry));
      fields.push({ tag, start: at + base + pos, length });
    }
    if (!first) yield fields;
    first = false;
    at += recordLength;
  }
}

/** The COMF of a base cell (DSPM: RCNM b11, RCID b14, HDAT, VDAT, SDAT b11, CSCL b14, DUNI, HUNI, PUNI, COUN b11, COMF b14). */
export function comfOf(buf) {
  for (const fields of records(buf)) {
    const dspm = fields.find((f) => f.tag === 'DSPM');
    if (dspm) return buf.readUInt32LE(dspm.start + 16);
  }
  throw new Error('no DSPM record: not a base cell');
}

/**
 * A copy of the S-57 file `buf`: DSNM's name `from` replaced by `to` (8 characters each), and
 * `dLat`/`dLon` whole degrees added to every SG2D/SG3D coordinate. Answers the new bytes and the
 * box of the coordinates written ([west, south, east, north] in degrees), or null when the file has none.
 */
export function moveCell(buf, { from, to, dLat, dLon, comf }) {
  if (from.length !== 8 || to.length !== 8) throw new Error('cell names are 8 characters');
  const out = Buffer.from(buf);
  const dy = Math.round(dLat * comf);
  const dx = Math.round(dLon * comf);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let renamed = false;
  for (const fields of records(out)) {
    for (const f of fields) {
      if (f.tag === 'DSID') {
        // DSNM after RCNM b11, RCID b14, EXPP b11, INTU b11.
        const at = f.start + 7;
        if (out.toString('latin1', at, at + 8) !== from) throw new Error(`DSNM is ${out.toString('latin1', at, at + 12)}, not ${from}…`);
        out.write(to, at, 'latin1');
        renamed = true;
      } else if (f.tag === 'SG2D' || f.tag === 'SG3D') {
        const step = f.tag === 'SG2D' ? 8 : 12;
        const data = f.length - 1;
        if (data % step !== 0 || out[f.start + data] !== FIELD_TERMINATOR) throw new Error(`${f.tag} at byte ${f.start}: ${data} bytes`);
        for (let p = f.start; p < f.start + data; p += step) {
          const y = out.readInt32LE(p) + dy;
          const x = out.readInt32LE(p + 4) + dx;
          out.writeInt32LE(y, p);
          out.writeInt32LE(x, p + 4);
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
      }
    }
  }
  if (!renamed) throw new Error('no DSID record');
  const box = minX === Infinity ? null : [minX / comf, minY / comf, maxX / comf, maxY / comf];
  return { bytes: out, box };
}

/** Copy `i`'s name: US4X0001, US4X0002… (producer US, band 4 kept). */
export const copyName = (i) => `US4X${String(i + 1).padStart(4, '0')}`;

/**
 * Whole-degree offsets of `n` copies: a square grid of 1° steps centred on the original, without
 * the original's own place, kept inside ±70° of latitude and off the antimeridian.
 */
export function gridOffsets(n, box = [-76.63, 38.34, -75.99, 39.06]) {
  const side = Math.ceil(Math.sqrt(n + 1));
  const half = Math.floor(side / 2);
  const out = [];
  for (let r = 0; r < side && out.length < n; r++) {
    for (let c = 0; c < side && out.length < n; c++) {
      const dLat = r - half;
      const dLon = c - half;
      if (dLat === 0 && dLon === 0) continue;
      if (box[1] + dLat < -70 || box[3] + dLat > 70 || box[0] + dLon <= -179 || box[2] + dLon >= 179) {
        throw new Error(`copy ${out.length} would leave ±70° or reach the antimeridian`);
      }
      out.push({ dLat, dLon });
    }
  }
  return out;
}

/** The source cell's files: base then updates in order, and its TXT companions. */
export function sourceFiles(dir = sourceDir) {
  const names = readdirSync(dir).sort();
  return {
    cell: names.filter((n) => n.startsWith(`${SOURCE_NAME}.`) && /\.\d{3}$/.test(n)).map((n) => join(dir, n)),
    companions: names.filter((n) => /\.TXT$/i.test(n)).map((n) => join(dir, n)),
  };
}

/** Yields each copy: { name, dLat, dLon, box, files: [{ name, bytes }] }. */
export function* nationalSet(n, dir = sourceDir) {
  const { cell } = sourceFiles(dir);
  const sources = cell.map((f) => ({ ext: f.slice(-3), bytes: readFileSync(f) }));
  const comf = comfOf(sources[0].bytes);
  const offsets = gridOffsets(n);
  for (let i = 0; i < n; i++) {
    const name = copyName(i);
    const { dLat, dLon } = offsets[i];
    let box = null;
    const files = sources.map(({ ext, bytes }) => {
      const moved = moveCell(bytes, { from: SOURCE_NAME, to: name, dLat, dLon, comf });
      if (moved.box) {
        box = box
          ? [Math.min(box[0], moved.box[0]), Math.min(box[1], moved.box[1]), Math.max(box[2], moved.box[2]), Math.max(box[3], moved.box[3])]
          : moved.box;
      }
      return { name: `${name}.${ext}`, bytes: moved.bytes };
    });
    yield { name, dLat, dLon, box, files };
  }
}

/** Writes a zip of `entries` ({path, data}), deflated at level 1. */
async function writeZip(file, entries) {
  const fflate = createRequire(join(root, 'server/package.json'))('fflate');
  const out = createWriteStream(file);
  const done = new Promise((ok, fail) => {
    out.on('finish', ok);
    out.on('error', fail);
  });
  const zip = new fflate.Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  for (const { path, data } of entries) {
    const entry = new fflate.ZipDeflate(path, { level: 1 });
    zip.add(entry);
    entry.push(data, true);
    if (out.writableLength > 64 * 1024 * 1024) await new Promise((r) => out.once('drain', r));
  }
  zip.end();
  await done;
}

/**
 * Writes the set to `outDir`: `batch-NNN.zip` files of `batch` cells (or folders with `folders`),
 * and `manifest.json` ({ source, comf, batches: [file], cells: [{ name, dLat, dLon, box, batch }] }).
 */
/** Tile x of a longitude and tile y of a latitude at zoom z (Web Mercator). */
const lon2x = (lon, z) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2y = (lat, z) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** `count` distinct random tiles z10–z15 that touch a cell: a random cell of the manifest's, a random zoom, a random tile in the cell's box. */
export function pickTiles(cells, count, random) {
  const picked = new Set();
  let tries = 0;
  while (picked.size < count && tries++ < count * 100) {
    const cell = cells[Math.floor(random() * cells.length)];
    const z = 10 + Math.floor(random() * 6);
    const [w, south, e, north] = cell.box;
    const x0 = lon2x(w, z);
    const x1 = lon2x(e, z);
    const y0 = lat2y(north, z);
    const y1 = lat2y(south, z);
    picked.add(`${z}/${x0 + Math.floor(random() * (x1 - x0 + 1))}/${y0 + Math.floor(random() * (y1 - y0 + 1))}`);
  }
  return [...picked];
}

export async function writeNationalSet(n, outDir, { batch = 50, folders = false, dir = sourceDir } = {}) {
  mkdirSync(outDir, { recursive: true });
  const { companions } = sourceFiles(dir);
  const companionEntries = companions.map((f) => ({ path: `ENC_ROOT/${f.split('/').pop()}`, data: readFileSync(f) }));
  const manifest = { source: SOURCE_NAME, comf: comfOf(readFileSync(sourceFiles(dir).cell[0])), batches: [], cells: [] };
  let pending = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const index = manifest.batches.length;
    const label = `batch-${String(index + 1).padStart(3, '0')}`;
    if (folders) {
      const batchDir = join(outDir, label);
      for (const cell of pending) {
        mkdirSync(join(batchDir, cell.name), { recursive: true });
        for (const f of cell.files) writeFileSync(join(batchDir, cell.name, f.name), f.bytes);
      }
      for (const c of companionEntries) writeFileSync(join(batchDir, c.path.split('/').pop()), c.data);
      manifest.batches.push(label);
    } else {
      const entries = pending.flatMap((cell) => cell.files.map((f) => ({ path: `ENC_ROOT/${cell.name}/${f.name}`, data: f.bytes })));
      await writeZip(join(outDir, `${label}.zip`), [...entries, ...companionEntries]);
      manifest.batches.push(`${label}.zip`);
    }
    pending = [];
  };
  for (const cell of nationalSet(n, dir)) {
    manifest.cells.push({ name: cell.name, dLat: cell.dLat, dLon: cell.dLon, box: cell.box, batch: manifest.batches.length });
    pending.push(cell);
    if (pending.length >= batch) await flush();
  }
  await flush();
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1));
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [n, outDir] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--batch');
  if (!n || !outDir) {
    console.error('usage: node bench/tiles/national-set.mjs N OUT_DIR [--batch 50] [--folders]');
    process.exit(2);
  }
  const batchAt = process.argv.indexOf('--batch');
  const t0 = performance.now();
  const manifest = await writeNationalSet(Number(n), outDir, {
    batch: batchAt > 0 ? Number(process.argv[batchAt + 1]) : 50,
    folders: process.argv.includes('--folders'),
  });
  console.log(
    `${manifest.cells.length} cells (${manifest.cells[0].name}…${manifest.cells.at(-1).name}) in ${manifest.batches.length} batches under ${outDir}, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * The other client of the national bench: /health, the ENC list's first page and the geocontent
 * list in turn, `gapMs` apart, until stopped; `call(path)` answers `{ status, ms }`. `stop()`
 * gives each path's times and how many failed.
 */
export function otherClient(call, gcid, gapMs) {
  const kinds = {
    '/health': [],
    // The first page of the ENC list, as the catalogue screen asks for it (pages of 50).
    [`/charts/getCollection?gcid=${gcid}&offset=0&limit=50`]: [],
    '/api/geocontent/': [],
  };
  let running = true;
  let failed = 0;
  const done = (async () => {
    while (running) {
      for (const path of Object.keys(kinds)) {
        if (!running) break;
        try {
          const res = await call(path);
          if (res.status === 200) kinds[path].push(res.ms);
          else failed += 1;
        } catch {
          failed += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { kinds, failed };
    },
  };
}
