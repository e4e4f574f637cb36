// What the exchange catalogue says about each S-100 product specification it carries.
import { S100Error } from './errors.js';

export type EncodingFormat = 'ISO/IEC 8211' | 'GML' | 'HDF5' | 'undefined';

export interface ProductSpecification {
  /** S-101, S-102, ... */
  productIdentifier: string;
  name?: string;
  version?: string;
  /** YYYY-MM-DD */
  date?: string;
  /**
   * The index of the product in the Product Specification Register of the IHO GI Registry. Not
   * checked against the registry here (it was not reachable): defaults to the product's number
   * (101 for S-101); give the registry's value when it differs.
   */
  number?: number;
}

const KNOWN: Record<string, { name: string; encodingFormat: EncodingFormat }> = {
  'S-101': { name: 'Electronic Navigational Chart', encodingFormat: 'ISO/IEC 8211' },
  'S-102': { name: 'Bathymetric Surface', encodingFormat: 'HDF5' },
  'S-104': { name: 'Water Level Information for Surface Navigation', encodingFormat: 'HDF5' },
  'S-111': { name: 'Surface Currents', encodingFormat: 'HDF5' },
  'S-122': { name: 'Marine Protected Areas', encodingFormat: 'GML' },
  'S-123': { name: 'Marine Radio Services', encodingFormat: 'GML' },
  'S-124': { name: 'Navigational Warnings', encodingFormat: 'GML' },
  'S-127': { name: 'Marine Traffic Management', encodingFormat: 'GML' },
  'S-128': { name: 'Catalogue of Nautical Products', encodingFormat: 'GML' },
  'S-129': { name: 'Under Keel Clearance Management', encodingFormat: 'GML' },
};

const PRODUCT_RE = /^S-\d{3}$/;

export function checkProductId(product: string): string {
  if (!PRODUCT_RE.test(product))
    throw new S100Error('invalid_argument', `product must be an S-100 product id like S-101, got ${JSON.stringify(product)}`);
  return product;
}

/** The product's encoding as the catalogue names it; by file extension for products this table does not know. */
export function encodingFormatOf(product: string, fileName: string): EncodingFormat {
  const known = KNOWN[product];
  if (known) return known.encodingFormat;
  if (/\.h5$/i.test(fileName)) return 'HDF5';
  if (/\.gml$|\.xml$/i.test(fileName)) return 'GML';
  if (/\.\d{3}$/.test(fileName)) return 'ISO/IEC 8211';
  return 'undefined';
}

export function productSpecificationOf(
  product: string,
  given: Partial<ProductSpecification> = {},
): Required<Pick<ProductSpecification, 'productIdentifier' | 'number'>> & ProductSpecification {
  checkProductId(product);
  return {
    ...given,
    productIdentifier: product,
    name: given.name ?? KNOWN[product]?.name,
    number: given.number ?? Number(product.slice(2)),
  };
}
