// The national set's generator makes cells that GDAL and our own reader read as the original moved:
// the same features, the extent moved by the copy's whole degrees, the new name, the same lengths.
// `node --test bench/tiles/national-set.test.mjs` (after `npm install`, which builds packages/s57);
// skipped when the corpus is absent unless REQUIRE_TESTDATA=1 (then it fails), like the other corpus tests.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sourceDir, writeNationalSet } from './national-set.mjs';

const root = new URL('../..', import.meta.url).pathname;
const hasCorpus = existsSync(join(sourceDir, 'US4MD81M.000'));
if (!hasCorpus && process.env.REQUIRE_TESTDATA === '1') throw new Error(`REQUIRE_TESTDATA=1 but ${sourceDir} is missing`);
const hasOgr = spawnSync('ogrinfo', ['--version']).status === 0;
if (hasCorpus && !hasOgr && process.env.REQUIRE_TESTDATA === '1')
  throw new Error('the generator test needs GDAL (ogrinfo, Debian gdal-bin)');

const skip = hasCorpus ? false : 'the corpus (US4MD81M) is absent';
let out;
let manifest;
before(async () => {
  if (skip) return;
  out = mkdtempSync(join(tmpdir(), 'chartroom-national-set-'));
  manifest = await writeNationalSet(5, out, { folders: true, batch: 3 });
});
after(() => out && rmSync(out, { recursive: true, force: true }));

const s57Info = (file) =>
  JSON.parse(execFileSync(process.execPath, [join(root, 'packages/s57/bin/s57.cjs'), 'info', file, '--json'], { encoding: 'utf8' }))[0];
const copyFile = (cell, ext) => join(out, manifest.batches[cell.batch], cell.name, `${cell.name}.${ext}`);
const near = (a, b) => Math.abs(a - b) < 1e-6;

test('five copies on distinct whole-degree places, in two batches, none overlapping another', { skip }, () => {
  assert.equal(manifest.cells.length, 5);
  assert.deepEqual(manifest.batches, ['batch-001', 'batch-002']);
  assert.deepEqual(
    manifest.cells.map((c) => c.name),
    ['US4X0001', 'US4X0002', 'US4X0003', 'US4X0004', 'US4X0005'],
  );
  for (const [i, a] of manifest.cells.entries()) {
    assert.ok(Number.isInteger(a.dLat) && Number.isInteger(a.dLon) && (a.dLat !== 0 || a.dLon !== 0));
    for (const b of manifest.cells.slice(i + 1)) {
      const apart = a.box[2] < b.box[0] || b.box[2] < a.box[0] || a.box[3] < b.box[1] || b.box[3] < a.box[1];
      assert.ok(apart, `${a.name} and ${b.name} overlap`);
    }
  }
});

test('every file keeps its length; our reader sees the same cell, renamed and moved', { skip }, () => {
  const original = s57Info(join(sourceDir, 'US4MD81M.000'));
  for (const cell of manifest.cells) {
    for (const ext of ['000', '001', '002', '003']) {
      assert.equal(statSync(copyFile(cell, ext)).size, statSync(join(sourceDir, `US4MD81M.${ext}`)).size);
    }
    const info = s57Info(copyFile(cell, '000'));
    assert.equal(info.name, cell.name);
    assert.equal(info.edition, original.edition);
    assert.equal(info.update, 3); // the three updates applied
    assert.deepEqual(info.featureCounts, original.featureCounts);
    const moved = [cell.dLon, cell.dLat, cell.dLon, cell.dLat];
    info.bbox.forEach((v, k) =>
      assert.ok(near(v, original.bbox[k] + moved[k]), `${cell.name} bbox ${info.bbox} vs ${original.bbox} + ${moved}`),
    );
  }
});

/** Per layer: feature count and extent, from `ogrinfo -so -al` with the updates applied. */
function ogrLayers(file) {
  const text = execFileSync('ogrinfo', ['-ro', '-so', '-al', file], {
    encoding: 'utf8',
    env: { ...process.env, OGR_S57_OPTIONS: 'RETURN_PRIMITIVES=OFF,UPDATES=APPLY,SPLIT_MULTIPOINT=OFF' },
  });
  const layers = new Map();
  for (const block of text.split(/\nLayer name: /).slice(1)) {
    const name = block.split('\n')[0].trim();
    const count = Number(/Feature Count: (\d+)/.exec(block)[1]);
    const e = /Extent: \((-?[\d.]+), (-?[\d.]+)\) - \((-?[\d.]+), (-?[\d.]+)\)/.exec(block);
    layers.set(name, { count, extent: e ? e.slice(1).map(Number) : null });
  }
  return layers;
}

test(
  'GDAL reads every copy with the original feature counts, its extent moved by whole degrees',
  { skip: skip || (!hasOgr && 'GDAL (ogrinfo) is absent') },
  () => {
    const original = ogrLayers(join(sourceDir, 'US4MD81M.000'));
    assert.ok(original.get('DEPARE').count > 100);
    for (const cell of [manifest.cells[0], manifest.cells[4]]) {
      const copy = ogrLayers(copyFile(cell, '000'));
      assert.deepEqual([...copy.keys()], [...original.keys()]);
      for (const [name, layer] of original) {
        assert.equal(copy.get(name).count, layer.count, `${cell.name} ${name}`);
        if (!layer.extent) continue;
        const moved = [cell.dLon, cell.dLat, cell.dLon, cell.dLat];
        copy
          .get(name)
          .extent.forEach((v, k) => assert.ok(Math.abs(v - (layer.extent[k] + moved[k])) < 2e-6, `${cell.name} ${name} extent`));
      }
    }
    const dsid = execFileSync('ogrinfo', ['-ro', '-al', copyFile(manifest.cells[4], '000'), 'DSID'], { encoding: 'utf8' });
    assert.match(dsid, /DSID_DSNM \(String\) = US4X0005\.000/);
  },
);

test('the base and its updates keep their bytes except the name and the coordinates', { skip }, () => {
  const cell = manifest.cells[1];
  const a = readFileSync(join(sourceDir, 'US4MD81M.001'));
  const b = readFileSync(copyFile(cell, '001'));
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing += 1;
  assert.ok(differing > 0 && differing < a.length / 4, `${differing} of ${a.length} bytes differ`);
  // Each file's DSNM names the file itself (US4MD81M.001 in the first update).
  assert.ok(a.indexOf('US4MD81M.001', 0, 'latin1') >= 0);
  assert.equal(b.indexOf('US4MD81M', 0, 'latin1'), -1);
  assert.ok(b.indexOf(`${cell.name}.001`, 0, 'latin1') >= 0);
});
