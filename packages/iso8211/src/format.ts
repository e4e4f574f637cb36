// ISO/IEC 8211 format controls, e.g. "(A(2),I(10),3A,A(3),4R,2A)" or "(b12,A)", expanded to one
// descriptor per subfield.

/** Kind of a subfield: A text, I integer text, R real text, B bit string, b binary number, C/X other. */
export type SubfieldKind = 'A' | 'I' | 'R' | 'S' | 'C' | 'B' | 'b' | 'X';

export interface SubfieldFormat {
  kind: SubfieldKind;
  /** Width in bytes (for B: bits/8); 0 means variable, delimited by a unit or field terminator. */
  width: number;
  /** For binary numbers: 1 unsigned, 2 signed, 3/4 floating point. */
  binType: number;
  /** Binary numbers written most significant byte first ('B' followed by a digit). */
  bigEndian: boolean;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function stripParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && matchingClose(t) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

function matchingClose(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function parseOne(item: string): SubfieldFormat | null {
  const c = item[0];
  const rest = item.slice(1);
  const paren = /^\((\d*)\)$/.exec(rest);
  const width = paren ? Number(paren[1] || 0) : 0;
  switch (c) {
    case 'A':
    case 'I':
    case 'R':
    case 'S':
    case 'C':
      if (rest !== '' && !paren) return null;
      return { kind: c, width, binType: 0, bigEndian: false };
    case 'B':
      if (/^\d\d+$/.test(rest)) return { kind: 'b', width: Number(rest.slice(1)), binType: Number(rest[0]), bigEndian: true };
      if (!paren) return null;
      return { kind: 'B', width: Math.ceil(width / 8), binType: 0, bigEndian: false };
    case 'b':
      if (!/^\d\d+$/.test(rest)) return null;
      return { kind: 'b', width: Number(rest.slice(1)), binType: Number(rest[0]), bigEndian: false };
    case 'X':
      return { kind: 'X', width: paren ? width : 1, binType: 0, bigEndian: false };
    default:
      return null;
  }
}

/** Expands a format-controls string into one descriptor per subfield; null when it is malformed. */
export function parseFormatControls(formats: string): SubfieldFormat[] | null {
  const out: SubfieldFormat[] = [];
  if (!expandInto(stripParens(formats), out, 0)) return null;
  return out;
}

function expandInto(text: string, out: SubfieldFormat[], depth: number): boolean {
  if (depth > 8 || out.length > 10_000) return false;
  for (const part of splitTopLevel(text)) {
    const m = /^(\d*)(.*)$/s.exec(part);
    if (!m) return false;
    const count = m[1] ? Number(m[1]) : 1;
    const body = (m[2] ?? '').trim();
    if (count > 10_000 || body === '') return false;
    for (let i = 0; i < count; i++) {
      if (body.startsWith('(')) {
        if (!expandInto(stripParens(body), out, depth + 1)) return false;
      } else {
        const f = parseOne(body);
        if (!f) return false;
        out.push(f);
      }
    }
  }
  return true;
}
