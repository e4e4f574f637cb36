import { describe, expect, it } from 'vitest';
import { bitString, boolean, integer, objectIdentifier, sequence, time, utf8String } from './der.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('DER writer', () => {
  it('encodes the values of a certificate as X.690 says', () => {
    // ecdsa-with-SHA384 and secp384r1, as OpenSSL writes them.
    expect(hex(objectIdentifier('1.2.840.10045.4.3.3'))).toBe('06082a8648ce3d040303');
    expect(hex(objectIdentifier('1.3.132.0.34'))).toBe('06052b81040022');
    expect(hex(integer(0))).toBe('020100');
    expect(hex(integer(2))).toBe('020102');
    expect(hex(integer(Uint8Array.of(0x00, 0x00, 0x80)))).toBe('02020080'); // leading zeros dropped, a sign byte kept
    expect(hex(boolean(true))).toBe('0101ff');
    expect(hex(bitString(Uint8Array.of(0x80), 7))).toBe('03020780');
    expect(hex(utf8String('é'))).toBe('0c02c3a9');
    expect(hex(sequence())).toBe('3000');
    // Long form lengths.
    expect(hex(sequence(new Uint8Array(200))).slice(0, 6)).toBe('3081c8');
    expect(hex(sequence(new Uint8Array(300))).slice(0, 8)).toBe('3082012c');
    // UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280).
    expect(Buffer.from(time(new Date('2049-12-31T23:59:59Z'))).toString('latin1')).toBe('\x17\x0d491231235959Z');
    expect(Buffer.from(time(new Date('2050-01-01T00:00:00Z'))).toString('latin1')).toBe('\x18\x0f20500101000000Z');
  });
});
