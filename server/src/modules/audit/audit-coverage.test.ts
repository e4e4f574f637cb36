import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { openDatabase, type Database } from '../../db/client.js';
import { makePdf, makePng } from '../../db/seed/catalog-data-files.js';
import { activations, auditLog } from '../../db/schema/index.js';
import { loginProvider, postFiles } from '../charts/charts.test-helper.js';
import { recordAudit } from './audit.repository.js';

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('records chart, NTM, raw depth, POI and navigation-message actions of a geocontent', async () => {
    const p = await loginProvider(t);
    const h = p.headers;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const gcid = String(p.gcId);

    const applied = (
      await postFiles(t, '/api/geocontent/addenc', h, [
        { name: 'files', filename: 'XX5DEMO1.000', data: buildDemoHarbourCell() },
        { name: 'gcid', value: gcid },
      ])
    ).json();
    await call('GET', `/api/geocontent/ApplyEnc?guid=${applied.guid}`);
    const dropped = (
      await postFiles(t, '/api/geocontent/addenc', h, [
        { name: 'files', filename: 'XX5DEMO1.001', data: buildDemoHarbourUpdate(1) },
        { name: 'gcid', value: gcid },
      ])
    ).json();
    await call('GET', `/api/geocontent/RevertEnc?guid=${dropped.guid}`);

    const ntm = (
      await postFiles(t, '/api/ntm', h, [
        { name: 'file', filename: 'ntm.pdf', data: makePdf(['NTM 1/2026']) },
        { name: 'gcid', value: gcid },
      ])
    ).json();
    await call('DELETE', `/api/ntm/${ntm.id}`);
    const raw = (
      await postFiles(t, '/api/geocontent/addraw', h, [
        { name: 'file', filename: 'depth.xyz', data: Buffer.from('10.0 54.0 5.5\n10.1 54.1 7.25\n') },
        { name: 'gcid', value: gcid },
      ])
    ).json();
    await call('GET', `/api/geocontent/PublishRawDepth?rdid=${raw.id}`);
    await call('GET', `/api/geocontent/HideRawDepth?rdid=${raw.id}`);
    await call('DELETE', `/api/rawdepth/${raw.id}`);
    const point = await call('POST', `/api/poi?gcid=${gcid}`, { name: 'Fuel pier', category: 'fuel', lat: 54.01, lng: 10.02 });
    await call('PUT', `/api/poi/${point.id}`, { name: 'Fuel pier (north)', category: 'fuel', lat: 54.01, lng: 10.02 });
    await call('GET', `/api/geocontent/ConvertPoi?gcid=${gcid}`);
    await call('DELETE', `/api/poi/${point.id}`);

    const device = await t.loginAs('user');
    await t.database.db.insert(activations).values({
      code: `AUDIT${device.id}`,
      deviceId: `DEV-${device.id}`,
      applicationTypeId: 101,
      platformId: 3,
      durationMonths: 12,
      userId: device.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({ gcid, text: 'Unlit buoy', lat: '54.02', lng: '10.03' })) form.append(k, v);
    form.append('images', new Blob([makePng(8, 8, [0, 60, 120], [0, 20, 40])], { type: 'image/png' }), 'buoy.png');
    const message = await t.app.inject({ method: 'POST', url: '/api/navmessages', headers: device.headers, payload: form });
    expect(message.statusCode, message.body).toBe(200);
    await call('DELETE', `/api/navmessages/${message.json().id}`);

    const log = (await call('GET', `/api/providers/audit?gcid=${gcid}`)) as {
      action: string;
      actor: { email: string } | null;
      subject: Record<string, unknown>;
    }[];
    expect(log.map((e) => e.action).reverse()).toEqual([
      'chart.upload',
      'chart.apply',
      'chart.upload',
      'chart.revert',
      'ntm.add',
      'ntm.remove',
      'raw-depth.add',
      'raw-depth.publish',
      'raw-depth.hide',
      'raw-depth.remove',
      'poi.create',
      'poi.change',
      'poi.publish',
      'poi.remove',
      'nav-message.post',
      'nav-message.remove',
    ]);
    expect(log.find((e) => e.action === 'chart.apply')).toMatchObject({
      actor: { email: p.email },
      subject: { guid: applied.guid, charts: ['XX5DEMO1'] },
    });
    expect(log.find((e) => e.action === 'nav-message.post')!.actor).toEqual({ email: device.email });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the audit log under concurrent writers (PostgreSQL)', () => {
  let t: TestApp;
  let second: Database;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${res.rows[0]!.name}`;
    second = await openDatabase({ url: url.toString() });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('lists entries in the order their transactions committed', async () => {
    const p = await loginProvider(t);
    const committed: string[] = [];
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((ok) => (firstRecorded = ok));
    let releaseFirst!: () => void;
    const release = new Promise<void>((ok) => (releaseFirst = ok));
    const entry = (name: string) => ({ actor: null, action: `test.${name}`, geocontentId: p.gcId, subject: { name }, ip: null });

    // A writes its entry first but is slow to commit; B writes after A and commits as soon as it can.
    const a = t.database.db
      .transaction(async (tx) => {
        await recordAudit(tx, entry('A'));
        firstRecorded();
        await release;
      })
      .then(() => committed.push('A'));
    await recorded;
    const b = second.db
      .transaction(async (tx) => {
        await recordAudit(tx, entry('B'));
      })
      .then(() => committed.push('B'));
    // Let A commit once B is known to be waiting (or done, were nothing keeping it back).
    for (;;) {
      const waiting = (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]!.n > 0 || committed.includes('B')) break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    releaseFirst();
    await Promise.all([a, b]);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} LIKE 'test.%'`)
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(committed.map((c) => `test.${c}`));
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(rows[1]!.createdAt.getTime());
  });
});
