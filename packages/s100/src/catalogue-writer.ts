// CATALOG.XML: the S-100 5.2 exchange catalogue (Part 17; element S100_ExchangeCatalogue of
// namespace http://www.iho.int/s100/xc/5.2), written in the element order of the IHO XSD (S-100
// Edition 5.2.0, S100Catalog build 20240415) with the S-101 product specification's restrictions
// (identifier, contact, productSpecification, defaultLocale, classification, purpose, edition and
// update numbers, bounding box, data coverage) filled in. Each dataset carries the data server's
// S100_SE_SignatureOnData over its unencrypted bytes (dataStatus="unencrypted").
import { S100Error } from './errors.js';
import { encodingFormatOf, productSpecificationOf, type ProductSpecification } from './products.js';
import { SIGNATURE_ALGORITHM } from './signing.js';
import { writeCertificateElements, type CertificateContainer } from './standalone-signature.js';
import { NS, leaf } from './xml.js';

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type DatasetPurpose = 'newDataset' | 'newEdition' | 'update' | 'reissue' | 'cancellation' | 'delta';
export type NavigationPurpose = 'port' | 'transit' | 'overview';

export interface CatalogueDataset {
  /** Path below S100_ROOT, e.g. S-101/DATASET_FILES/101FR00369300.000 (written as a relative URI). */
  path: string;
  product: string;
  productSpecification?: Partial<ProductSpecification>;
  edition: number;
  update: number;
  /** YYYY-MM-DD */
  issueDate: string;
  bbox?: BoundingBox;
  description?: string;
  /** newDataset / newEdition / update by default, from the edition and update numbers. */
  purpose?: DatasetPurpose;
  notForNavigation?: boolean;
  copyright?: boolean;
  navigationPurpose?: NavigationPurpose;
  producer?: { name: string; code?: string };
  isEncrypted: boolean;
  signature: { id: string; certificateRef: string; value: Uint8Array };
}

export type SupportFileFormat = 'TXT_UTF-8' | 'JPEG2000' | 'HTML' | 'XML' | 'XSLT' | 'VIDEO' | 'TIFF' | 'PDF/AorUA' | 'LUA' | 'other';

export interface CatalogueSupportFile {
  /** Path below S100_ROOT, e.g. S-101/SUPPORT_FILES/101FR00NOTES.TXT */
  path: string;
  edition: number;
  issueDate?: string;
  dataType: SupportFileFormat;
  revisionStatus?: 'new' | 'replacement' | 'deletion';
  /** File names of the datasets it supports. */
  supportedResources?: string[];
  signature: { id: string; certificateRef: string; value: Uint8Array };
}

export interface CatalogueInput {
  identifier: string;
  dateTime: Date;
  dataServer: { name: string; identifier: string };
  certificates: CertificateContainer;
  datasets: CatalogueDataset[];
  supportFiles?: CatalogueSupportFile[];
}

const ISO_CODELISTS = 'http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml';
const IHO_CODELISTS = 'http://www.iho.int/S100/5.2.0/resources/Codelists/cat/codelists.xml';
const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const string = (el: string, text: string): string => `<${el}>${leaf('gco:CharacterString', text)}</${el}>`;
const bool = (value: boolean): string => (value ? 'true' : 'false');
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function decimal(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** The catalogue's dateTime: YYYY-MM-DDThh:mm:ssZ (20 characters, as S-100's Schematron asks). */
export function catalogueDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function checkBox(box: BoundingBox, what: string): void {
  const ok =
    [box.west, box.east].every((v) => Number.isFinite(v) && v >= -180 && v <= 180) &&
    [box.south, box.north].every((v) => Number.isFinite(v) && v >= -90 && v <= 90) &&
    box.south <= box.north;
  if (!ok)
    throw new S100Error('invalid_argument', `${what}: bounding box must be west/east in [-180, 180] and south <= north in [-90, 90]`);
}

function productSpecificationXml(spec: ReturnType<typeof productSpecificationOf>, indent: string): string {
  return [
    `${indent}<S100XC:productSpecification>`,
    ...[
      leaf('S100XC:name', spec.name),
      leaf('S100XC:version', spec.version),
      leaf('S100XC:date', spec.date),
      leaf('S100XC:productIdentifier', spec.productIdentifier),
      leaf('S100XC:number', spec.number),
    ]
      .filter(Boolean)
      .map((l) => `${indent}  ${l}`),
    `${indent}</S100XC:productSpecification>`,
  ].join('\n');
}

function localeXml(indent: string): string {
  return [
    `${indent}<lan:PT_Locale>`,
    `${indent}  <lan:language>${leaf('lan:LanguageCode', 'English', { codeList: `${IHO_CODELISTS}#S100_MD_LanguageCode`, codeListValue: 'eng' })}</lan:language>`,
    `${indent}  <lan:characterEncoding>${leaf('lan:MD_CharacterSetCode', 'UTF-8', { codeList: `${IHO_CODELISTS}#S100_MD_CharacterSetCode`, codeListValue: 'UTF-8' })}</lan:characterEncoding>`,
    `${indent}</lan:PT_Locale>`,
  ].join('\n');
}

