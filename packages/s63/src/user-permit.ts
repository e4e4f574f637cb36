// S-63 user permit (28 characters): Blowfish(M_KEY, HW_ID padded) as 16 hex, the CRC-32 of those
// 16 characters as 8 hex, and the M_ID as the hex of its two ASCII characters.
import { blowfishDecryptEcb, blowfishEncryptEcb } from './blowfish.js';
import { ascii, fromAscii, fromHex, isHex, pad8, toHex, unpad8 } from './bytes.js';
import { crc32 } from './crc32.js';
import { S63Error } from './errors.js';
import { checkFiveHex, checkMId } from './ids.js';

/** What a HW_ID is, as an error about one says it. */
export const hwIdFormat = 'an S-63 HW_ID is 5 characters 0-9 and A-F (upper case, e.g. 1A2B3), encrypted padded to 8 bytes with 03 03 03';

export interface UserPermitInput {
  hwId: string;
  mKey: string;
  mId: string;
}

export interface DecodedUserPermit {
  hwId: string;
  mId: string;
}

export function createUserPermit({ hwId, mKey, mId }: UserPermitInput): string {
  const hw = checkFiveHex(hwId, 'HW_ID');
  const key = checkFiveHex(mKey, 'M_KEY');
  const encrypted = toHex(blowfishEncryptEcb(ascii(key), pad8(ascii(hw))));
  const crc = crc32(ascii(encrypted)).toString(16).toUpperCase().padStart(8, '0');
  return encrypted + crc + toHex(ascii(checkMId(mId)));
}

/** Checks the CRC, then decrypts the HW_ID with the manufacturer key. */
export function decodeUserPermit(permit: string, mKey: string): DecodedUserPermit {
  const text = permit.trim().toUpperCase();
  if (text.length !== 28 || !isHex(text)) {
    throw new S63Error('malformed_permit', 'user permit must be 28 hexadecimal characters');
  }
  const encrypted = text.slice(0, 16);
  if (crc32(ascii(encrypted)) !== parseInt(text.slice(16, 24), 16)) {
    throw new S63Error('bad_checksum', 'user permit checksum does not match (mistyped or damaged permit)');
  }
  const key = checkFiveHex(mKey, 'M_KEY');
  const block = blowfishDecryptEcb(ascii(key), fromHex(encrypted));
  const plain = unpad8(block);
  const hwId = plain ? fromAscii(plain) : '';
  if (!/^[0-9A-F]{5}$/.test(hwId)) {
    // Readable text is the right M_KEY over a HW_ID made wrong; bytes that are not are another key's.
    const readable = (plain ?? block).every((b) => b >= 0x20 && b < 0x7f);
    if (plain && readable) {
      throw new S63Error('malformed_hw_id', `user permit holds the HW_ID ${JSON.stringify(hwId)}: ${hwIdFormat}`);
    }
    if (!plain && /^[0-9A-F]{5}$/.test(fromAscii(block.subarray(0, 5)))) {
      throw new S63Error('malformed_hw_id', `user permit holds a HW_ID not padded as S-63 pads it (three bytes 03): ${hwIdFormat}`);
    }
    throw new S63Error('wrong_key', 'user permit does not decrypt to a HW_ID with this M_KEY');
  }
  return { hwId, mId: fromAscii(fromHex(text.slice(24, 28))) };
}
