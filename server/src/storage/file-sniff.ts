import type { BlobStore } from './blob-store.js';

// Content checks for uploaded files: the name and the declared type prove nothing.

/** A PDF starts with `%PDF-` within its first KB and ends with `%%EOF` (ISO 32000, 7.5.2 and 7.5.5). */
export async function isPdfBlob(store: BlobStore, key: string, size: number): Promise<boolean> {
  if (size < 16) return false;
  const head = await store.readRange(key, 0, Math.min(1024, size));
  if (!/%PDF-\d\.\d/.test(head.toString('latin1'))) return false;
  const tailLength = Math.min(2048, size);
  const tail = await store.readRange(key, size - tailLength, tailLength);
  return tail.toString('latin1').includes('%%EOF');
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The image type by its signature, or null when the bytes are not an image we accept. */
export function detectImageType(head: Uint8Array): ImageType | null {
  const b = Buffer.from(head);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

export async function detectImageBlob(store: BlobStore, key: string): Promise<ImageType | null> {
  return detectImageType(await store.readRange(key, 0, 16));
}