/** The bounding box as a closed ring, latitude before longitude (EPSG:4326 axis order). */
function ringPosList(box: BoundingBox): string {
  const corners: [number, number][] = [
    [box.south, box.west],
    [box.south, box.east],
    [box.north, box.east],
    [box.north, box.west],
    [box.south, box.west],
  ];
  return corners.map(([lat, lon]) => `${decimal(lat)} ${decimal(lon)}`).join(' ');
}

function defaultPurpose(d: CatalogueDataset): DatasetPurpose {
  if (d.update > 0) return 'update';
  return d.edition > 1 ? 'newEdition' : 'newDataset';
}

/** Throws `invalid_argument` naming the dataset when its metadata cannot go into a valid catalogue. */
export function checkCatalogueDataset(
  d: Pick<CatalogueDataset, 'issueDate' | 'edition' | 'update' | 'bbox' | 'product'>,
  what: string,
): void {
  if (!DATE_RE.test(d.issueDate))
    throw new S100Error('invalid_argument', `${what}: issue date must be YYYY-MM-DD, got ${JSON.stringify(d.issueDate)}`);
  if (!Number.isInteger(d.edition) || d.edition < 1)
    throw new S100Error('invalid_argument', `${what}: edition must be a whole number from 1`);
  if (!Number.isInteger(d.update) || d.update < 0) throw new S100Error('invalid_argument', `${what}: update must be a whole number from 0`);
  if (d.bbox) checkBox(d.bbox, what);
  productSpecificationOf(d.product);
}

