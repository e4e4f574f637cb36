// Limits that keep a hostile zip from exhausting memory or disk, and the path rules for entries.
import { S63Error } from './errors.js';

export interface ZipLimits {
  /** Most entries in one zip. */
  maxEntries: number;
  /** Largest uncompressed size of one entry, in bytes. */
  maxEntrySize: number;
  /** Largest sum of uncompressed sizes of the entries read, in bytes. */
  maxTotalSize: number;
  /** Largest uncompressed/compressed ratio of an entry above 1 MiB. */
  maxRatio: number;
}

export const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntrySize: 512 * 1024 * 1024,
  maxTotalSize: 8 * 1024 * 1024 * 1024,
  maxRatio: 200,
};

export function resolveLimits(limits?: Partial<ZipLimits>): ZipLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

/**
 * Normalises a zip entry name to a relative forward-slash path and refuses anything that could
 * leave an output folder: absolute paths, drive letters, "..", NUL and other control characters.
 */
export function safeEntryPath(name: string): string {
  const unified = name.replaceAll('\\', '/');
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\x00-\x1f]/.test(unified)) throw new S63Error('zip_unsafe', `zip entry name has control characters: ${JSON.stringify(name)}`);
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) {
    throw new S63Error('zip_unsafe', `zip entry has an absolute path: ${JSON.stringify(name)}`);
  }
  const parts = unified.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new S63Error('zip_unsafe', `zip entry escapes its folder: ${JSON.stringify(name)}`);
  return parts.join('/');
}
