import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { RawDepthSummary } from '@chartroom/contracts/raw-depth';

// XYZ / CSV depth soundings: one point per line, "x y z" separated by spaces, tabs, commas or
// semicolons. A CSV may start with a header naming its columns (lat/lon/depth in any order).
// Read line by line from a stream: a 200 MB file never sits in memory.

const separator = /[\s,;]+/;
const maxHeaderLines = 1;

type Columns = { x: number; y: number; z: number };

function columnsFromHeader(cells: string[]): Columns | null {
  const find = (names: RegExp) => cells.findIndex((c) => names.test(c.trim().toLowerCase().replace(/^"|"$/g, '')));
  const x = find(/^(x|lon|long|longitude|lng|easting|e)$/);
  const y = find(/^(y|lat|latitude|northing|n)$/);
  const z = find(/^(z|depth|depths|sounding|elevation|value|d)$/);
  return x >= 0 && y >= 0 && z >= 0 ? { x, y, z } : null;
}

/** The summary of an XYZ/CSV depth file, or null when the content is not one. */
export async function summariseDepthFile(source: Readable): Promise<RawDepthSummary | null> {
  const lines = createInterface({ input: source, crlfDelay: Infinity });
  let columns: Columns = { x: 0, y: 1, z: 2 };
  let format: RawDepthSummary['format'] = 'xyz';
  let headerLines = 0;
  let count = 0;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    minZ = Infinity,
    maxZ = -Infinity;
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      if (line.includes('\u0000')) return null;
      const cells = line.split(separator);
      const values = [columns.x, columns.y, columns.z].map((i) => Number(cells[i]));
      const isNumeric = cells.length >= 3 && values.every((v) => Number.isFinite(v));
      if (!isNumeric) {
        const header = count === 0 && headerLines < maxHeaderLines ? columnsFromHeader(cells) : null;
        if (!header) return null;
        columns = header;
        format = 'csv';
        headerLines += 1;
        continue;
      }
      if (line.includes(',') || line.includes(';')) format = 'csv';
      const [x, y, z] = values as [number, number, number];
      count += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
  } finally {
    lines.close();
    source.destroy();
  }
  if (count === 0) return null;
  return { format, pointCount: count, bbox: { minX, minY, maxX, maxY }, minDepth: minZ, maxDepth: maxZ };
}
