// Node helpers: the data server's PEM files, datasets read from files, a protected exchange set
// written to a file, and one read from a file one entry at a time.
import { createReadStream, createWriteStream, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { openFileSource, writeFileInside } from '@chartroom/s63/node';
import { isS63Error } from '@chartroom/s63';
import { loadDataServerIdentity, type DataServerIdentity } from './certificates.js';
import { S100Error } from './errors.js';
import {
  buildProtectedExchangeSet,
  type BuildProtectedExchangeSetOptions,
  type ByteSource,
  type ProtectedExchangeSetReport,
} from './exchange-set-builder.js';
import { readProtectedExchangeSet, type ProtectedExchangeSet, type ReadProtectedExchangeSetOptions } from './exchange-set-reader.js';

export interface DataServerFiles {
  /** The scheme administrator's certificate, PEM (S100_SA_CERT_FILE in the portal). */
  schemeAdministratorCertificateFile: string;
  /** The data server's certificate issued by it, PEM (S100_DS_CERT_FILE). */
  dataServerCertificateFile: string;
  /** The data server's private key, PEM (S100_DS_KEY_FILE). */
  dataServerKeyFile: string;
}

/** A text file, or `not_found` naming it. */
export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new S100Error('not_found', `cannot read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** Loads and checks a configured data server (chain, key, validity). */
export function readDataServerIdentityFiles(files: DataServerFiles, date?: Date): DataServerIdentity {
  return loadDataServerIdentity(
    {
      schemeAdministratorCertificatePem: readText(files.schemeAdministratorCertificateFile, 'the scheme administrator certificate'),
      dataServerCertificatePem: readText(files.dataServerCertificateFile, 'the data server certificate'),
      dataServerKeyPem: readText(files.dataServerKeyFile, 'the data server key'),
    },
    date,
  );
}

/** A dataset or support file read from disk in 1 MiB chunks when its turn comes. */
export function fileByteSource(path: string): ByteSource {
  return () => createReadStream(path, { highWaterMark: 1 << 20 });
}

/** Builds the set into a file, waiting for the disk as it goes; nothing is left behind on failure. */
export async function writeProtectedExchangeSetFile(
  options: BuildProtectedExchangeSetOptions,
  path: string,
): Promise<ProtectedExchangeSetReport> {
  const out = createWriteStream(path);
  try {
    const report = await buildProtectedExchangeSet(options, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    return report;
  } catch (err) {
    out.destroy();
    rmSync(path, { force: true });
    throw err;
  }
}

/** Reads a set from a file, one entry in memory at a time. */
export async function readProtectedExchangeSetFile(
  path: string,
  options: ReadProtectedExchangeSetOptions = {},
): Promise<ProtectedExchangeSet> {
  let source;
  try {
    source = await openFileSource(path);
  } catch (err) {
    throw new S100Error('not_found', `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return await readProtectedExchangeSet(source, options);
  } finally {
    await source.close();
  }
}

/** Writes bytes to dir/relPath, refusing a path that would leave dir (`zip_unsafe`). */
export function writeInside(dir: string, relPath: string, data: Uint8Array): string {
  try {
    return writeFileInside(dir, relPath, data);
  } catch (err) {
    if (isS63Error(err) && err.code === 'zip_unsafe') throw new S100Error('zip_unsafe', err.message);
    throw err;
  }
}
