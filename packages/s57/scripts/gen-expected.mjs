#!/usr/bin/env node
// Regenerates src/conformance/gdal-expected.json from the shared corpus with GDAL (Debian gdal-bin).
// Stores values only (metadata, counts, per-class geometry sums), never corpus content.
// Usage: node packages/s57/scripts/gen-expected.mjs [testdataDir]
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(process.argv[2] ?? process.env.CHARTROOM_TESTDATA ?? join(here, '../../../../shared/testdata'));
const csv = readFileSync('/usr/share/gdal/s57objectclasses.csv', 'latin1').split(/\r?\n/).slice(1);
const acronyms = new Map();
for (const line of csv) {
  const m = /^(\d+),(?:"[^"]*"|[^,]*),([A-Za-z_$0-9]+),/.exec(line);
  if (m) acronyms.set(Number(m[1]), m[2]);
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.\d{3}$/.test(name) && !/^CATALOG/i.test(name)) out.push(p);
  }
  return out;
}

function ringArea(r) {
  let s = 0;
  for (let i = 0; i + 1 < r.length; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return Math.abs(s / 2);
}
function lineLength(l) {
  let s = 0;
  for (let i = 0; i + 1 < l.length; i++) s += Math.hypot(l[i + 1][0] - l[i][0], l[i + 1][1] - l[i][1]);
  return s;
}
function measure(g, acc) {
  if (!g) return;
  switch (g.type) {
    case 'Point':
      acc.vertices += 1;
      break;
    case 'MultiPoint':
      acc.vertices += g.coordinates.length;
      break;
    case 'LineString':
      acc.vertices += g.coordinates.length;
      acc.length += lineLength(g.coordinates);
      break;
    case 'MultiLineString':
      for (const l of g.coordinates) {
        acc.vertices += l.length;
        acc.length += lineLength(l);
      }
      break;
    case 'Polygon':
      polygon(g.coordinates, acc);
      break;
    case 'MultiPolygon':
      for (const p of g.coordinates) polygon(p, acc);
      break;
    case 'GeometryCollection':
      for (const x of g.geometries) measure(x, acc);
      break;
  }
}
function polygon(rings, acc) {
  rings.forEach((r, i) => {
    acc.vertices += r.length;
    acc.area += i === 0 ? ringArea(r) : -ringArea(r);
  });
}

function read(file, updates) {
  const args = [
    '-f',
    'GeoJSONSeq',
    '/vsistdout/',
    file,
    '-nlt',
    'GEOMETRY',
    '-lco',
    'COORDINATE_PRECISION=12',
    '-oo',
    `UPDATES=${updates}`,
  ];
  const text = execFileSync('ogr2ogr', args, { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
  let dsid = null;
  const classes = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const f = JSON.parse(line.replace(/^\x1e/, ''));
    const p = f.properties;
    if ('DSID_DSNM' in p) {
      dsid = p;
      continue;
    }
    const acr = acronyms.get(p.OBJL) ?? `OBJL_${p.OBJL}`;
    const acc = (classes[acr] ??= { count: 0, vertices: 0, area: 0, length: 0 });
    acc.count++;
    measure(f.geometry, acc);
  }
  return { dsid, classes };
}

const out = {
  about:
    'GDAL ' +
    execFileSync('ogrinfo', ['--version']).toString().trim() +
    ' readings of the shared corpus (values only). Regenerate: node packages/s57/scripts/gen-expected.mjs',
  files: {},
};
for (const file of walk(join(root, 's57')).concat(walk(join(root, 's63/derived')))) {
  const rel = relative(root, file);
  if (rel.includes('s101-not-s57')) continue;
  const isBase = file.endsWith('.000');
  const entry = {};
  try {
    entry.IGNORE = read(file, 'IGNORE');
    if (isBase) entry.APPLY = read(file, 'APPLY');
  } catch (e) {
    entry.error = String(e.message).split('\n')[0];
  }
  out.files[rel] = entry;
  console.error(rel, Object.keys(entry));
}
writeFileSync(join(here, '../src/conformance/gdal-expected.json'), JSON.stringify(out, null, 1) + '\n');
