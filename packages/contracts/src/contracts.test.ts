import { describe, expect, it } from 'vitest';
import { activateBody, formatActivationCode } from './activation.js';
import { registerBody } from './auth.js';
import { productShortCodes } from './constants.js';
import { errorCodes, errorStatus } from './errors.js';

describe('contracts', () => {
  it('shows activation codes in groups of four', () => {
    expect(formatActivationCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(formatActivationCode('ABCDEF')).toBe('ABCD-EF');
  });

  it('normalises registration e-mails and refuses malformed ones', () => {
    expect(registerBody.parse({ email: '  Sailor@Example.COM ' }).email).toBe('sailor@example.com');
    expect(registerBody.safeParse({ email: 'sailor@' }).success).toBe(false);
  });

  it('defaults the activation duration to 12 months and bounds it to 1–36', () => {
    expect(activateBody.parse({ deviceId: 'D1', applicationTypeId: 101, platformId: 1 }).durationMonths).toBe(12);
    expect(activateBody.safeParse({ deviceId: 'D1', applicationTypeId: 101, platformId: 1, durationMonths: 37 }).success).toBe(false);
    expect(activateBody.safeParse({ deviceId: 'D1', applicationTypeId: 99, platformId: 1 }).success).toBe(false);
  });

  it('maps every error code to an HTTP status', () => {
    for (const code of errorCodes) expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
  });
});

describe('short product codes', () => {
  it('lists the codes of the flags that are on, in display order', () => {
    expect(productShortCodes({ enc: true, ntm: true, weather: true, navMsg: true, ais: false, poi: false })).toEqual([
      'ENC',
      'NTM',
      'WTHR',
      'NMSG',
    ]);
    expect(productShortCodes({ enc: true })).toEqual(['ENC']);
  });
});
