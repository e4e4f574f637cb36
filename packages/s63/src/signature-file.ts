// S-63 data-server signature files (edition 1.1 text form, kept by 1.2): the data server's DSA
// signature (R, S) over the SHA-1 of one encrypted cell file, then its certificate: the Scheme
// Administrator's signature (R, S) over the data server's public key text, and that key (p, q, g, y).
import { fromHex, toHex } from './bytes.js';
import { S63Error } from './errors.js';

export interface DsaPublicKey {
  p: Uint8Array;
  q: Uint8Array;
  g: Uint8Array;
  y: Uint8Array;
}

export interface SignatureFile {
  /** The data server's signature of the cell file. */
  r: Uint8Array;
  s: Uint8Array;
  /** The Scheme Administrator's signature of the public key text. */
  saR: Uint8Array;
  saS: Uint8Array;
  publicKey: DsaPublicKey;
  /** The exact public-key text the SA signed (the last eight lines, CRLF-terminated). */
  publicKeyText: string;
}

/** Hex in groups of four, space separated, ending with a full stop (as the scheme writes big numbers). */
export function formatBig(bytes: Uint8Array): string {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const hex = toHex(bytes.subarray(start));
  return (hex.match(/.{1,4}/g) ?? []).join(' ') + '.';
}

function parseBig(line: string, what: string): Uint8Array {
  const hex = line.trim().replace(/\.$/, '').replaceAll(' ', '');
  if (hex === '') throw new S63Error('corrupt', `signature file: ${what} is empty`);
  return fromHex(hex.length % 2 ? `0${hex}` : hex, `signature file ${what}`);
}

/** The data server's public key as the lines the Scheme Administrator signs. */
export function writePublicKeyText(key: DsaPublicKey): string {
  return (
    [`// BIG p`, formatBig(key.p), `// BIG q`, formatBig(key.q), `// BIG g`, formatBig(key.g), `// BIG y`, formatBig(key.y)].join('\r\n') +
    '\r\n'
  );
}

/** The data-server certificate: the SA's signature of the public key text, then that text. */
export function writeDataServerCertificate(saR: Uint8Array, saS: Uint8Array, key: DsaPublicKey): string {
  return `// Signature part R:\r\n${formatBig(saR)}\r\n// Signature part S:\r\n${formatBig(saS)}\r\n${writePublicKeyText(key)}`;
}

/** A cell's signature file: its own R and S, followed by the data-server certificate. */
export function writeSignatureFile(r: Uint8Array, s: Uint8Array, certificate: string): string {
  return `// Signature part R:\r\n${formatBig(r)}\r\n// Signature part S:\r\n${formatBig(s)}\r\n${certificate}`;
}

const HEADINGS = [
  '// Signature part R:',
  '// Signature part S:',
  '// Signature part R:',
  '// Signature part S:',
  '// BIG p',
  '// BIG q',
  '// BIG g',
  '// BIG y',
];

export function parseSignatureFile(text: string): SignatureFile {
  const lines = text.split(/\r\n|\n/).filter((l) => l.trim() !== '');
  if (lines.length < 16) throw new S63Error('corrupt', `signature file has ${lines.length} lines, expected 16`);
  const values = HEADINGS.map((heading, i) => {
    if (lines[i * 2]!.trim().toLowerCase() !== heading.toLowerCase())
      throw new S63Error('corrupt', `signature file line ${i * 2 + 1} should be "${heading}"`);
    return parseBig(lines[i * 2 + 1]!, heading);
  });
  const [r, s, saR, saS, p, q, g, y] = values as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  return {
    r,
    s,
    saR,
    saS,
    publicKey: { p, q, g, y },
    publicKeyText:
      lines
        .slice(8, 16)
        .map((l) => l.trim())
        .join('\r\n') + '\r\n',
  };
}

/**
 * The signature file's name: the cell file's name with its first character replaced by "S"
 * (NO4D0512.000 → SO4D0512.000), kept in the cell's own folder.
 */
export function signatureFileName(cellFileName: string): string {
  const slash = cellFileName.lastIndexOf('/');
  const base = cellFileName.slice(slash + 1);
  if (!/^[A-Z0-9]{8}\.\d{3}$/i.test(base)) throw new S63Error('invalid_argument', `not a cell file name: ${JSON.stringify(base)}`);
  return `${cellFileName.slice(0, slash + 1)}S${base.slice(1)}`;
}

/** A fixed-width big number of `size` bytes (DSA's R and S are 20 bytes each for a 160-bit q). */
export function toFixedBytes(hex: string, size: number): Uint8Array {
  const bytes = fromHex(hex.length % 2 ? `0${hex}` : hex);
  if (bytes.length > size) throw new S63Error('invalid_argument', `number is longer than ${size} bytes`);
  const out = new Uint8Array(size);
  out.set(bytes, size - bytes.length);
  return out;
}
