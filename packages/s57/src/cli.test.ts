import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from './s57/demo.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');
// The sources of the workspace packages it imports (@chartroom/iso8211), as vitest resolves them.
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--conditions=@chartroom/source', '--import', 'tsx', cli, ...args], { encoding: 'utf8' });

const dir = mkdtempSync(join(tmpdir(), 's57-cli-'));
writeFileSync(join(dir, 'XX5DEMO1.000'), buildDemoHarbourCell());
writeFileSync(join(dir, 'XX5DEMO1.001'), buildDemoHarbourUpdate(1));
writeFileSync(join(dir, 'XX5DEMO1.002'), buildDemoHarbourUpdate(2));
writeFileSync(join(dir, 'broken.000'), buildDemoHarbourCell().subarray(0, 900));

describe('s57 command', () => {
  it('info --json applies the updates beside a base cell unless told to ignore them', () => {
    const applied = run('info', '--json', join(dir, 'XX5DEMO1.000'), join(dir, 'XX5DEMO1.002'));
    expect(applied.status).toBe(0);
    const [cell, upd] = JSON.parse(applied.stdout);
    expect(cell).toMatchObject({ name: 'XX5DEMO1', edition: 1, update: 2, issueDate: '20240207', updateApplicationDate: '20240105' });
    expect(cell.featureCounts.BOYSPP).toBe(2);
    expect(upd).toMatchObject({ name: 'XX5DEMO1', update: 2, updateApplicationDate: null });
    const ignored = JSON.parse(run('info', '--json', '--updates', 'ignore', join(dir, 'XX5DEMO1.000')).stdout);
    expect(ignored[0].update).toBe(0);
    const text = run('info', join(dir, 'XX5DEMO1.000'));
    expect(text.stdout).toMatch(/intended usage 5 \(Harbour\)/);
  });

  it('geojson writes a FeatureCollection filtered by class', () => {
    const r = run('geojson', join(dir, 'XX5DEMO1.000'), '--class', 'DEPARE,SOUNDG');
    expect(r.status).toBe(0);
    const fc = JSON.parse(r.stdout);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f: { properties: { layer: string } }) => f.properties.layer).sort()).toEqual([
      'DEPARE',
      'DEPARE',
      'DEPARE',
      'SOUNDG',
    ]);
    expect(fc.features[0].properties.LNAM).toMatch(/^[0-9A-F]{16}$/);
  });

  it('fails with exit code 2 and one line naming the file', () => {
    const r = run('info', join(dir, 'broken.000'));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/broken\.000: truncated/);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    const missing = run('geojson', join(dir, 'nope.000'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.000/);
  });

  it('prints its usage for --help, -h and help, and exits 2 without a command', () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = run(flag);
      expect(r.status, flag).toBe(0);
      expect(r.stdout).toMatch(/s57 info FILE/);
    }
    expect(run().status).toBe(2);
  });
});
