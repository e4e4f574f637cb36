import { crc32, deflateSync } from 'node:zlib';

// Small valid files made in code for the demo data and the tests: no binary fixtures.

/** A one-page PDF with a few lines of text, with a correct cross-reference table. */
export function makePdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 14 Tf 56 ${780 - i * 22} Td (${escape(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG: a vertical gradient from `top` to `bottom` with a lighter horizon band. */
export function makePng(width: number, height: number, top: [number, number, number], bottom: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const k = y / Math.max(1, height - 1);
    const isHorizon = Math.abs(k - 0.5) < 0.04;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        const v = Math.round(top[c]! * (1 - k) + bottom[c]! * k);
        row[1 + x * 3 + c] = isHorizon ? Math.min(255, v + 80) : v;
      }
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** XYZ soundings on a grid around a centre: "lon lat depth" per line. */
export function makeXyz(opts: { lon: number; lat: number; step: number; size: number; baseDepth: number }): string {
  const lines: string[] = [];
  for (let i = 0; i < opts.size; i++) {
    for (let j = 0; j < opts.size; j++) {
      const depth = opts.baseDepth + ((i * 7 + j * 3) % 11) * 0.5;
      lines.push(`${(opts.lon + j * opts.step).toFixed(6)} ${(opts.lat + i * opts.step).toFixed(6)} ${depth.toFixed(2)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
