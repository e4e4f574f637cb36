import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatActivationCode } from '@chartroom/contracts/activation';
import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('device activation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('returns a distinct unguessable code for each activation', async () => {
    const payload = { deviceId: 'DEV-0001', applicationTypeId: 101, platformId: 1, durationMonths: 12 };
    const a = await t.app.inject({ method: 'POST', url: '/api/installation/activate', payload });
    const b = await t.app.inject({ method: 'POST', url: '/api/installation/activate', payload });
    expect(a.statusCode).toBe(200);
    expect(a.json().id).toMatch(/^[A-Z2-9]{16}$/);
    expect(a.json().id).not.toBe(b.json().id);
    expect(formatActivationCode(a.json().id)).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // A code is redeemed within a day or never (issue 35), whatever the months asked.
    const hoursLeft = (new Date(a.json().expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(activationCodeTtlHours - 0.1);
    expect(hoursLeft).toBeLessThanOrEqual(activationCodeTtlHours);
  });

  it.each([
    [{ deviceId: 'D', applicationTypeId: 999, platformId: 1, durationMonths: 12 }, 'applicationTypeId'],
    [{ deviceId: 'D', applicationTypeId: 101, platformId: 9, durationMonths: 12 }, 'platformId'],
    [{ deviceId: 'D', applicationTypeId: 101, platformId: 1, durationMonths: 0 }, 'durationMonths'],
    [{ deviceId: 'D', applicationTypeId: 101, platformId: 1, durationMonths: 37 }, 'durationMonths'],
    [{ deviceId: '', applicationTypeId: 101, platformId: 1, durationMonths: 12 }, 'deviceId'],
  ])('refuses %o naming %s', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/installation/activate', payload });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .join(' '),
    ).toContain(field);
  });
});
