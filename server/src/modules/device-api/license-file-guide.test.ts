import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedApplications, seedChartsProduct, seedRedeemedDevice } from './device-api.test-helper.js';

// docs/device-license-file.md tells app makers how to check a licence file offline. Its Node
// example is run here as the guide prints it: a file that verifies must also name this device.

const guide = readFileSync(new URL('../../../../docs/device-license-file.md', import.meta.url), 'utf8');
const nodeExample = /## Node[^\n]*\n+```js\n([\s\S]*?)```/.exec(guide)?.[1];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("the licence-file guide's verifier", () => {
  let t: TestApp;
  let dir: string;
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    ({ productId } = await seedChartsProduct(t, 1));
    dir = mkdtempSync(join(tmpdir(), 'chartroom-guide-'));
    writeFileSync(join(dir, 'verify.mjs'), nodeExample ?? '');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the guide's example in `dir` on this file and keys, as the device named by `env`. */
  function runExample(jws: string, keys: string, env: { DEVICE_ID: string; HW_ID: string }): Promise<Run> {
    writeFileSync(join(dir, 'licence.jws'), jws);
    writeFileSync(join(dir, 'keys.json'), keys);
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['verify.mjs'],
        { cwd: dir, env: { PATH: process.env.PATH, ...env }, timeout: 30_000 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
      );
    });
  }

  it('accepts the file on its own device and refuses it changed or copied to another device', async () => {
    expect(nodeExample).toContain('licence file is for another device');
    const mine = await seedRedeemedDevice(t, { productId, hwId: '7C7C7' });
    const other = await seedRedeemedDevice(t, { productId, hwId: '8D8D8' });
    const jws = (await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: mine.deviceHeaders })).body;
    const keys = (await t.app.inject({ method: 'GET', url: '/api/app/v1/keys' })).body;

    const ok = await runExample(jws, keys, { DEVICE_ID: mine.deviceId, HW_ID: '7c7c7' });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`^${mine.deviceId} 1 cells until `));

    // A changed byte: the signature fails.
    const [h, p, s] = jws.split('.') as [string, string, string];
    const bytes = Buffer.from(p, 'base64url');
    bytes[5] ^= 1;
    const changed = await runExample(`${h}.${bytes.toString('base64url')}.${s}`, keys, { DEVICE_ID: mine.deviceId, HW_ID: '7C7C7' });
    expect(changed.code).not.toBe(0);
    expect(changed.stderr).toContain('licence file was changed');

    // The same good file copied to the other ship, to a device with another id, or another HW_ID.
    for (const device of [
      { DEVICE_ID: other.deviceId, HW_ID: '8D8D8' },
      { DEVICE_ID: other.deviceId, HW_ID: '7C7C7' },
      { DEVICE_ID: mine.deviceId, HW_ID: '8D8D8' },
    ]) {
      const copied = await runExample(jws, keys, device);
      expect(copied.code, JSON.stringify(device)).not.toBe(0);
      expect(copied.stderr, JSON.stringify(device)).toContain('licence file is for another device');
    }

    // The other ship's own file verifies there.
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/app/v1/license-file', headers: other.deviceHeaders })).body;
    expect((await runExample(theirs, keys, { DEVICE_ID: other.deviceId, HW_ID: '8D8D8' })).code).toBe(0);
  }, 120_000);
});
