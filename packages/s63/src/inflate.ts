// Raw DEFLATE (RFC 1951) decoding into a buffer the caller gives, with the Huffman lookup tables
// kept from one call to the next. A general-purpose inflater makes new tables for every block it
// reads (two arrays of up to 64 KB each, a few dozen blocks per cell); from an exchange set of 300
// cells those arrays, dead but not yet collected, held 30–40 MB of the server's memory at once.
// Here the tables are made once per process and overwritten block after block.

/** A malformed or truncated DEFLATE stream, or one that does not fit the output. */
export class InflateError extends Error {}

const LENGTH_BASE = new Uint16Array([
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
]);
const LENGTH_EXTRA = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
const DISTANCE_BASE = new Uint16Array([
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
  24577,
]);
const DISTANCE_EXTRA = new Uint8Array([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
/** The order the code-length code's lengths are stored in. */
const CODE_LENGTH_ORDER = new Uint8Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);
const MAX_BITS = 15;

/**
 * A Huffman code as a lookup table indexed by the next `bits` bits of the stream (DEFLATE packs
 * codes most significant bit first, so the index is the code reversed): each entry is
 * `symbol << 4 | code length`, 0 where no code of the set starts with those bits.
 */
class CodeTable {
  readonly entries: Uint16Array;
  bits = 0;
  private readonly counts = new Uint16Array(MAX_BITS + 1);
  private readonly next = new Uint16Array(MAX_BITS + 1);

  constructor(maxBits: number) {
    this.entries = new Uint16Array(1 << maxBits);
  }

  /** Makes the table of the canonical code with these code lengths (0: the symbol is unused). */
  build(lengths: Uint8Array, count: number, what: string): void {
    const { counts, next, entries } = this;
    counts.fill(0);
    let bits = 0;
    for (let s = 0; s < count; s++) {
      const l = lengths[s]!;
      counts[l]!++;
      if (l > bits) bits = l;
    }
    counts[0] = 0;
    // A set with more codes than its lengths allow cannot be decoded one way only.
    let left = 1;
    for (let l = 1; l <= MAX_BITS; l++) {
      left = left * 2 - counts[l]!;
      if (left < 0) throw new InflateError(`invalid ${what} code lengths (over-subscribed)`);
    }
    let code = 0;
    for (let l = 1; l <= MAX_BITS; l++) {
      code = (code + counts[l - 1]!) << 1;
      next[l] = code;
    }
    const size = 1 << bits;
    entries.fill(0, 0, size);
    for (let s = 0; s < count; s++) {
      const l = lengths[s]!;
      if (l === 0) continue;
      const c = next[l]!++;
      let reversed = 0;
      for (let i = 0; i < l; i++) reversed |= ((c >> i) & 1) << (l - 1 - i);
      const entry = (s << 4) | l;
      for (let i = reversed; i < size; i += 1 << l) entries[i] = entry;
    }
    this.bits = bits;
  }
}

// Made once: the tables of the fixed code (block type 1), and the ones dynamic blocks rewrite.
const fixedLiterals = new CodeTable(9);
const fixedDistances = new CodeTable(5);
{
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  fixedLiterals.build(lengths, 288, 'literal/length');
  fixedDistances.build(new Uint8Array(32).fill(5), 32, 'distance');
}
const dynamicLiterals = new CodeTable(MAX_BITS);
const dynamicDistances = new CodeTable(MAX_BITS);
const codeLengthCode = new CodeTable(7);
const codeLengths = new Uint8Array(286 + 30);
const codeLengthLengths = new Uint8Array(19);

/**
 * Inflates the raw DEFLATE stream `input` into `out`; answers how many bytes it wrote. Throws
 * InflateError when the stream is damaged, ends early, or holds more than `out` has room for.
 * Not re-entrant: the tables are shared (the decoding runs without a pause, so calls cannot mix).
 */
export function inflateInto(input: Uint8Array, out: Uint8Array): number {
  const totalBits = input.length * 8;
  let pos = 0; // in bits
  let o = 0;
  // Up to 17 bits from `pos` on (bytes past the end read as 0: the position is checked after).
  const peek = (p: number): number => ((input[p >> 3]! | (input[(p >> 3) + 1]! << 8) | (input[(p >> 3) + 2]! << 16)) >>> (p & 7)) | 0;
  const take = (n: number): number => {
    const v = peek(pos) & ((1 << n) - 1);
    pos += n;
    if (pos > totalBits) throw new InflateError('the stream ends before its last block');
    return v;
  };
  let last = 0;
  while (!last) {
    last = take(1);
    const type = take(2);
    if (type === 0) {
      pos = (pos + 7) & ~7;
      const at = pos >> 3;
      if (at + 4 > input.length) throw new InflateError('the stream ends before its last block');
      const length = input[at]! | (input[at + 1]! << 8);
      const check = input[at + 2]! | (input[at + 3]! << 8);
      if ((length ^ 0xffff) !== check) throw new InflateError('a stored block has an invalid length');
      if (at + 4 + length > input.length) throw new InflateError('the stream ends before its last block');
      if (o + length > out.length) throw new InflateError('the stream inflates beyond the room given');
      out.set(input.subarray(at + 4, at + 4 + length), o);
      o += length;
      pos = (at + 4 + length) * 8;
      continue;
    }
    let literals: CodeTable;
    let distances: CodeTable;
    if (type === 1) {
      literals = fixedLiterals;
      distances = fixedDistances;
    } else if (type === 2) {
      const literalCount = take(5) + 257;
      const distanceCount = take(5) + 1;
      const lengthCount = take(4) + 4;
      if (literalCount > 286 || distanceCount > 30) throw new InflateError('a block has too many length or distance symbols');
      codeLengthLengths.fill(0);
      for (let i = 0; i < lengthCount; i++) codeLengthLengths[CODE_LENGTH_ORDER[i]!] = take(3);
      codeLengthCode.build(codeLengthLengths, 19, 'code-length');
      const all = literalCount + distanceCount;
      const clEntries = codeLengthCode.entries;
      const clMask = (1 << codeLengthCode.bits) - 1;
      for (let i = 0; i < all;) {
        const entry = clEntries[peek(pos) & clMask]!;
        if ((entry & 15) === 0) throw new InflateError('a block has an invalid code-length code');
        pos += entry & 15;
        const symbol = entry >> 4;
        if (symbol < 16) {
          codeLengths[i++] = symbol;
          continue;
        }
        let repeat: number;
        let value = 0;
        if (symbol === 16) {
          if (i === 0) throw new InflateError('a block repeats a code length before the first');
          value = codeLengths[i - 1]!;
          repeat = 3 + take(2);
        } else if (symbol === 17) repeat = 3 + take(3);
        else repeat = 11 + take(7);
        if (i + repeat > all) throw new InflateError('a block has too many code lengths');
        codeLengths.fill(value, i, i + repeat);
        i += repeat;
      }
      if (pos > totalBits) throw new InflateError('the stream ends before its last block');
      if (codeLengths[256] === 0) throw new InflateError('a block has no end-of-block code');
      dynamicLiterals.build(codeLengths, literalCount, 'literal/length');
      dynamicDistances.build(codeLengths.subarray(literalCount, all), distanceCount, 'distance');
      literals = dynamicLiterals;
      distances = dynamicDistances;
    } else throw new InflateError('a block has the reserved type 3');

    const lEntries = literals.entries;
    const lMask = (1 << literals.bits) - 1;
    const dEntries = distances.entries;
    const dMask = (1 << distances.bits) - 1;
    for (;;) {
      const entry = lEntries[peek(pos) & lMask]!;
      if ((entry & 15) === 0) throw new InflateError('a block has an invalid literal/length code');
      pos += entry & 15;
      if (pos > totalBits) throw new InflateError('the stream ends before its last block');
      const symbol = entry >> 4;
      if (symbol < 256) {
        if (o >= out.length) throw new InflateError('the stream inflates beyond the room given');
        out[o++] = symbol;
        continue;
      }
      if (symbol === 256) break;
      const li = symbol - 257;
      if (li >= 29) throw new InflateError('a block has an invalid length symbol');
      let length = LENGTH_BASE[li]!;
      const lengthBits = LENGTH_EXTRA[li]!;
      if (lengthBits) {
        length += peek(pos) & ((1 << lengthBits) - 1);
        pos += lengthBits;
      }
      const dEntry = dEntries[peek(pos) & dMask]!;
      if ((dEntry & 15) === 0) throw new InflateError('a block has an invalid distance code');
      pos += dEntry & 15;
      const di = dEntry >> 4;
      if (di >= 30) throw new InflateError('a block has an invalid distance symbol');
      let distance = DISTANCE_BASE[di]!;
      const distanceBits = DISTANCE_EXTRA[di]!;
      if (distanceBits) {
        distance += peek(pos) & ((1 << distanceBits) - 1);
        pos += distanceBits;
      }
      if (pos > totalBits) throw new InflateError('the stream ends before its last block');
      if (distance > o) throw new InflateError('a block refers back before the start of the data');
      if (o + length > out.length) throw new InflateError('the stream inflates beyond the room given');
      if (distance >= length) out.copyWithin(o, o - distance, o - distance + length);
      else for (let k = 0; k < length; k++) out[o + k] = out[o + k - distance]!;
      o += length;
    }
  }
  return o;
}
