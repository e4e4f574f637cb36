import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readS57, cellName } from '@chartroom/s57';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';
import { decryptIndependently, unzipResponse } from './device-api.test-helper.js';

// docs/devices.md is what an app maker follows alone. Its Node programs are run here as the guide
// prints them, on an exchange set the portal made for the demo user's device: the user permit, the
// cell decryption and the signature check against the published scheme administrator key.

const guide = readFileSync(new URL('../../../../docs/devices.md', import.meta.url), 'utf8');
const block = (after: string) => new RegExp(`${after}[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(guide)?.[1] ?? '';
const programs = {
  'user-permit.mjs': block('Node \\(20 or later'),
  'decrypt-cell.mjs': block('### Node: decrypt a cell'),
  'verify-cell.mjs': block("#### Node: verify a cell's signatures"),
};

/** S-63 names a cell file's signature file after it, its first character replaced by S. */
const signatureOf = (cell: string) => cell.replace(/\/[^/]([^/]*)$/, '/S$1');

function run(dir: string, args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: dir, encoding: 'buffer', timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, stdout, stderr: stderr.toString() }),
    );
  });
}

describe("the device guide's programs", () => {
  let t: TestApp;
  let dir: string;
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
    dir = mkdtempSync(join(tmpdir(), 'chartroom-devices-guide-'));
    for (const [name, code] of Object.entries(programs)) writeFileSync(join(dir, name), code);
    const user = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/api/installation/activate',
        headers: { authorization: `Bearer ${t.app.signToken(user)}` },
        payload: { deviceId: 'GUIDE-SHIP', applicationTypeId: 101, platformId: 1 },
      })
    ).json().id;
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId: 'GUIDE-SHIP', platformId: 1, applicationTypeId: 101, userPermit: '66B5CBFDF7E4139D5B6086C23130' },
    });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: { authorization: `Bearer ${redeemed.json().token}`, accept: 'application/zip' },
      payload: { productVersions: [] },
    });
    expect(set.statusCode, set.body).toBe(200);
    files = unzipResponse(set.rawPayload);
    for (const [path, data] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
    writeFileSync(join(dir, 'sa.pem'), (await t.app.inject({ method: 'GET', url: '/api/app/v1/s63/scheme-administrator' })).body);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes the demo user permit', async () => {
    const res = await run(dir, ['--openssl-legacy-provider', 'user-permit.mjs']);
    expect(res.stderr).toBe('');
    expect(res.stdout.toString().trim()).toBe('66B5CBFDF7E4139D5B6086C23130');
  });

  it('decrypts the demo cell as an independent decryption does', async () => {
    const cell = 'V01X01/ENC_ROOT/XX/XX5DEMO1/1/0/XX5DEMO1.000';
    const res = await run(dir, ['--openssl-legacy-provider', 'decrypt-cell.mjs', '12345', 'V01X01/PERMIT.TXT', cell]);
    expect(res.stderr).toBe('');
    expect(cellName(readS57(new Uint8Array(res.stdout)))).toBe('XX5DEMO1');
    const [independent] = await decryptIndependently({
      hwId: '12345',
      permitText: Buffer.from(files['V01X01/PERMIT.TXT']!).toString('latin1'),
      cells: [{ name: 'XX5DEMO1', file: cell, data: files[cell]! }],
    });
    expect(res.stdout.equals(independent!.plain)).toBe(true);
  });

  it('verifies each cell file against the published scheme administrator, and refuses a changed one', async () => {
    const cells = Object.keys(files).filter((p) => /\/X[^/]*\.\d{3}$/.test(p));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const res = await run(dir, ['verify-cell.mjs', 'sa.pem', cell, signatureOf(cell)]);
      expect(res.stderr, cell).toBe('');
      expect(res.stdout.toString().trim()).toBe('signed');
    }
    const changed = Buffer.from(files[cells[0]!]!);
    changed[changed.length - 1]! ^= 1;
    writeFileSync(join(dir, 'changed.000'), changed);
    const bad = await run(dir, ['verify-cell.mjs', 'sa.pem', 'changed.000', signatureOf(cells[0]!)]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('cell file not signed by the data server');
  });
});
