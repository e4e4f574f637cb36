import { createCipheriv } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isS100Error, type S100ErrorCode } from './errors.js';
import { createUserPermit, decryptUserPermit, parseUserPermit } from './user-permit.js';

// The worked example of S-100 Part 15 (Ed 4.0.0 15-7.3; the same scheme in 5.x 15-7.3): M_ID 859868,
// encrypted HW_ID AD1DAD797C966EC9F6A55B66ED982815, user permit …99B3C7B1859868. The M_KEY and HW_ID
// below are the pair the ECC S-100 security library's test uses for it (the standard's printed
// HW_ID has a wrong length); the encrypted HW_ID, checksum and permit are the standard's.
const EXAMPLE = {
  mKey: '4D5A79677065774A7343705272664F72',
  hwId: '40384B45B54596201114FE9904220101',
  mId: '859868',
  permit: 'AD1DAD797C966EC9F6A55B66ED98281599B3C7B1859868',
};

function codeOf(fn: () => unknown): S100ErrorCode | undefined {
  try {
    fn();
  } catch (err) {
    if (isS100Error(err)) return err.code;
    throw err;
  }
  return undefined;
}

describe('S-100 user permit', () => {
  it('matches the worked example of Part 15', () => {
    expect(createUserPermit(EXAMPLE)).toBe(EXAMPLE.permit);
    expect(decryptUserPermit(EXAMPLE.permit, EXAMPLE.mKey)).toBe(EXAMPLE.hwId);
    expect(parseUserPermit(EXAMPLE.permit)).toEqual({
      userPermit: EXAMPLE.permit,
      encryptedHwId: EXAMPLE.permit.slice(0, 32),
      checksum: 0x99b3c7b1,
      mId: '859868',
    });
  });

  it('is built as Part 15 says, checked with Node alone: AES-128 of the HW_ID bytes, CRC-32 of the upper-case hex text, the M_ID as is', () => {
    const cipher = createCipheriv('aes-128-ecb', Buffer.from(EXAMPLE.mKey, 'hex'), null).setAutoPadding(false);
    const encrypted = Buffer.concat([cipher.update(Buffer.from(EXAMPLE.hwId, 'hex')), cipher.final()])
      .toString('hex')
      .toUpperCase();
    const checksum = crc32(Buffer.from(encrypted, 'ascii')).toString(16).toUpperCase().padStart(8, '0');
    expect(encrypted + checksum + EXAMPLE.mId).toBe(EXAMPLE.permit);
    // The checksum is over the characters, not the 16 bytes, and over upper case.
    expect(crc32(Buffer.from(encrypted, 'hex'))).not.toBe(0x99b3c7b1);
    expect(crc32(Buffer.from(encrypted.toLowerCase(), 'ascii'))).not.toBe(0x99b3c7b1);
  });

  it('makes the demo permit of application 101 and reads it back with its M_KEY', () => {
    const mKey = 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5';
    const hwId = '00112233445566778899AABBCCDDEEFF';
    const permit = createUserPermit({ hwId, mKey, mId: 'CR0101' });
    expect(permit).toHaveLength(46);
    expect(permit.endsWith('CR0101')).toBe(true);
    expect(decryptUserPermit(permit, mKey)).toBe(hwId);
    // Typed in lower case (the M_ID too), it is the same permit.
    expect(parseUserPermit(permit.toLowerCase()).userPermit).toBe(permit);
  });

  it('refuses malformed permits with a code naming the problem', () => {
    const good = EXAMPLE.permit;
    expect(codeOf(() => parseUserPermit(good.slice(0, 45)))).toBe('user_permit_length');
    expect(codeOf(() => parseUserPermit(`${good}0`))).toBe('user_permit_length');
    expect(codeOf(() => parseUserPermit(`G${good.slice(1)}`))).toBe('user_permit_format');
    expect(codeOf(() => parseUserPermit(`${good.slice(0, 32)}99B3C7BZ${good.slice(40)}`))).toBe('user_permit_format');
    expect(codeOf(() => parseUserPermit(`${good.slice(0, 40)}85986!`))).toBe('user_permit_format');
    // One mistyped character of the encrypted HW_ID, or of the checksum.
    expect(codeOf(() => parseUserPermit(`B${good.slice(1)}`))).toBe('user_permit_checksum');
    expect(codeOf(() => parseUserPermit(`${good.slice(0, 39)}0${good.slice(40)}`))).toBe('user_permit_checksum');
    expect(codeOf(() => parseUserPermit(good, { isKnownManufacturer: (mId) => mId === 'CR0101' }))).toBe('unknown_manufacturer');
    expect(codeOf(() => parseUserPermit(good, { isKnownManufacturer: (mId) => mId === '859868' }))).toBeUndefined();
  });

  it('never repeats the key or HW_ID in its errors', () => {
    try {
      createUserPermit({ hwId: 'ZZ' + EXAMPLE.hwId.slice(2), mKey: EXAMPLE.mKey, mId: EXAMPLE.mId });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain(EXAMPLE.hwId.slice(2));
    }
    expect(codeOf(() => createUserPermit({ ...EXAMPLE, mKey: EXAMPLE.mKey.slice(2) }))).toBe('invalid_argument');
    expect(codeOf(() => createUserPermit({ ...EXAMPLE, mId: 'TOOLONG' }))).toBe('invalid_argument');
  });
});
