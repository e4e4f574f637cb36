import { describe, expect, it } from 'vitest';
import { ascii, fromHex, pad8, toHex, unpad8 } from './bytes.js';
import { crc32, crc32Bytes } from './crc32.js';

describe('CRC-32', () => {
  it('has the standard check value and continues across chunks', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(ascii('56789'), crc32(ascii('1234')))).toBe(0xcbf43926);
  });

  it('gives the test-kit user-permit checksum, big-endian', () => {
    expect(crc32(ascii('66B5CBFDF7E4139D'))).toBe(0x5b6086c2);
    expect(toHex(crc32Bytes(ascii('66B5CBFDF7E4139D')))).toBe('5B6086C2');
  });
});

describe('PKCS#5 padding and hex', () => {
  it('pads 5 bytes with 03 03 03, 4 with 04×4 and an aligned block with a full 08 block', () => {
    expect(toHex(pad8(fromHex('9C467D359D')))).toBe('9C467D359D030303');
    expect(toHex(pad8(fromHex('5B6086C2')))).toBe('5B6086C204040404');
    expect(toHex(pad8(new Uint8Array(8)))).toBe('0000000000000000' + '0808080808080808');
  });

  it('unpads only valid padding', () => {
    expect(toHex(unpad8(fromHex('9C467D359D030303'))!)).toBe('9C467D359D');
    expect(unpad8(fromHex('9C467D359D030304'))).toBeUndefined();
    expect(unpad8(fromHex('0000000000000000'))).toBeUndefined();
    expect(unpad8(fromHex('0000000000000009'))).toBeUndefined();
    expect(unpad8(new Uint8Array(7))).toBeUndefined();
  });

  it('refuses odd or non-hex strings', () => {
    expect(() => fromHex('ABC')).toThrow(/not hexadecimal/);
    expect(() => fromHex('ZZ')).toThrow(/not hexadecimal/);
    expect(fromHex('ab')).toEqual(new Uint8Array([0xab]));
  });
});
