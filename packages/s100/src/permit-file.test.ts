import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptDatasetKey, encryptDatasetKey, parsePermitFile, permitCovers, writePermitFile } from './permit-file.js';
import { parseStandaloneSignature, writeStandaloneSignature } from './standalone-signature.js';

const USER_PERMIT = 'AD1DAD797C966EC9F6A55B66ED98281599B3C7B1859868';

describe('PERMIT.XML', () => {
  it('wraps a dataset key as one AES-128 block under the HW_ID, in upper-case hex', () => {
    const key = randomBytes(16);
    const hwId = randomBytes(16);
    const c = createCipheriv('aes-128-ecb', hwId, null).setAutoPadding(false);
    const expected = Buffer.concat([c.update(key), c.final()])
      .toString('hex')
      .toUpperCase();
    expect(encryptDatasetKey(key, hwId)).toBe(expected);
    expect(Buffer.from(decryptDatasetKey(expected.toLowerCase().toUpperCase(), hwId)).equals(key)).toBe(true);
    expect(() => decryptDatasetKey('ABC', hwId)).toThrow(/32 hexadecimal/);
  });

  it('round-trips, escaping what XML needs escaped', () => {
    const file = {
      header: {
        issueDate: '2026-03-02',
        dataServerName: 'Hydro & Sons <Test>',
        dataServerIdentifier: 'H&S',
        version: '5.2.0',
        userPermit: USER_PERMIT,
      },
      products: [
        {
          productId: 'S-101',
          permits: [
            { fileName: '101AA00DS0001', editionNumber: 3, expiry: '2027-12-31', encryptedKey: '00112233445566778899AABBCCDDEEFF' },
          ],
        },
        {
          productId: 'S-102',
          permits: [{ fileName: '102AA00GRID', issueDate: '2026-01-01', encryptedKey: 'FFEEDDCCBBAA99887766554433221100' }],
        },
      ],
    };
    const xml = writePermitFile(file);
    expect(xml).toContain('<dataServerName>Hydro &amp; Sons &lt;Test&gt;</dataServerName>');
    expect(parsePermitFile(xml)).toEqual([file]);
    expect(() => writePermitFile({ ...file, header: { ...file.header, issueDate: '2 March' } })).toThrow(/YYYY-MM-DD/);
  });

  it('reads S-100 5.0 permits and 5.2 files with several header and products pairs', () => {
    const pair = (server: string, name: string): string =>
      `<header><issueDate>2026-01-01Z</issueDate><dataServerName>${server}</dataServerName><dataServerIdentifier>X</dataServerIdentifier><version>5.0.0</version><userpermit>${USER_PERMIT}</userpermit></header>` +
      `<products><product id="S-101"><datasetPermit><filename>${name}</filename><editionNumber>1</editionNumber><expiry>2027-01-01</expiry><encryptedKey>00112233445566778899aabbccddeeff</encryptedKey></datasetPermit></product></products>`;
    const v50 = parsePermitFile(
      `<?xml version="1.0"?><Permit xmlns="http://www.iho.int/s100/se/5.0">${pair('A', '101AA00ONE.000')}</Permit>`,
    );
    expect(v50[0]!.products[0]!.permits[0]).toEqual({
      fileName: '101AA00ONE.000',
      editionNumber: 1,
      expiry: '2027-01-01',
      encryptedKey: '00112233445566778899AABBCCDDEEFF',
    });
    const v52 = parsePermitFile(
      `<S100SE:Permit xmlns:S100SE="http://www.iho.int/s100/se/5.2">${pair('A', 'ONE').replaceAll('<', '<S100SE:').replaceAll('<S100SE:/', '</S100SE:')}${pair('B', 'TWO').replaceAll('<', '<S100SE:').replaceAll('<S100SE:/', '</S100SE:')}</S100SE:Permit>`,
    );
    expect(v52.map((f) => [f.header.dataServerName, f.products[0]!.permits[0]!.fileName])).toEqual([
      ['A', 'ONE'],
      ['B', 'TWO'],
    ]);
    expect(() => parsePermitFile('<Permit xmlns="urn:other"/>')).toThrow(/not an S-100 Permit/);
    expect(() => parsePermitFile('<Permit')).toThrow(/not well-formed/);
    expect(() => parsePermitFile('<!DOCTYPE x [<!ENTITY a "b">]><Permit xmlns="http://www.iho.int/s100/se/5.2"/>')).toThrow(/DOCTYPE/);
  });

  it('covers a dataset by its exact name, or by its name without extension (base and updates)', () => {
    expect(permitCovers('101AA00DS0001', '101AA00DS0001.000')).toBe(true);
    expect(permitCovers('101AA00DS0001', 'S-101/DATASET_FILES/101AA00DS0001.003')).toBe(true);
    expect(permitCovers('101AA00DS0001.000', '101AA00DS0001.000')).toBe(true);
    expect(permitCovers('101AA00DS0001.000', '101AA00DS0001.001')).toBe(false);
    expect(permitCovers('101AA00DS0001', '101AA00DS00010.000')).toBe(false);
  });
});

describe('signature files', () => {
  it('round-trip with their certificates and signature', () => {
    const file = {
      fileName: 'PERMIT.XML',
      certificates: { schemeAdministratorId: 'IHO & Co', certificates: [{ id: 'DS "1"', issuer: 'IHO & Co', der: randomBytes(300) }] },
      signature: { id: 'PERMIT_XML', certificateRef: 'DS "1"', value: randomBytes(103) },
    };
    const parsed = parseStandaloneSignature(writeStandaloneSignature(file));
    expect(parsed.fileName).toBe('PERMIT.XML');
    expect(parsed.certificates.schemeAdministratorId).toBe('IHO & Co');
    expect(Buffer.from(parsed.certificates.certificates[0]!.der).equals(file.certificates.certificates[0]!.der)).toBe(true);
    expect(parsed.signature.certificateRef).toBe('DS "1"');
    expect(Buffer.from(parsed.signature.value).equals(file.signature.value)).toBe(true);
  });
});
