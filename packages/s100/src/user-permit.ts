// S-100 Part 15 user permit (clause 15-7.3): 46 characters, made by the maker of the navigation
// system (the OEM) and sent by the mariner to the data server.
//   32 hex  the HW_ID (16 bytes) encrypted with the maker's M_KEY by AES-128, one block, no chaining
//    8 hex  the CRC-32 of those 32 characters as ASCII text (upper case), written as 8 upper-case hex digits
//    6      the M_ID, the maker's identifier, as it is (not hex-encoded as S-63's was)
// Checked against the worked example of S-100 Ed 4.0.0 15-7.3 (M_ID 859868) in user-permit.test.ts.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { crc32, isHex, key16, toHex } from './bytes.js';
import { S100Error } from './errors.js';

export const USER_PERMIT_LENGTH = 46;
const M_ID_RE = /^[0-9A-Z]{6}$/;

export interface UserPermitInput {
  /** The system's hardware id: 16 bytes or 32 hex characters. */
  hwId: Uint8Array | string;
  /** The maker's key: 16 bytes or 32 hex characters. */
  mKey: Uint8Array | string;
  /** The maker's identifier: 6 letters or digits. */
  mId: string;
}

export interface ParsedUserPermit {
  /** The 46 characters, upper case. */
  userPermit: string;
  /** The encrypted HW_ID, 32 upper-case hex characters. */
  encryptedHwId: string;
  /** The CRC-32 it carries (checked). */
  checksum: number;
  mId: string;
}

export interface ParseUserPermitOptions {
  /** Says whether the data server knows this maker; an unknown one is refused with `unknown_manufacturer`. */
  isKnownManufacturer?: (mId: string) => boolean;
}

/** One AES-128 block encrypted with no chaining and no padding (Part 15's key and HW_ID wrapping). */
export function encryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array {
  const cipher = createCipheriv('aes-128-ecb', key16(key, 'key'), null).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([cipher.update(key16(block, 'block')), cipher.final()]));
}

export function decryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array {
  const decipher = createDecipheriv('aes-128-ecb', key16(key, 'key'), null).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([decipher.update(key16(block, 'block')), decipher.final()]));
}

function checkMId(mId: string): string {
  const id = mId.trim().toUpperCase();
  if (!M_ID_RE.test(id)) {
    throw new S100Error('invalid_argument', `M_ID must be 6 letters or digits, got ${JSON.stringify(mId)}`);
  }
  return id;
}

function checksumOf(encryptedHex: string): number {
  return crc32(encryptedHex.toUpperCase());
}

/** Makes the 46-character user permit of a system (what an OEM does; also for tests). */
export function createUserPermit({ hwId, mKey, mId }: UserPermitInput): string {
  const encrypted = toHex(encryptBlock(key16(mKey, 'M_KEY'), key16(hwId, 'HW_ID')));
  const checksum = checksumOf(encrypted).toString(16).toUpperCase().padStart(8, '0');
  return encrypted + checksum + checkMId(mId);
}

/**
 * Checks a user permit's form and checksum without any key. Each problem has its own code:
 * `user_permit_length`, `user_permit_format`, `user_permit_checksum`, `unknown_manufacturer`.
 */
export function parseUserPermit(permit: string, options: ParseUserPermitOptions = {}): ParsedUserPermit {
  const text = permit.trim().toUpperCase();
  if (text.length !== USER_PERMIT_LENGTH) {
    throw new S100Error('user_permit_length', `an S-100 user permit has ${USER_PERMIT_LENGTH} characters, this one has ${text.length}`);
  }
  const encryptedHwId = text.slice(0, 32);
  const checksumHex = text.slice(32, 40);
  const mId = text.slice(40);
  if (!isHex(encryptedHwId)) {
    throw new S100Error('user_permit_format', 'the first 32 characters of the user permit (the encrypted HW_ID) must be hexadecimal');
  }
  if (!isHex(checksumHex)) {
    throw new S100Error('user_permit_format', 'characters 33-40 of the user permit (its checksum) must be hexadecimal');
  }
  if (!M_ID_RE.test(mId)) {
    throw new S100Error('user_permit_format', 'the last 6 characters of the user permit (the M_ID) must be letters or digits');
  }
  const checksum = parseInt(checksumHex, 16);
  if (checksumOf(encryptedHwId) !== checksum) {
    throw new S100Error('user_permit_checksum', 'the user permit checksum does not match (mistyped or damaged permit)');
  }
  if (options.isKnownManufacturer && !options.isKnownManufacturer(mId)) {
    throw new S100Error('unknown_manufacturer', `the user permit names manufacturer ${mId}, which this data server does not know`);
  }
  return { userPermit: text, encryptedHwId, checksum, mId };
}

/**
 * Recovers the HW_ID (32 upper-case hex characters) with the maker's M_KEY. One AES block has no
 * padding to check, so a wrong M_KEY yields a wrong HW_ID rather than an error: the permits made
 * for it then open nothing on the real system.
 */
export function decryptUserPermit(permit: string | ParsedUserPermit, mKey: Uint8Array | string): string {
  const parsed = typeof permit === 'string' ? parseUserPermit(permit) : permit;
  const encrypted = Buffer.from(parsed.encryptedHwId, 'hex');
  return toHex(decryptBlock(key16(mKey, 'M_KEY'), encrypted));
}
