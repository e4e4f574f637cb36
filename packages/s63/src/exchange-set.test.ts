import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { ascii } from './bytes.js';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { readExchangeSet } from './exchange-set.js';
import { writePermitFile } from './permit-file.js';

function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof S63Error ? err.code : 'not-an-S63Error';
  }
  return undefined;
}

const fakeCell = (seed: number, size = 3000): Uint8Array => {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * seed + (i >> 4)) & 0xff;
  return data;
};

const HW = 'A1B2C';
const key = (n: number): Uint8Array => new Uint8Array([n, n + 1, n + 2, n + 3, n + 4]);

/** A fresh-clone exchange set: four cell files, permits for three cells (one expired, one for CK2 only). */
function fixture(options: { hwId?: string; corruptUpdate?: boolean } = {}) {
  const plain = { a0: fakeCell(3), a1: fakeCell(5, 900), b0: fakeCell(7), c0: fakeCell(11), d0: fakeCell(13) };
  const a1 = encryptCell(plain.a1, 'XX5AAAAA.001', key(1));
  if (options.corruptUpdate) a1[a1.length >> 1]! ^= 0x55;
  const cells = [
    { name: 'XX5AAAAA', edition: 4, update: 0, encrypted: encryptCell(plain.a0, 'XX5AAAAA.000', key(1)) },
    { name: 'XX5AAAAA', edition: 4, update: 1, encrypted: a1 },
    { name: 'XX5BBBBB', edition: 2, update: 0, encrypted: encryptCell(plain.b0, 'XX5BBBBB.000', key(20)) },
    { name: 'XX5CCCCC', edition: 1, update: 0, encrypted: encryptCell(plain.c0, 'XX5CCCCC.000', key(40)) },
    { name: 'XX5DDDDD', edition: 1, update: 0, encrypted: encryptCell(plain.d0, 'XX5DDDDD.000', key(60)) },
  ];
  const hwId = options.hwId ?? HW;
  const permitText = writePermitFile({
    date: '20240101',
    enc: [
      {
        permit: createCellPermit({ cellName: 'XX5AAAAA', expiry: '20301231', ck1: key(1), ck2: key(2), hwId }),
        edition: 4,
        dataServerId: 'XX',
      },
      // key rotation: the cell is encrypted with the permit's second key
      { permit: createCellPermit({ cellName: 'XX5BBBBB', expiry: '20301231', ck1: key(21), ck2: key(20), hwId }), edition: 2 },
      { permit: createCellPermit({ cellName: 'XX5CCCCC', expiry: '20231231', ck1: key(40), ck2: key(41), hwId }), edition: 1 },
    ],
  });
  return { plain, zip: buildExchangeSet({ cells, permitText, permitPath: 'V01X01/INFO/PERMIT.TXT', dataServerId: 'XX' }) };
}

describe('exchange set (fresh clone)', () => {
  it('lists cells with edition and update and decrypts the permitted ones', () => {
    const { plain, zip } = fixture();
    const set = readExchangeSet(zip, { hwId: HW, date: '20240601' });
    expect(set.cells.map((c) => [c.name, c.edition, c.update, c.status])).toEqual([
      ['XX5AAAAA', 4, 0, 'decrypted'],
      ['XX5AAAAA', 4, 1, 'decrypted'],
      ['XX5BBBBB', 2, 0, 'decrypted'],
      ['XX5CCCCC', 1, 0, 'permit_expired'],
      ['XX5DDDDD', 1, 0, 'no_permit'],
    ]);
    expect(set.cells[0]!.file).toBe('V01X01/ENC_ROOT/XX/XX5AAAAA/4/0/XX5AAAAA.000');
    expect(set.cells[0]!.data).toEqual(plain.a0);
    expect(set.cells[1]!.data).toEqual(plain.a1);
    expect(set.cells[2]!.keyIndex).toBe(1);
    expect(set.cells[2]!.data).toEqual(plain.b0);
    expect(set.cells[3]!.data).toBeUndefined();
    expect(set.cells[3]!.reason).toMatch(/20231231/);
    expect(set.paths).toEqual({
      catalog: 'V01X01/ENC_ROOT/CATALOG.031',
      permitFile: 'V01X01/INFO/PERMIT.TXT',
      products: 'V01X01/INFO/PRODUCTS.TXT',
      serial: 'V01X01/INFO/SERIAL.ENC',
    });
    expect(set.catalog).toHaveLength(6);
    expect(set.serial).toMatchObject({ dataServerId: 'XX', date: '20240101', type: 'BASE', volume: 'V01X01' });
    expect(set.products?.enc.find((p) => p.cellName === 'XX5AAAAA')).toMatchObject({ edition: 4, update: 1 });
  });

  it('reports every cell as wrong key / bad permit for another HW_ID', () => {
    const { zip } = fixture();
    const set = readExchangeSet(zip, { hwId: '12345', date: '20240601' });
    const permitted = set.cells.filter((c) => c.name !== 'XX5DDDDD');
    expect(permitted.every((c) => c.status === 'wrong_key' && /bad permit/.test(c.reason ?? ''))).toBe(true);
    expect(set.cells.every((c) => c.data === undefined)).toBe(true);
  });

  it('reports a damaged update as corrupt and keeps the rest', () => {
    const set = readExchangeSet(fixture({ corruptUpdate: true }).zip, { hwId: HW, date: '20240601' });
    expect(set.cells.map((c) => c.status)).toEqual(['decrypted', 'corrupt', 'decrypted', 'permit_expired', 'no_permit']);
  });

  it('detects a cell whose bytes differ from the CATALOG.031 CRC', () => {
    const good = encryptCell(fakeCell(3), 'XX5AAAAA.000', key(1));
    const other = encryptCell(fakeCell(4), 'XX5AAAAA.000', key(1));
    const built = buildExchangeSet({ cells: [{ name: 'XX5AAAAA', edition: 1, update: 0, encrypted: good }], root: '' });
    const permitText = writePermitFile({
      enc: [{ permit: createCellPermit({ cellName: 'XX5AAAAA', expiry: '20991231', ck1: key(1), ck2: key(2), hwId: HW }) }],
    });
    // Same layout, but the cell swapped for another valid encryption after the catalog was written.
    const catalog = readExchangeSet(built, { hwId: HW, permitFile: permitText });
    expect(catalog.cells[0]!.status).toBe('decrypted');
    const swapped = zipSync({
      'ENC_ROOT/CATALOG.031': readCatalogBytes(built),
      'ENC_ROOT/XX/XX5AAAAA/1/0/XX5AAAAA.000': other,
    });
    const set = readExchangeSet(swapped, { hwId: HW, permitFile: permitText });
    expect(set.cells[0]!.status).toBe('corrupt');
    expect(set.cells[0]!.reason).toMatch(/CATALOG\.031/);
  });

  it('uses a PERMIT.TXT given apart from the zip, and reports no permit without one', () => {
    const cells = [{ name: 'XX5AAAAA', edition: 1, update: 0, encrypted: encryptCell(fakeCell(3), 'XX5AAAAA.000', key(1)) }];
    const zip = buildExchangeSet({ cells });
    expect(readExchangeSet(zip, { hwId: HW }).cells[0]!.status).toBe('no_permit');
    const permitText = writePermitFile({
      enc: [{ permit: createCellPermit({ cellName: 'XX5AAAAA', expiry: '20991231', ck1: key(1), ck2: key(2), hwId: HW }) }],
    });
    expect(readExchangeSet(zip, { hwId: HW, permitFile: permitText }).cells[0]!.status).toBe('decrypted');
  });
});

