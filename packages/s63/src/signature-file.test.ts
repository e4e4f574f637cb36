import { describe, expect, it } from 'vitest';
import { isoWeekLabel, writeProducts, writeSerial } from './exchange-set-info.js';
import { parseSerial, parseProducts } from './info-files.js';
import {
  formatBig,
  parseSignatureFile,
  signatureFileName,
  toFixedBytes,
  writeDataServerCertificate,
  writeSignatureFile,
} from './signature-file.js';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('S-63 signature files', () => {
  it('names the signature file after the cell file with an S first', () => {
    expect(signatureFileName('NO4D0512.000')).toBe('SO4D0512.000');
    expect(signatureFileName('ENC_ROOT/NO/NO4D0512/1/3/NO4D0512.003')).toBe('ENC_ROOT/NO/NO4D0512/1/3/SO4D0512.003');
    expect(() => signatureFileName('CATALOG.031x')).toThrow(/not a cell file name/);
  });

  it('writes big numbers in groups of four with a full stop, and reads back what it wrote', () => {
    expect(formatBig(bytes('00962EDDCC369C'))).toBe('962E DDCC 369C.');
    const key = { p: bytes('FCA682CE'), q: bytes('962EDDCC'), g: bytes('678471B2'), y: bytes('46456F86') };
    const cert = writeDataServerCertificate(bytes('7AAF45AF'), bytes('18A9D232'), key);
    const text = writeSignatureFile(toFixedBytes('6660E559', 20), toFixedBytes('61CA33C9', 20), cert);
    expect(text.split('\r\n').slice(0, 4)).toEqual(['// Signature part R:', '6660 E559.', '// Signature part S:', '61CA 33C9.']);
    const parsed = parseSignatureFile(text);
    expect(Buffer.from(parsed.r).toString('hex')).toBe('6660e559');
    expect(Buffer.from(parsed.saS).toString('hex')).toBe('18a9d232');
    expect(Buffer.from(parsed.publicKey.y).toString('hex')).toBe('46456f86');
    expect(parsed.publicKeyText).toBe(
      '// BIG p\r\nFCA6 82CE.\r\n// BIG q\r\n962E DDCC.\r\n// BIG g\r\n6784 71B2.\r\n// BIG y\r\n4645 6F86.\r\n',
    );
    expect(() => parseSignatureFile(text.replace('// BIG q', '// BIG z'))).toThrow(/BIG q/);
  });
});

describe('SERIAL.ENC and PRODUCTS.TXT', () => {
  it('labels ISO weeks (the week of 4 January is week 1)', () => {
    expect(isoWeekLabel(new Date('2024-01-04T00:00:00Z'))).toBe('WK01-24');
    expect(isoWeekLabel(new Date('2021-01-03T00:00:00Z'))).toBe('WK53-20');
  });

  it('writes files the readers understand', () => {
    const serial = parseSerial(
      new TextDecoder().decode(writeSerial({ dataServerId: 'CR', date: new Date('2026-11-23T10:00:00Z'), type: 'UPDATE' })),
    );
    expect(serial).toMatchObject({ dataServerId: 'CR', week: 'WK48-26', date: '20261123', type: 'UPDATE', volume: 'V01X01' });
    const products = parseProducts(
      new TextDecoder().decode(
        writeProducts(new Date('2026-11-23T10:00:00Z'), [
          { name: 'XX5DEMO1', baseIssueDate: '20240105', edition: 1, updateIssueDate: '20240207', update: 2 },
        ]),
      ),
    );
    expect(products).toMatchObject({
      date: '20261123',
      version: '2',
      enc: [{ cellName: 'XX5DEMO1', baseIssueDate: '20240105', edition: 1, updateIssueDate: '20240207', update: 2 }],
    });
  });
});