function datasetXml(d: CatalogueDataset, index: number, dataServerName: string): string {
  checkCatalogueDataset(d, `dataset ${d.path}`);
  const spec = productSpecificationOf(d.product, d.productSpecification);
  // Without a named producer the data server answers for the data.
  const producer = d.producer ?? { name: dataServerName };
  const i = '      ';
  const lines = [
    `${i}${leaf('S100XC:fileName', d.path)}`,
    d.description !== undefined ? `${i}${string('S100XC:description', d.description)}` : '',
    `${i}${leaf('S100XC:compressionFlag', 'false')}`,
    `${i}${leaf('S100XC:dataProtection', bool(d.isEncrypted))}`,
    d.isEncrypted ? `${i}${leaf('S100XC:protectionScheme', 'S100p15')}` : '',
    `${i}${leaf('S100XC:digitalSignatureReference', SIGNATURE_ALGORITHM)}`,
    `${i}<S100XC:digitalSignatureValue>${leaf('S100SE:S100_SE_SignatureOnData', base64(d.signature.value), {
      id: d.signature.id,
      certificateRef: d.signature.certificateRef,
      dataStatus: 'unencrypted',
    })}</S100XC:digitalSignatureValue>`,
    `${i}${leaf('S100XC:copyright', bool(d.copyright ?? true))}`,
    `${i}<S100XC:classification>${leaf('mco:MD_ClassificationCode', 'unclassified', {
      codeList: `${ISO_CODELISTS}#MD_ClassificationCode`,
      codeListValue: 'unclassified',
    })}</S100XC:classification>`,
    `${i}${leaf('S100XC:purpose', d.purpose ?? defaultPurpose(d))}`,
    `${i}${leaf('S100XC:notForNavigation', bool(d.notForNavigation ?? false))}`,
    `${i}${leaf('S100XC:editionNumber', d.edition)}`,
    `${i}${leaf('S100XC:updateNumber', d.update)}`,
    `${i}${leaf('S100XC:issueDate', d.issueDate)}`,
    d.bbox
      ? [
          `${i}<S100XC:boundingBox>`,
          `${i}  <gex:westBoundLongitude>${leaf('gco:Decimal', decimal(d.bbox.west))}</gex:westBoundLongitude>`,
          `${i}  <gex:eastBoundLongitude>${leaf('gco:Decimal', decimal(d.bbox.east))}</gex:eastBoundLongitude>`,
          `${i}  <gex:southBoundLatitude>${leaf('gco:Decimal', decimal(d.bbox.south))}</gex:southBoundLatitude>`,
          `${i}  <gex:northBoundLatitude>${leaf('gco:Decimal', decimal(d.bbox.north))}</gex:northBoundLatitude>`,
          `${i}</S100XC:boundingBox>`,
        ].join('\n')
      : '',
    productSpecificationXml(spec, i),
    [
      `${i}<S100XC:producingAgency><cit:CI_Responsibility>`,
      `${i}  <cit:role>${leaf('cit:CI_RoleCode', 'originator', { codeList: `${ISO_CODELISTS}#CI_RoleCode`, codeListValue: 'originator' })}</cit:role>`,
      `${i}  <cit:party><cit:CI_Organisation>${string('cit:name', producer.name)}</cit:CI_Organisation></cit:party>`,
      `${i}</cit:CI_Responsibility></S100XC:producingAgency>`,
    ].join('\n'),
    producer.code ? `${i}${leaf('S100XC:producerCode', producer.code)}` : '',
    `${i}${leaf('S100XC:encodingFormat', encodingFormatOf(d.product, d.path))}`,
    d.bbox
      ? [
          `${i}<S100XC:dataCoverage><S100XC:boundingPolygon><gex:polygon>`,
          `${i}  <gml:Polygon gml:id="coverage-${index + 1}" srsName="http://www.opengis.net/def/crs/EPSG/0/4326">`,
          `${i}    <gml:exterior><gml:LinearRing>${leaf('gml:posList', ringPosList(d.bbox))}</gml:LinearRing></gml:exterior>`,
          `${i}  </gml:Polygon>`,
          `${i}</gex:polygon></S100XC:boundingPolygon></S100XC:dataCoverage>`,
        ].join('\n')
      : '',
    d.navigationPurpose ? `${i}${leaf('S100XC:navigationPurpose', d.navigationPurpose)}` : '',
  ];
  return ['    <S100XC:S100_DatasetDiscoveryMetadata>', ...lines.filter(Boolean), '    </S100XC:S100_DatasetDiscoveryMetadata>'].join('\n');
}

function supportFileXml(f: CatalogueSupportFile): string {
  const i = '      ';
  const lines = [
    `${i}${leaf('S100XC:fileName', f.path)}`,
    `${i}${leaf('S100XC:revisionStatus', f.revisionStatus ?? 'new')}`,
    `${i}${leaf('S100XC:editionNumber', f.edition)}`,
    f.issueDate ? `${i}${leaf('S100XC:issueDate', f.issueDate)}` : '',
    `${i}${leaf('S100XC:dataType', f.dataType)}`,
    `${i}${leaf('S100XC:compressionFlag', 'false')}`,
    `${i}${leaf('S100XC:digitalSignatureReference', SIGNATURE_ALGORITHM)}`,
    `${i}<S100XC:digitalSignatureValue>${leaf('S100SE:S100_SE_DigitalSignature', base64(f.signature.value), {
      id: f.signature.id,
      certificateRef: f.signature.certificateRef,
    })}</S100XC:digitalSignatureValue>`,
    ...(f.supportedResources ?? []).map((r) => `${i}${leaf('S100XC:supportedResource', r)}`),
  ];
  return [
    '    <S100XC:S100_SupportFileDiscoveryMetadata>',
    ...lines.filter(Boolean),
    '    </S100XC:S100_SupportFileDiscoveryMetadata>',
  ].join('\n');
}

export function writeCatalogue(input: CatalogueInput): string {
  const products = [...new Map(input.datasets.map((d) => [d.product, productSpecificationOf(d.product, d.productSpecification)])).values()];
  const ns = Object.entries({ S100XC: NS.xc, S100SE: NS.se, gco: NS.gco, gex: NS.gex, cit: NS.cit, lan: NS.lan, mco: NS.mco, gml: NS.gml })
    .map(([p, uri]) => `xmlns:${p}="${uri}"`)
    .join(' ');
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<S100XC:S100_ExchangeCatalogue ${ns}>`,
    '  <S100XC:identifier>',
    `    ${leaf('S100XC:identifier', input.identifier)}`,
    `    ${leaf('S100XC:dateTime', catalogueDateTime(input.dateTime))}`,
    '  </S100XC:identifier>',
    `  <S100XC:contact>${string('S100XC:organization', input.dataServer.name)}</S100XC:contact>`,
    ...products.map((p) => productSpecificationXml(p, '  ')),
    '  <S100XC:defaultLocale>',
    localeXml('    '),
    '  </S100XC:defaultLocale>',
    '  <S100XC:certificates>',
    `    ${writeCertificateElements(input.certificates, 'S100SE:')}`,
    '  </S100XC:certificates>',
    `  ${leaf('S100XC:dataServerIdentifier', input.dataServer.identifier)}`,
    '  <S100XC:datasetDiscoveryMetadata>',
    ...input.datasets.map((d, i) => datasetXml(d, i, input.dataServer.name)),
    '  </S100XC:datasetDiscoveryMetadata>',
    '  <S100XC:supportFileDiscoveryMetadata>',
    ...(input.supportFiles ?? []).map(supportFileXml),
    '  </S100XC:supportFileDiscoveryMetadata>',
    '  <S100XC:catalogueDiscoveryMetadata/>',
    '</S100XC:S100_ExchangeCatalogue>',
    '',
  ];
  return parts.join('\n');
}