function readCatalogBytes(zip: Uint8Array): Uint8Array {
  const path = 'ENC_ROOT/CATALOG.031';
  return unzipSync(zip, { filter: (f) => f.name === path })[path]!;
}

describe('zip safety', () => {
  const cell = (): Uint8Array => encryptCell(fakeCell(3), 'XX5AAAAA.000', key(1));

  it('refuses entries that would escape the output folder', () => {
    for (const name of ['../XX5AAAAA.000', 'ENC_ROOT/../../XX5AAAAA.000', '/etc/XX5AAAAA.000', 'C:/XX5AAAAA.000', '..\\XX5AAAAA.000']) {
      const zip = zipSync({ [name]: cell() });
      expect(errorCode(() => readExchangeSet(zip, { hwId: HW }))).toBe('zip_unsafe');
    }
  });

  it('enforces entry count, entry size, total size and compression ratio limits', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i}.TXT`, ascii('x')])));
    expect(errorCode(() => readExchangeSet(many, { hwId: HW, limits: { maxEntries: 10 } }))).toBe('limit_exceeded');
    const big = zipSync({ 'ENC_ROOT/XX/XX5AAAAA/1/0/XX5AAAAA.000': cell() });
    expect(errorCode(() => readExchangeSet(big, { hwId: HW, limits: { maxEntrySize: 100 } }))).toBe('limit_exceeded');
    const permitText = writePermitFile({
      enc: [{ permit: createCellPermit({ cellName: 'XX5AAAAA', expiry: '20991231', ck1: key(1), ck2: key(2), hwId: HW }) }],
    });
    expect(errorCode(() => readExchangeSet(big, { hwId: HW, permitFile: permitText, limits: { maxTotalSize: 1000 } }))).toBe(
      'limit_exceeded',
    );
    const bomb = zipSync({ 'README.TXT': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    const withCatalogName = zipSync({ 'ENC_ROOT/CATALOG.031': unzipSync(bomb)['README.TXT']! }, { level: 9 });
    expect(errorCode(() => readExchangeSet(withCatalogName, { hwId: HW }))).toBe('limit_exceeded');
  });
});

describe.skipIf(!hasTestdata)('exchange set from the test-kit cell and PERMIT.TXT', () => {
  const assemble = () =>
    buildExchangeSet({
      cells: [{ name: 'NO4D0512', edition: 3, update: 0, encrypted: readFileSync(testdataPath('s63/NO4D0512_encrypted.000')) }],
      permitText: readFileSync(testdataPath('s63/PERMIT.TXT'), 'latin1'),
      dataServerId: 'NO',
    });

  it('decrypts end to end to derived/NO4D0512.000', () => {
    const set = readExchangeSet(assemble(), { hwId: '12345', date: '20040801' });
    expect(set.cells).toHaveLength(1);
    const cell = set.cells[0]!;
    expect([cell.name, cell.edition, cell.update, cell.status, cell.keyIndex, cell.permitExpiry]).toEqual([
      'NO4D0512',
      3,
      0,
      'decrypted',
      0,
      '20040826',
    ]);
    expect(Buffer.from(cell.data!).equals(readFileSync(testdataPath('s63/derived/NO4D0512.000')))).toBe(true);
    expect(set.permitFile?.enc).toHaveLength(2);
  });

  it('keeps the cell issued before its permit expired (SSE 25) and reports a bad permit for a wrong HW_ID', () => {
    const late = readExchangeSet(assemble(), { hwId: '12345', date: '20240101' }).cells[0]!;
    expect([late.status, late.warnings?.map((w) => w.code)]).toEqual(['decrypted', ['SSE25']]);
    const wrong = readExchangeSet(assemble(), { hwId: '12346', date: '20040801' }).cells[0]!;
    expect(wrong.status).toBe('wrong_key');
    expect(wrong.reason).toMatch(/bad permit/);
  });
});
