import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { run } from './cli-run.js';
import { readS57IssueDate } from './dsid-dates.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { readExchangeSet } from './exchange-set.js';
import { judgePermitExpiry, SSE_TEXTS } from './permit-expiry.js';
import { writePermitFile } from './permit-file.js';

const HW = '12345';
const key = new Uint8Array([9, 8, 7, 6, 5]);
const base = buildDemoHarbourCell();
const early = buildDemoHarbourUpdate(1, { issueDate: '20240210' });
const late = buildDemoHarbourUpdate(2, { issueDate: '20240301' });

/** The demo cell (issued 2024-02-07) with an update issued before and one after the permit's expiry. */
function demoSet(expiry: string): Uint8Array {
  return buildExchangeSet({
    cells: [
      { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(base, 'XX5DEMO1.000', key) },
      { name: 'XX5DEMO1', edition: 1, update: 1, encrypted: encryptCell(early, 'XX5DEMO1.001', key) },
      { name: 'XX5DEMO1', edition: 1, update: 2, encrypted: encryptCell(late, 'XX5DEMO1.002', key) },
    ],
    permitText: writePermitFile({ enc: [{ permit: createCellPermit({ cellName: 'XX5DEMO1', expiry, ck1: key, ck2: key, hwId: HW }) }] }),
  });
}

describe('S-63 permit expiry (fresh clone)', () => {
  it('reads the issue date from the DSID of a plain S-57 file', () => {
    expect(readS57IssueDate(late)).toBe('20240301');
    expect(readS57IssueDate(base)).toMatch(/^2024\d{4}$/);
    expect(readS57IssueDate(new Uint8Array(100).fill(7))).toBeUndefined();
  });

  it('keeps what was issued before an expired permit, with SSE 25, and refuses what came after with SSE 15', () => {
    const set = readExchangeSet(demoSet('20240215'), { hwId: HW, date: '20260101' });
    expect(set.cells.map((c) => [c.update, c.status, c.warnings?.map((w) => w.code) ?? []])).toEqual([
      [0, 'decrypted', ['SSE25']],
      [1, 'decrypted', ['SSE25']],
      [2, 'permit_expired', []],
    ]);
    expect(set.cells[0]!.data).toEqual(base);
    expect(set.cells[0]!.warnings![0]!.message).toContain(SSE_TEXTS.SSE25);
    expect(set.cells[2]!.reason).toContain(SSE_TEXTS.SSE15);
    expect(set.cells[2]!.reason).toContain('issued 20240301, after the permit expired on 20240215');
    expect(set.cells[2]!.data).toBeUndefined();
  });

  it('warns with SSE 20 when the permit expires within 30 days, and says nothing when it is far off', () => {
    const soon = readExchangeSet(demoSet('20260120'), { hwId: HW, date: '20260101' });
    expect(soon.cells.map((c) => [c.status, c.warnings?.map((w) => w.code)])).toEqual([
      ['decrypted', ['SSE20']],
      ['decrypted', ['SSE20']],
      ['decrypted', ['SSE20']],
    ]);
    const far = readExchangeSet(demoSet('20991231'), { hwId: HW, date: '20260101' });
    expect(far.cells.every((c) => c.status === 'decrypted' && c.warnings === undefined)).toBe(true);
  });

  it('refuses a file whose issue date cannot be read once the permit has expired', () => {
    expect(judgePermitExpiry({ file: 'X.000', expiry: '20200101', date: '20260101', issueDate: undefined })).toMatchObject({
      allowed: false,
      code: 'SSE15',
    });
    expect(judgePermitExpiry({ file: 'X.000', expiry: '20260101', date: '20260101', issueDate: undefined })).toMatchObject({
      allowed: true,
    });
  });

  it('gives the same decision in the s63 command', () => {
    const dir = mkdtempSync(join(tmpdir(), 's63-expiry-'));
    const zip = join(dir, 'set.zip');
    writeFileSync(zip, demoSet('20240215'));
    const { out: text, code } = run(['exchange-set', zip, '--hwid', HW, '--date', '20260101']);
    expect(code).toBe(1);
    expect(text).toMatch(/XX5DEMO1\s+ed\s+1\s+upd\s+0\s+decrypted/);
    expect(text).toMatch(/XX5DEMO1\s+ed\s+1\s+upd\s+2\s+permit_expired\s+XX5DEMO1\.002: SSE 15 - Subscription service has expired/);
    expect(text.match(/warning XX5DEMO1\.00\d: SSE 25/g)).toHaveLength(2);
  });
});

describe.skipIf(!hasTestdata)('S-63 permit expiry on the IHO test-kit cell', () => {
  it('decrypts NO4D0512 (issued 2002-11-08) under its permit that expired on 2004-08-26, with SSE 25', () => {
    const zip = buildExchangeSet({
      cells: [{ name: 'NO4D0512', edition: 3, update: 0, encrypted: readFileSync(testdataPath('s63/NO4D0512_encrypted.000')) }],
      permitText: readFileSync(testdataPath('s63/PERMIT.TXT'), 'latin1'),
    });
    const cell = readExchangeSet(zip, { hwId: HW }).cells[0]!;
    expect([cell.status, cell.permitExpiry, cell.warnings?.map((w) => w.code)]).toEqual(['decrypted', '20040826', ['SSE25']]);
    expect(cell.warnings![0]!.message).toContain('issued 20021108; the permit expired on 20040826');
    expect(Buffer.from(cell.data!).equals(readFileSync(testdataPath('s63/derived/NO4D0512.000')))).toBe(true);
  });
});
