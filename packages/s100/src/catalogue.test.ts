// CATALOG.XML, PERMIT.XML and the .SIGN files against the IHO S-100 5.2.0 schemas: always against the
// structure read from the XSDs (S100Catalog and S100SE, build 20240415), and with xmllint against the
// XSDs themselves when S100_XSD_DIR names a copy of the schema distribution (never committed here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, loadDataServerIdentity } from './certificates.js';
import { buildProtectedExchangeSet } from './exchange-set-builder.js';
import { createUserPermit } from './user-permit.js';
import { NS, parseXml, type XmlElement } from './xml.js';

const HW_ID = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  const pki = createTestPki({ dataServerName: 'Chartroom Test' });
  const identity = loadDataServerIdentity({
    schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
    dataServerCertificatePem: pki.dataServer.certificatePem,
    dataServerKeyPem: pki.dataServer.privateKeyPem,
  });
  const chunks: Uint8Array[] = [];
  await buildProtectedExchangeSet(
    {
      datasets: [
        {
          product: 'S-101',
          fileName: '101FR00TEST.000',
          edition: 2,
          update: 0,
          issueDate: '2026-01-15',
          expiry: '2027-01-31',
          bbox: { west: -4.75, south: 48.25, east: -4.5, north: 48.5 },
          data: new Uint8Array(1000),
          producer: { name: 'Service hydrographique', code: 'FR00' },
          navigationPurpose: 'port',
          description: ';FR401234;',
          productSpecification: { version: '2.0.0', date: '2024-12-01' },
        },
        { product: 'S-102', fileName: '102FR00GRID.h5', edition: 1, update: 0, issueDate: '2026-01-16', data: new Uint8Array(10) },
      ],
      supportFiles: [
        {
          product: 'S-101',
          fileName: '101FR00NOTE.TXT',
          edition: 1,
          dataType: 'TXT_UTF-8',
          data: new TextEncoder().encode('note'),
          supportedResources: ['101FR00TEST.000'],
        },
      ],
      device: { hwId: HW_ID, userPermit: createUserPermit({ hwId: HW_ID, mKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5', mId: 'CR0101' }) },
      dataServer: { identity, name: 'Chartroom Test', identifier: 'CR' },
      identifier: 'CR-2026-0001',
      date: new Date('2026-02-01T08:30:00.123Z'),
    },
    (c) => void chunks.push(c),
  );
  files = unzipSync(Buffer.concat(chunks));
});

const names = (el: XmlElement | undefined): string[] => (el?.children ?? []).map((c) => c.name);
const child = (el: XmlElement | undefined, name: string): XmlElement => {
  const found = el?.children.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} in ${el?.name}`);
  return found;
};

/** True when `actual` lists elements in the order `order` allows (a subsequence, repeats adjacent). */
function inSchemaOrder(actual: string[], order: string[]): boolean {
  let at = 0;
  for (const name of actual) {
    const i = order.indexOf(name, at);
    if (i < 0) return false;
    at = i;
  }
  return true;
}

// xs:sequence of S100_ExchangeCatalogue, S100_DatasetDiscoveryMetadata and S100_SupportFileDiscoveryMetadata (5.2.0-20240415).
const CATALOGUE_ORDER = [
  'identifier',
  'contact',
  'productSpecification',
  'defaultLocale',
  'otherLocale',
  'exchangeCatalogueDescription',
  'exchangeCatalogueComment',
  'certificates',
  'dataServerIdentifier',
  'datasetDiscoveryMetadata',
  'supportFileDiscoveryMetadata',
  'catalogueDiscoveryMetadata',
];
const DATASET_ORDER = [
  'fileName',
  'description',
  'datasetID',
  'compressionFlag',
  'dataProtection',
  'protectionScheme',
  'digitalSignatureReference',
  'digitalSignatureValue',
  'copyright',
  'classification',
  'purpose',
  'notForNavigation',
  'specificUsage',
  'editionNumber',
  'updateNumber',
  'updateApplicationDate',
  'referenceID',
  'issueDate',
  'issueTime',
  'boundingBox',
  'temporalExtent',
  'productSpecification',
  'producingAgency',
  'producerCode',
  'encodingFormat',
  'dataCoverage',
  'comment',
  'defaultLocale',
  'otherLocale',
  'metadataPointOfContact',
  'metadataDateStamp',
  'replacedData',
  'dataReplacement',
  'navigationPurpose',
  'resourceMaintenance',
];
const DATASET_REQUIRED = [
  'fileName',
  'compressionFlag',
  'dataProtection',
  'digitalSignatureReference',
  'digitalSignatureValue',
  'copyright',
  'notForNavigation',
  'issueDate',
  'productSpecification',
  'producingAgency',
  'encodingFormat',
];
const SUPPORT_ORDER = [
  'fileName',
  'revisionStatus',
  'editionNumber',
  'issueDate',
  'supportFileSpecification',
  'dataType',
  'otherDataTypeDescription',
  'comment',
  'compressionFlag',
  'digitalSignatureReference',
  'digitalSignatureValue',
  'defaultLocale',
  'supportedResource',
  'resourcePurpose',
];

describe('CATALOG.XML as the S-100 5.2 exchange catalogue schema shapes it', () => {
  it('has the root, namespaces and top-level order of S100_ExchangeCatalogue, with what S-101 makes mandatory', () => {
    const root = parseXml(files['S100_ROOT/CATALOG.XML']!, 'CATALOG.XML');
    expect([root.ns, root.name]).toEqual([NS.xc, 'S100_ExchangeCatalogue']);
    expect(NS.xc).toBe('http://www.iho.int/s100/xc/5.2');
    expect(inSchemaOrder(names(root), CATALOGUE_ORDER)).toBe(true);
    for (const required of [
      'datasetDiscoveryMetadata',
      'supportFileDiscoveryMetadata',
      'catalogueDiscoveryMetadata',
      'identifier',
      'contact',
      'defaultLocale',
      'productSpecification',
    ]) {
      expect(names(root)).toContain(required);
    }
    const id = child(root, 'identifier');
    expect(child(id, 'identifier').text).toBe('CR-2026-0001');
    // xs:dateTime, and the 20-character UTC form S-100's Schematron asks for.
    expect(child(id, 'dateTime').text).toBe('2026-02-01T08:30:00Z');
    expect(root.children.filter((c) => c.name === 'productSpecification').map((p) => child(p, 'productIdentifier').text)).toEqual([
      'S-101',
      'S-102',
    ]);
    const certificates = child(root, 'certificates');
    expect(certificates.children.map((c) => [c.ns, c.name])).toEqual([
      [NS.se, 'schemeAdministrator'],
      [NS.se, 'certificate'],
    ]);
    expect(certificates.children[1]!.attributes.issuer).toBe(certificates.children[0]!.attributes.id);
    expect(child(root, 'dataServerIdentifier').text).toBe('CR');
  });

  it('describes each dataset in the schema order, signed over its unencrypted bytes', () => {
    const root = parseXml(files['S100_ROOT/CATALOG.XML']!, 'CATALOG.XML');
    const entries = child(root, 'datasetDiscoveryMetadata').children;
    expect(entries.map((e) => [e.ns, e.name])).toEqual([
      [NS.xc, 'S100_DatasetDiscoveryMetadata'],
      [NS.xc, 'S100_DatasetDiscoveryMetadata'],
    ]);
    for (const entry of entries) {
      expect(inSchemaOrder(names(entry), DATASET_ORDER), names(entry).join(',')).toBe(true);
      for (const required of DATASET_REQUIRED) expect(names(entry)).toContain(required);
      const fileName = child(entry, 'fileName').text;
      // A relative URI from S100_ROOT to a file of the set.
      expect(fileName).toMatch(/^S-10[12]\/DATASET_FILES\/[^/]+$/);
      expect(files[`S100_ROOT/${fileName}`]).toBeDefined();
      expect(child(entry, 'dataProtection').text).toBe('true');
      expect(child(entry, 'protectionScheme').text).toBe('S100p15');
      expect(child(entry, 'compressionFlag').text).toBe('false');
      expect(child(entry, 'digitalSignatureReference').text).toBe('ECDSA-384-SHA2');
      const signature = child(entry, 'digitalSignatureValue').children;
      expect(signature.map((s) => [s.ns, s.name, s.attributes.dataStatus])).toEqual([[NS.se, 'S100_SE_SignatureOnData', 'unencrypted']]);
      expect(Buffer.from(signature[0]!.text, 'base64')[0]).toBe(0x30); // DER SEQUENCE { r, s }
    }
    const [s101, s102] = entries;
    expect(child(s101, 'encodingFormat').text).toBe('ISO/IEC 8211');
    expect(child(s102, 'encodingFormat').text).toBe('HDF5');
    expect(
      ['editionNumber', 'updateNumber', 'issueDate', 'purpose', 'producerCode', 'navigationPurpose'].map((n) => child(s101, n).text),
    ).toEqual(['2', '0', '2026-01-15', 'newEdition', 'FR00', 'port']);
    const box = child(s101, 'boundingBox');
    expect(box.children.map((c) => [c.ns, c.name, child(c, 'Decimal').text])).toEqual([
      [NS.gex, 'westBoundLongitude', '-4.75'],
      [NS.gex, 'eastBoundLongitude', '-4.5'],
      [NS.gex, 'southBoundLatitude', '48.25'],
      [NS.gex, 'northBoundLatitude', '48.5'],
    ]);
    const ring = child(
      child(child(child(child(child(s101, 'dataCoverage'), 'boundingPolygon'), 'polygon'), 'Polygon'), 'exterior'),
      'LinearRing',
    );
    expect(child(ring, 'posList').text).toBe('48.25 -4.75 48.25 -4.5 48.5 -4.5 48.5 -4.75 48.25 -4.75');
    const spec = child(s101, 'productSpecification');
    expect(names(spec)).toEqual(['name', 'version', 'date', 'productIdentifier', 'number']);
    expect(names(s102)).not.toContain('boundingBox');
  });

  it('describes support files in the schema order', () => {
    const root = parseXml(files['S100_ROOT/CATALOG.XML']!, 'CATALOG.XML');
    const [entry] = child(root, 'supportFileDiscoveryMetadata').children;
    expect(inSchemaOrder(names(entry), SUPPORT_ORDER)).toBe(true);
    expect(child(entry, 'fileName').text).toBe('S-101/SUPPORT_FILES/101FR00NOTE.TXT');
    expect(child(child(entry, 'digitalSignatureValue'), 'S100_SE_DigitalSignature').ns).toBe(NS.se);
  });

  it('writes PERMIT.XML and the .SIGN files in the S100SE 5.2 shapes', () => {
    const permit = parseXml(files['PERMIT.XML']!, 'PERMIT.XML');
    expect([permit.ns, permit.name, names(permit)]).toEqual([NS.se, 'Permit', ['header', 'products']]);
    expect(names(child(permit, 'header'))).toEqual(['issueDate', 'dataServerName', 'dataServerIdentifier', 'version', 'userpermit']);
    const products = child(permit, 'products').children;
    expect(products.map((p) => p.attributes.id)).toEqual(['S-101', 'S-102']);
    expect(names(child(products[0], 'datasetPermit'))).toEqual(['filename', 'editionNumber', 'expiry', 'encryptedKey']);
    expect(names(child(products[1], 'datasetPermit'))).toEqual(['filename', 'editionNumber', 'encryptedKey']);
    for (const name of ['PERMIT.SIGN', 'S100_ROOT/CATALOG.SIGN']) {
      const sign = parseXml(files[name]!, name);
      expect([sign.ns, sign.name, names(sign)]).toEqual([
        NS.se,
        'StandaloneDigitalSignature',
        ['filename', 'certificates', 'digitalSignature'],
      ]);
    }
  });
});

// --- xmllint against the IHO XSDs ---------------------------------------------------------------

const xsdDir = process.env.S100_XSD_DIR;

function findFile(dir: string, test: (path: string) => boolean, depth = 6): string | undefined {
  if (depth < 0 || !existsSync(dir)) return undefined;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const hit = findFile(path, test, depth - 1);
      if (hit) return hit;
    } else if (test(path)) return path;
  }
  return undefined;
}

describe.skipIf(!xsdDir)('the set against the IHO S-100 5.2 XSDs (xmllint, S100_XSD_DIR)', () => {
  let work: string;
  let env: NodeJS.ProcessEnv;
  let catalogueXsd: string;
  let part15Xsd: string;

  beforeAll(() => {
    const dir = xsdDir!;
    catalogueXsd = findFile(join(dir, 'S100/5.2.0'), (p) => p.endsWith('/S100_ExchangeCatalogue.xsd')) ?? '';
    part15Xsd = findFile(join(dir, 'S100/5.2.0'), (p) => p.endsWith('/S100SE/20240415/Part15.xsd') || p.endsWith('/Part15.xsd')) ?? '';
    const xlink = findFile(dir, (p) => p.endsWith('/xlink.xsd'));
    const xml = findFile(dir, (p) => p.endsWith('/2001/xml.xsd'));
    expect(catalogueXsd, `S100_XSD_DIR (${dir}) holds S100/5.2.0/S100Catalog/*/S100_ExchangeCatalogue.xsd`).not.toBe('');
    expect(spawnSync('xmllint', ['--version']).error, 'xmllint (Debian libxml2-utils) is installed').toBeUndefined();
    work = mkdtempSync(join(tmpdir(), 's100-xsd-'));
    // The ISO and OGC schemas import each other from their web addresses: map them to the copy.
    const catalog = [
      '<?xml version="1.0"?>',
      '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">',
      ...['http://schemas.opengis.net/', 'https://schemas.isotc211.org/'].flatMap((url) => {
        const local = `file://${join(dir, url.replace(/^https?:\/\//, ''))}`;
        return [
          `<rewriteURI uriStartString="${url}" rewritePrefix="${local}"/>`,
          `<rewriteSystem systemIdStartString="${url}" rewritePrefix="${local}"/>`,
        ];
      }),
      ...(xlink
        ? [
            `<uri name="http://www.w3.org/1999/xlink.xsd" uri="file://${xlink}"/>`,
            `<system systemId="http://www.w3.org/1999/xlink.xsd" uri="file://${xlink}"/>`,
          ]
        : []),
      ...(xml
        ? [
            `<uri name="http://www.w3.org/2001/xml.xsd" uri="file://${xml}"/>`,
            `<system systemId="http://www.w3.org/2001/xml.xsd" uri="file://${xml}"/>`,
          ]
        : []),
      '</catalog>',
    ].join('\n');
    writeFileSync(join(work, 'catalog.xml'), catalog);
    env = { ...process.env, XML_CATALOG_FILES: join(work, 'catalog.xml') };
    for (const [name, data] of Object.entries(files)) {
      if (!/\.(XML|SIGN)$/.test(name)) continue;
      writeFileSync(join(work, name.replaceAll('/', '_')), data);
    }
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const validate = (xsd: string, file: string): { ok: boolean; output: string } => {
    const r = spawnSync('xmllint', ['--nonet', '--noout', '--schema', xsd, join(work, file)], { encoding: 'utf8', env });
    return {
      ok: r.status === 0,
      output: r.stderr
        .split('\n')
        .filter((l) => l && !l.includes('Skipping import'))
        .join('\n'),
    };
  };

  it('CATALOG.XML is valid against S100_ExchangeCatalogue.xsd', () => {
    const r = validate(catalogueXsd, 'S100_ROOT_CATALOG.XML');
    expect(r.output).toContain('validates');
    expect(r.ok, r.output).toBe(true);
  });

  it('PERMIT.XML, PERMIT.SIGN and CATALOG.SIGN are valid against Part15.xsd', () => {
    for (const file of ['PERMIT.XML', 'PERMIT.SIGN', 'S100_ROOT_CATALOG.SIGN']) {
      const r = validate(part15Xsd, file);
      expect(r.ok, `${file}: ${r.output}`).toBe(true);
    }
  });

  it('and xmllint does refuse a catalogue out of schema order (the check can fail)', () => {
    const text = new TextDecoder().decode(files['S100_ROOT/CATALOG.XML']);
    const swapped = text.replace(
      /(<S100XC:compressionFlag>false<\/S100XC:compressionFlag>)(\s*)(<S100XC:dataProtection>true<\/S100XC:dataProtection>)/,
      '$3$2$1',
    );
    writeFileSync(join(work, 'bad.xml'), swapped);
    expect(validate(catalogueXsd, 'bad.xml').ok).toBe(false);
  });
});
