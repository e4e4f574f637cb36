import { describe, expect, it } from 'vitest';
import { Blowfish, blowfishDecryptEcb, blowfishEncryptEcb } from './blowfish.js';
import { fromHex, toHex } from './bytes.js';
import { S63Error } from './errors.js';

// Schneier's / Eric Young's published Blowfish ECB vectors: key, plaintext, ciphertext.
const ECB: [string, string, string][] = [
  ['0000000000000000', '0000000000000000', '4EF997456198DD78'],
  ['FFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFF', '51866FD5B85ECB8A'],
  ['3000000000000000', '1000000000000001', '7D856F9A613063F2'],
  ['1111111111111111', '1111111111111111', '2466DD878B963C9D'],
  ['0123456789ABCDEF', '1111111111111111', '61F9C3802281B096'],
  ['1111111111111111', '0123456789ABCDEF', '7D0CC630AFDA1EC7'],
  ['FEDCBA9876543210', '0123456789ABCDEF', '0ACEAB0FC6A0A28D'],
  ['0131D9619DC1376E', '5CD54CA83DEF57DA', 'B1B8CC0B250F09A0'],
  ['1F08260D1AC2465E', '6B056E18759F5CCA', '4A057A3B24D3977B'],
  ['584023641ABA6176', '004BD6EF09176062', '452031C1E4FADA8E'],
  ['025816164629B007', '480D39006EE762F2', '7555AE39F59B87BD'],
  ['49793EBC79B3258F', '437540C8698F3CFA', '53C55F9CB49FC019'],
  ['1C587F1C13924FEF', '305532286D6F295A', '55CB3774D13EF201'],
  ['0101010101010101', '0123456789ABCDEF', 'FA34EC4847B268B2'],
  ['E0FEE0FEF1FEF1FE', '0123456789ABCDEF', 'C39E072D9FAC631D'],
  ['0000000000000000', 'FFFFFFFFFFFFFFFF', '014933E0CDAFF6E4'],
  ['FFFFFFFFFFFFFFFF', '0000000000000000', 'F21E9A77B71C49BC'],
  ['0123456789ABCDEF', '0000000000000000', '245946885754369A'],
  ['FEDCBA9876543210', 'FFFFFFFFFFFFFFFF', '6B5C5A9C5D9E0A5A'],
];

// Variable key length ("set_key" data): the first n bytes of this key, plaintext FEDCBA9876543210.
const LONG_KEY = 'F0E1D2C3B4A5968778695A4B3C2D1E0F0011223344556677';
const SET_KEY = [
  'F9AD597C49DB005E',
  'E91D21C1D961A6D6',
  'E9C2B70A1BC65CF3',
  'BE1E639408640F05',
  'B39E44481BDB1E6E',
  '9457AA83B1928C0D',
  '8BB77032F960629D',
  'E87A244E2CC85E82',
  '15750E7A4F4EC577',
  '122BA70B3AB64AE0',
  '3A833C9AFFC537F6',
  '9409DA87A90F6BF2',
  '884F80625060B8B4',
  '1F85031C19E11968',
  '79D9373A714CA34F',
  '93142887EE3BE15C',
  '03429E838CE2D14B',
  'A4299E27469FF67B',
  'AFD5AED1C1BC96A8',
  '10851C0E3858DA9F',
  'E6F51ED79B9DB21F',
  '64A6E14AFD36B46F',
  '80C7D7D45A5479AD',
  '05044B62FA52D080',
];

describe('Blowfish ECB', () => {
  it.each(ECB)('key %s encrypts %s to %s and back', (key, plain, cipher) => {
    expect(toHex(blowfishEncryptEcb(fromHex(key), fromHex(plain)))).toBe(cipher);
    expect(toHex(blowfishDecryptEcb(fromHex(key), fromHex(cipher)))).toBe(plain);
  });

  it.each(SET_KEY.map((cipher, i) => [i + 1, cipher] as const))('a %i-byte key gives %s', (n, cipher) => {
    const key = fromHex(LONG_KEY.slice(0, n * 2));
    expect(toHex(blowfishEncryptEcb(key, fromHex('FEDCBA9876543210')))).toBe(cipher);
  });

  it('encrypts each block independently (ECB) and decrypts many blocks', () => {
    const key = fromHex('0123456789ABCDEF');
    const data = fromHex('1111111111111111'.repeat(3));
    expect(toHex(blowfishEncryptEcb(key, data))).toBe('61F9C3802281B096'.repeat(3));
    const random = crypto.getRandomValues(new Uint8Array(8 * 100));
    expect(blowfishDecryptEcb(key, blowfishEncryptEcb(key, random))).toEqual(random);
  });

  it('refuses partial blocks and impossible key lengths', () => {
    expect(() => blowfishEncryptEcb(fromHex('00'), new Uint8Array(7))).toThrow(S63Error);
    expect(() => new Blowfish(new Uint8Array(0))).toThrow(/1 to 56 bytes/);
    expect(() => new Blowfish(new Uint8Array(57))).toThrow(/1 to 56 bytes/);
  });
});
