// Node.js file helpers: a dataset with the update datasets beside it, a feature catalogue file.
// Kept apart from the core so the rest of the package stays browser-safe.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { findUpdateFiles } from '@chartroom/s57/node';
import { readFeatureCatalogue, type FeatureCatalogue } from './catalogue.js';
import { indexS101, type S101Dataset } from './dataset.js';
import { S101Error } from './errors.js';
import { scanS101 } from './scan.js';

/** Paths of the update files following a .000 base (NAME.001, NAME.002 ..., stopping at the first gap), as for S-57. */
export { findUpdateFiles };

export interface OpenOptions {
  /** 'apply' (default) applies NAME.001, NAME.002 ... found beside a .000 base dataset; 'ignore' reads the file alone. */
  updates?: 'apply' | 'ignore';
}

/** The bytes of a file; throws S101Error 'io'. */
export function readBytes(path: string): Uint8Array {
  try {
    const buf = readFileSync(path);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new S101Error('io', `cannot read ${path}: ${err.code ?? err.message}`, { file: path });
  }
}

/** Opens an S-101 dataset lazily; a .000 base gets the update datasets beside it unless `updates: 'ignore'`. */
export function openS101(path: string, opts: OpenOptions = {}): S101Dataset {
  const base = scanS101(readBytes(path), { fileName: basename(path) });
  if (opts.updates === 'ignore' || base.isUpdate) return indexS101(base);
  return indexS101(
    base,
    findUpdateFiles(path).map((f) => scanS101(readBytes(f), { fileName: basename(f) })),
  );
}

/** Reads a feature catalogue XML file (e.g. S-101_FC_1.1.0_20230202.xml); throws S101Error. */
export function readFeatureCatalogueFile(path: string): FeatureCatalogue {
  return readFeatureCatalogue(new TextDecoder('utf-8').decode(readBytes(path)));
}
