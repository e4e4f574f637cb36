// Opening HDF5 files with h5wasm: a signature check first (h5wasm does not throw on a non-HDF5
// file, it prints a diagnostic and returns an invalid id), and always closing what was opened.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { File as H5File } from 'h5wasm/node';
import type H5wasmDefault from 'h5wasm/node';
import { S102Error } from './errors.js';

export type { H5File };

const HDF5_SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when `bytes` hold the HDF5 superblock signature at offset 0, 512, 1024, 2048… */
export function hasHdf5Signature(bytes: Uint8Array): boolean {
  for (let offset = 0; offset + 8 <= bytes.length; offset = offset === 0 ? 512 : offset * 2) {
    if (HDF5_SIGNATURE.every((b, i) => bytes[offset + i] === b)) return true;
  }
  return false;
}

/** Reads the bytes where an HDF5 signature may sit (enough for user blocks up to 64 KiB). */
function readSignatureWindow(path: string): Uint8Array {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a regular file');
    size = st.size;
  } catch (err) {
    throw new S102Error('not_found', `cannot read ${path}: no such file`, { cause: err });
  }
  const length = Math.min(size, 65536 + 8);
  const buf = new Uint8Array(length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buf, 0, length, 0);
  } finally {
    closeSync(fd);
  }
  return buf;
}

type H5wasm = typeof H5wasmDefault;
let loaded: Promise<H5wasm> | undefined;
let h5wasm: H5wasm | undefined;

/**
 * h5wasm, loaded on the first file opened: its WebAssembly instance takes memory from the moment it
 * is imported, and a process that never reads an S-102 file (a portal that serves other charts) should
 * not pay for it.
 */
function loadH5wasm(): Promise<H5wasm> {
  loaded ??= import('h5wasm/node').then(async (m) => {
    await m.default.ready;
    h5wasm = m.default;
    return m.default;
  });
  return loaded;
}

/** h5wasm's classes, for code that runs on a file `withH5File` opened (so h5wasm is loaded). */
export function h5(): H5wasm {
  if (!h5wasm) throw new Error('h5wasm is not loaded yet: open the file with withH5File');
  return h5wasm;
}

/** The loaded h5wasm module (also gives raw memory access for fast compound reads). */
export async function h5Module(): Promise<Awaited<H5wasm['ready']>> {
  return (await loadH5wasm()).ready;
}

/**
 * Opens `path` read-only, runs `fn`, and closes the file whatever happens.
 * Throws S102Error('not_hdf5') for anything that is not an HDF5 file.
 */
export async function withH5File<T>(path: string, fn: (file: H5File) => T | Promise<T>): Promise<T> {
  if (!hasHdf5Signature(readSignatureWindow(path))) {
    throw new S102Error('not_hdf5', `${path} is not an HDF5 file (no HDF5 signature)`);
  }
  const lib = await loadH5wasm();
  const module = await lib.ready;
  let file: H5File;
  // While opening, HDF5 errors (a truncated or damaged file) become JS exceptions rather than
  // diagnostics printed on stderr.
  module.activate_throwing_error_handler();
  try {
    file = new lib.File(path, 'r');
  } catch (err) {
    const reason = err instanceof Error && /truncated/i.test(err.message) ? 'truncated' : 'damaged';
    throw new S102Error('not_hdf5', `${path} could not be opened as HDF5 (${reason} file)`, { cause: err });
  } finally {
    module.deactivate_throwing_error_handler();
  }
  if (typeof file.file_id !== 'bigint' || file.file_id < 0n) {
    throw new S102Error('not_hdf5', `${path} could not be opened as HDF5 (damaged or truncated file)`);
  }
  try {
    return await fn(file);
  } finally {
    file.close();
  }
}
