import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildDemoHarbourCell } from '@chartroom/s57';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { buildDemoS101Dataset, buildDemoS101Update, DEMO_S101_NAME } from './demo.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=@chartroom/source', '--import', 'tsx', cli, ...args], { encoding: 'utf8' });

const dir = mkdtempSync(join(tmpdir(), 's101-cli-'));
const base = join(dir, `${DEMO_S101_NAME}.000`);
writeFileSync(base, buildDemoS101Dataset());
writeFileSync(join(dir, `${DEMO_S101_NAME}.001`), buildDemoS101Update(1));
writeFileSync(join(dir, `${DEMO_S101_NAME}.002`), buildDemoS101Update(2));
writeFileSync(join(dir, 'broken.000'), buildDemoS101Dataset().subarray(0, 1500));
writeFileSync(join(dir, 'XX5DEMO1.000'), buildDemoHarbourCell());

// Each case starts the command (tsx compiling the sources) a few times: slow on a loaded machine.
describe('s101 command', { timeout: 90_000 }, () => {
  it('info --json applies the update datasets beside a base dataset unless told to ignore them', () => {
    const applied = run('info', '--json', base, join(dir, `${DEMO_S101_NAME}.002`));
    expect(applied.status, applied.stderr).toBe(0);
    const [ds, upd] = JSON.parse(applied.stdout);
    expect(ds).toMatchObject({
      product: 'S-101',
      name: DEMO_S101_NAME,
      edition: 1,
      update: 2,
      issueDate: '20240402',
      appliedUpdates: [1, 2],
    });
    expect(ds.featureCounts).toMatchObject({ DepthArea: 3, BuoySpecialPurposeGeneral: 2, LightAllAround: 1 });
    expect(ds.bbox).toEqual([10, 54, 10.1, 54.06]);
    expect(upd).toMatchObject({ update: 2, profile: 2, featureCounts: { BuoySpecialPurposeGeneral: 1, LightAllAround: 1 } });
    const ignored = JSON.parse(run('info', '--json', '--updates', 'ignore', base).stdout);
    expect(ignored[0]).toMatchObject({ update: 0, appliedUpdates: [] });
    const text = run('info', base);
    expect(text.stdout).toMatch(/edition 1, update 2, issue date 2024-04-02/);
    expect(text.stdout).toMatch(/CRS WGS84 \(EPSG:4326\)/);
    expect(text.stdout).toMatch(/DepthArea 3/);
  });

  it('geojson writes a FeatureCollection, or lines, filtered by type; --s57 gives the S-57 objects', () => {
    const r = run('geojson', base, '--type', 'DepthArea,Sounding');
    expect(r.status, r.stderr).toBe(0);
    const fc = JSON.parse(r.stdout);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f: { properties: { layer: string } }) => f.properties.layer).sort()).toEqual([
      'DepthArea',
      'DepthArea',
      'DepthArea',
      'Sounding',
    ]);
    const sounding = fc.features.find((f: { properties: { layer: string } }) => f.properties.layer === 'Sounding');
    expect(sounding.geometry.coordinates[0]).toEqual([10.02, 54.05, 7.2]);
    const lines = run('geojson', base, '--lines', '--s57', '--type', 'LightAllAround,BuoyLateral');
    const features = lines.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(features.map((f) => f.properties.layer).sort()).toEqual(['BOYLAT', 'LIGHTS']);
    expect(features.find((f) => f.properties.layer === 'LIGHTS').properties).toMatchObject({
      OBJNAM: 'Demo Light 2',
      COLOUR: '1',
      LITCHR: '2',
      SIGPER: 5,
    });
  });

  it('fails with exit code 2 and one line naming the file: truncated, S-57, missing', () => {
    const r = run('info', join(dir, 'broken.000'));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/broken\.000: truncated/);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    const s57 = run('info', join(dir, 'XX5DEMO1.000'));
    expect(s57.status).toBe(2);
    expect(s57.stderr).toMatch(/XX5DEMO1\.000: not_s101: this is an S-57 cell/);
    const other = mkdtempSync(join(tmpdir(), 's101-cli-'));
    writeFileSync(join(other, `${DEMO_S101_NAME}.000`), buildDemoS101Dataset());
    writeFileSync(join(other, `${DEMO_S101_NAME}.001`), buildDemoS101Update(1).subarray(0, 700));
    const update = run('info', join(other, `${DEMO_S101_NAME}.000`));
    expect(update.status).toBe(2);
    expect(update.stderr).toMatch(new RegExp(`${DEMO_S101_NAME}\\.000 \\(${DEMO_S101_NAME}\\.001\\): truncated`));
    const missing = run('geojson', join(dir, 'nope.000'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.000/);
    expect(run('info', base, '--catalogue', join(dir, 'nope.xml')).stderr).toMatch(/nope\.xml/);
  });

  it('prints its usage for --help, -h and help, and exits 2 without a command or with an unknown option', () => {
    for (const flag of ['--help', 'help']) {
      const r = run(flag);
      expect(r.status, flag).toBe(0);
      expect(r.stdout).toMatch(/s101 info FILE/);
    }
    expect(run().status).toBe(2);
    const bad = run('info', base, '--bogus');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown option '--bogus'/);
  });

  it.skipIf(!hasTestdata)('names feature types from the feature catalogue', () => {
    const fc = testdataPath('s101/S-101_FC_1.1.0_20230202.xml');
    const text = run('info', base, '--catalogue', fc);
    expect(text.stdout).toMatch(/3 {2}DepthArea \(Depth Area\)/);
    const json = JSON.parse(run('info', '--json', base, '--catalogue', fc).stdout);
    expect(json[0].featureTypeNames).toMatchObject({ DepthArea: 'Depth Area', LightAllAround: 'Light All Around' });
    const typed = JSON.parse(run('geojson', base, '--type', 'DepthArea', '--catalogue', fc).stdout);
    expect(typed.features[0].properties.depthRangeMinimumValue).toBe(10);
  });
});
