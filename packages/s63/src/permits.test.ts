import { describe, expect, it } from 'vitest';
import { toHex } from './bytes.js';
import { createCellPermit, decodeCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import { createUserPermit, decodeUserPermit } from './user-permit.js';

// IHO S-63 test-kit values (HW_ID 12345, M_KEY 10121, M_ID 10), as listed in the corpus README.
const USER_PERMIT = '66B5CBFDF7E4139D5B6086C23130';
const NO4D0512 = 'NO4D051220040826F7B3814E59C84805D150D571B9BE53A637BD0B34F1F8F091';
const NO5F1615 = 'NO5F1615200408262324DAD11E4C2BDC6CCC1D301FC162755946447034895300';
const MALFORMED = 'AU22015020240101OJ5LR4WQMDQRYFM8L8J8DCAMJRWRD0LD2BGTCDGCVS60SEJR';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof S63Error ? err.code : 'not-an-S63Error';
  }
  return undefined;
}

const randomHex = (bytes: number): string => toHex(crypto.getRandomValues(new Uint8Array(bytes)));
const randomHwId = (): string => randomHex(3).slice(0, 5);

describe('user permit', () => {
  it('builds the test-kit user permit', () => {
    expect(createUserPermit({ hwId: '12345', mKey: '10121', mId: '10' })).toBe(USER_PERMIT);
  });

  it('decodes it back to HW_ID and M_ID with the M_KEY', () => {
    expect(decodeUserPermit(USER_PERMIT, '10121')).toEqual({ hwId: '12345', mId: '10' });
    expect(decodeUserPermit(USER_PERMIT.toLowerCase(), '10121')).toEqual({ hwId: '12345', mId: '10' });
  });

  it('refuses a bad CRC, a wrong M_KEY and a malformed permit', () => {
    expect(codeOf(() => decodeUserPermit('76B5CBFDF7E4139D5B6086C23130', '10121'))).toBe('bad_checksum');
    expect(codeOf(() => decodeUserPermit(USER_PERMIT, '10122'))).toBe('wrong_key');
    expect(codeOf(() => decodeUserPermit(USER_PERMIT.slice(1), '10121'))).toBe('malformed_permit');
  });

  it('round-trips random HW_IDs and M_KEYs', () => {
    for (let i = 0; i < 20; i++) {
      const hwId = randomHwId();
      const mKey = randomHwId();
      const permit = createUserPermit({ hwId, mKey, mId: 'AB' });
      expect(permit).toMatch(/^[0-9A-F]{28}$/);
      expect(decodeUserPermit(permit, mKey)).toEqual({ hwId, mId: 'AB' });
    }
  });
});

describe('cell permit', () => {
  it('decodes the test-kit permits and recovers both cell keys', () => {
    const a = decodeCellPermit(NO4D0512, '12345', { date: '20040101' });
    expect([a.cellName, a.expiry, toHex(a.ck1), toHex(a.ck2), a.isExpired]).toEqual([
      'NO4D0512',
      '20040826',
      '9C467D359D',
      '27737811B4',
      false,
    ]);
    const b = decodeCellPermit(NO5F1615, '12345', { date: '20040826' });
    expect([b.cellName, toHex(b.ck1), toHex(b.ck2), b.isExpired]).toEqual(['NO5F1615', 'A370962AC0', '3488379F47', false]);
  });

  it('builds the test-kit permits from their keys', () => {
    expect(createCellPermit({ cellName: 'NO4D0512', expiry: '20040826', ck1: '9C467D359D', ck2: '27737811B4', hwId: '12345' })).toBe(
      NO4D0512,
    );
    expect(createCellPermit({ cellName: 'NO5F1615', expiry: '20040826', ck1: 'A370962AC0', ck2: '3488379F47', hwId: '12345' })).toBe(
      NO5F1615,
    );
  });

  it('reports expiry against the given date (the expiry day itself is valid)', () => {
    expect(decodeCellPermit(NO4D0512, '12345', { date: '20040827' }).isExpired).toBe(true);
    expect(decodeCellPermit(NO4D0512, '12345', { date: new Date('2004-08-26T12:00:00Z') }).isExpired).toBe(false);
    expect(decodeCellPermit(NO4D0512, '12345').isExpired).toBe(true);
  });

  it('refuses the malformed test-kit permit', () => {
    expect(codeOf(() => decodeCellPermit(MALFORMED, '12345'))).toBe('malformed_permit');
    expect(codeOf(() => decodeCellPermit(NO4D0512.slice(0, 63), '12345'))).toBe('malformed_permit');
    expect(codeOf(() => decodeCellPermit('NO4D0512' + '20041332' + NO4D0512.slice(16), '12345'))).toBe('malformed_permit');
  });

  it('refuses a wrong HW_ID and a damaged permit as bad checksum', () => {
    expect(codeOf(() => decodeCellPermit(NO4D0512, '12346'))).toBe('bad_checksum');
    expect(codeOf(() => decodeCellPermit(NO4D0512, '54321'))).toBe('bad_checksum');
    const damaged = NO4D0512.slice(0, 20) + (NO4D0512[20] === '0' ? '1' : '0') + NO4D0512.slice(21);
    expect(codeOf(() => decodeCellPermit(damaged, '12345'))).toBe('bad_checksum');
    expect(codeOf(() => decodeCellPermit('NO4D0513' + NO4D0512.slice(8), '12345'))).toBe('bad_checksum');
  });

  it('round-trips random keys, HW_IDs and dates', () => {
    for (let i = 0; i < 25; i++) {
      const ck1 = crypto.getRandomValues(new Uint8Array(5));
      const ck2 = randomHex(5);
      const hwId = randomHwId();
      const permit = createCellPermit({ cellName: 'GB5X01NE', expiry: '20991231', ck1, ck2, hwId });
      expect(permit).toMatch(/^GB5X01NE20991231[0-9A-F]{48}$/);
      const decoded = decodeCellPermit(permit, hwId);
      expect(decoded.ck1).toEqual(ck1);
      expect(toHex(decoded.ck2)).toBe(ck2);
      expect(decoded.isExpired).toBe(false);
    }
  });

  it('refuses bad inputs when building', () => {
    expect(
      codeOf(() => createCellPermit({ cellName: 'SHORT', expiry: '20991231', ck1: '0102030405', ck2: '0102030405', hwId: '12345' })),
    ).toBe('invalid_argument');
    expect(
      codeOf(() => createCellPermit({ cellName: 'GB5X01NE', expiry: '2099-12', ck1: '0102030405', ck2: '0102030405', hwId: '12345' })),
    ).toBe('invalid_argument');
    expect(
      codeOf(() => createCellPermit({ cellName: 'GB5X01NE', expiry: '20991231', ck1: '01020304', ck2: '0102030405', hwId: '12345' })),
    ).toBe('invalid_argument');
    expect(
      codeOf(() => createCellPermit({ cellName: 'GB5X01NE', expiry: '20991231', ck1: '0102030405', ck2: '0102030405', hwId: '1234' })),
    ).toBe('invalid_argument');
  });
});
