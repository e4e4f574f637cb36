import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { createUserPermit } from '@chartroom/s63';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import type { Database } from '../../db/client.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { loginProvider, postFiles, type Part } from '../charts/charts.test-helper.js';
import { demoDeviceApplication, seedDeviceApplication } from './device-apps.seed.js';

// Shared by the device API tests. The test app is described by shape (as charts.test-helper does).
interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  loginAs(
    role: 'provider' | 'user' | 'distributor',
  ): Promise<{ id: number; email: string; token: string; headers: { authorization: string } }>;
}

export const otherApplication = { applicationTypeId: 102, mId: '20', mKey: 'ABCDE' } as const;

export async function seedApplications(t: TestApp) {
  const box = createSecretBox(t.app.config.dataKey);
  await seedDeviceApplication(t.database.db, box, demoDeviceApplication);
  await seedDeviceApplication(t.database.db, box, otherApplication);
}

export const userPermitFor = (hwId: string, app: { mKey: string; mId: string } = demoDeviceApplication) =>
  createUserPermit({ hwId, mKey: app.mKey, mId: app.mId });

const cellFile = (filename: string, data: Uint8Array): Part => ({ name: 'files', filename, data });

/** A provider whose geocontent holds the demo cell XX5DEMO1 with `updates` updates applied, and its product. */
export async function seedChartsProduct(t: TestApp, updates = 1) {
  const p = await loginProvider(t, `Office ${Math.random().toString(36).slice(2, 7)}`);
  await applyCells(t, p, [
    cellFile('XX5DEMO1.000', buildDemoHarbourCell()),
    ...Array.from({ length: updates }, (_, i) => cellFile(`XX5DEMO1.00${i + 1}`, buildDemoHarbourUpdate(i + 1))),
  ]);
  const product = await seedProduct(t.database.db, { geocontentId: p.gcId, licType: 'com', price: 10 });
  return { provider: p, productId: product.id };
}

export async function applyCells(t: TestApp, p: { headers: Record<string, string>; gcId: number }, files: Part[]) {
  const review = (await postFiles(t, '/api/geocontent/addenc', p.headers, [...files, { name: 'gcid', value: String(p.gcId) }])).json();
  const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${review.guid}`, headers: p.headers });
  if (applied.statusCode !== 200) throw new Error(`ApplyEnc failed: ${applied.body}`);
}

export async function createActivation(t: TestApp, deviceId: string, headers?: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/installation/activate',
    ...(headers ? { headers } : {}),
    payload: { deviceId, applicationTypeId: 101, platformId: 1, durationMonths: 12 },
  });
  return res.json().id as string;
}

/** A user with a licence of `deviceCount` devices, and a device of theirs redeemed on it. */
export async function seedRedeemedDevice(t: TestApp, opts: { productId: number; hwId: string; deviceCount?: number }) {
  const user = await t.loginAs('user');
  const license = await seedLicense(t.database.db, { productId: opts.productId, userId: user.id, deviceCount: opts.deviceCount ?? 2 });
  const deviceId = `SHIP-${opts.hwId}`;
  const code = await createActivation(t, deviceId, user.headers);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/app/v1/activations/${code}/redeem`,
    payload: { deviceId, platformId: 1, applicationTypeId: 101, userPermit: userPermitFor(opts.hwId) },
  });
  if (res.statusCode !== 200) throw new Error(`redeem failed: ${res.body}`);
  const token = res.json().token as string;
  return {
    user,
    license,
    deviceId,
    token,
    deviceHeaders: { authorization: `Bearer ${token}` },
    installationId: res.json().installationId as number,
  };
}

export function unzipResponse(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

const decryptScript = fileURLToPath(new URL('../../../test/s63-independent-decrypt.mjs', import.meta.url));

/** Decrypts cells with Node's own OpenSSL Blowfish in a separate process (not packages/s63). */
export async function decryptIndependently(input: {
  hwId: string;
  permitText: string;
  cells: { name: string; file: string; data: Uint8Array }[];
}) {
  const payload = JSON.stringify({ ...input, cells: input.cells.map((c) => ({ ...c, data: Buffer.from(c.data).toString('base64') })) });
  const child = spawn(process.execPath, ['--openssl-legacy-provider', decryptScript], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  child.stdin.end(payload);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`independent decrypt failed: ${Buffer.concat(err).toString()}`);
  return (JSON.parse(Buffer.concat(out).toString()) as { name: string; file: string; plain: string }[]).map((c) => ({
    ...c,
    plain: Buffer.from(c.plain, 'base64'),
  }));
}
