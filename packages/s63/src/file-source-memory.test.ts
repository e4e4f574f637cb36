import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptCell } from './cell-crypto.js';
import { createCellPermit } from './cell-permit.js';
import { buildExchangeSet } from './exchange-set-builder.js';
import { readExchangeSetFromFile } from './node.js';
import { writePermitFile } from './permit-file.js';

// Memory, not time: a 60 MB set of incompressible cells is read through a file source, and the
// memory still in use at each cell must stay well below the set's size.
//
// How it is measured: heapUsed + arrayBuffers (cells are ArrayBuffers, outside the V8 heap) from
// process.memoryUsage(), relative to a baseline taken before reading. Vitest does not run with
// --expose-gc, so the flag is set at run time and gc() taken from a fresh context; it is called
// until the figure stops falling (ArrayBuffers are freed after the collection, on later turns of
// the event loop: how many turns depends on the machine's load, so no fixed pause), before the
// baseline and before each sample.
// Without it the figure is mostly garbage not yet collected (about 38 MB here), which says nothing
// about what the reader keeps. Measured: about 8.5 MB (two 4 MiB cells: the one handed to onCell
// and the encrypted bytes it came from), against 126 MB for readExchangeSet on the file's bytes.
// The bound is a generous 40 % of the set's size.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Collects until two successive collections free nothing more (at most 50 rounds, one event-loop turn each). */
async function settle(): Promise<void> {
  let last = Infinity;
  for (let round = 0; round < 50; round++) {
    gc();
    await new Promise((ok) => setImmediate(ok));
    const now = inUse();
    if (now >= last) return;
    last = now;
  }
}

function inUse(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const CELL_BYTES = 4 * 1024 * 1024;
const CELLS = 15;
const HW = '12345';
const CK = '0123456789';
const dir = mkdtempSync(join(tmpdir(), 's63-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeLargeSet(): string {
  // One incompressible cell encrypted once and stored under 15 names: 60 MB of cells.
  const encrypted = encryptCell(new Uint8Array(randomBytes(CELL_BYTES)), 'CELL.000', CK);
  const names = Array.from({ length: CELLS }, (_, i) => `XX5M${String(i).padStart(4, '0')}`);
  const path = join(dir, 'large-set.zip');
  writeFileSync(
    path,
    buildExchangeSet({
      cells: names.map((name) => ({ name, edition: 1, update: 0, encrypted })),
      permitText: writePermitFile({
        enc: names.map((cellName) => ({ permit: createCellPermit({ cellName, expiry: '20991231', ck1: CK, ck2: CK, hwId: HW }) })),
      }),
    }),
  );
  return path;
}

describe('memory of reading a large exchange set from a file', () => {
  it('keeps about one cell in memory, not the set', async () => {
    const path = writeLargeSet();
    const total = statSync(path).size;
    expect(total).toBeGreaterThan(60 * 1024 * 1024);
    await settle();
    const baseline = inUse();
    let peak = 0;
    let decrypted = 0;
    const set = await readExchangeSetFromFile(path, {
      hwId: HW,
      onCell: async (cell) => {
        if (cell.data?.length === CELL_BYTES) decrypted++;
        await settle();
        peak = Math.max(peak, inUse() - baseline);
      },
    });
    expect(decrypted).toBe(CELLS);
    expect(set.cells.every((c) => c.status === 'decrypted' && c.data === undefined)).toBe(true);
    expect(peak).toBeLessThan(0.4 * total);
  });
});
