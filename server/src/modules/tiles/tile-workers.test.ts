import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TileWorkerPool } from './tile-workers.js';

// `npm start` caps V8's semi-spaces at 4 MB for the web thread (decision 0018). V8 flags are the
// process's, so without `withThreadHeap` every tile thread would get the same cap (decision 0034).

const workers = fileURLToPath(new URL('./tile-workers.ts', import.meta.url));

/** The largest young generation (new space, both semi-spaces) a thread reaches while it allocates much that lives a while. */
const probe = `
  const v8 = require('node:v8');
  let max = 0;
  for (let round = 0; round < 30; round++) {
    const kept = [];
    for (let i = 0; i < 200000; i++) kept.push({ i, a: [i] });
    max = Math.max(max, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
  }
  require('node:worker_threads').parentPort.postMessage(max / 1024 / 1024);`;

const script = `
  const { Worker } = await import('node:worker_threads');
  const { withThreadHeap } = await import(${JSON.stringify(workers)});
  const measure = (worker) => new Promise((resolve) => worker.once('message', (mb) => { resolve(mb); worker.terminate(); }));
  const own = await measure(withThreadHeap({ semiSpaceMb: 16 }, () => new Worker(${JSON.stringify(probe)}, { eval: true })));
  const after = await measure(new Worker(${JSON.stringify(probe)}, { eval: true }));
  console.log(JSON.stringify({ own, after }));`;

describe('tile threads: a young generation of their own', () => {
  it('grows past the semi-spaces the process was started with, and leaves them to threads made after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-semi-spaces-'));
    let out: string;
    try {
      writeFileSync(join(dir, 'probe.mjs'), script);
      out = execFileSync(
        process.execPath,
        ['--max-semi-space-size=4', '--import', 'tsx', '--conditions=@chartroom/source', join(dir, 'probe.mjs')],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { own, after } = JSON.parse(out.trim().split('\n').at(-1)!) as { own: number; after: number };
    // Two semi-spaces of 4 MB under the cap; of up to 16 MB each for the tile thread.
    expect(after).toBeLessThanOrEqual(8);
    expect(own).toBeGreaterThan(8);
    expect(own).toBeLessThanOrEqual(32);
  });
});

/**
 * A thread that fills and collects its old generation, then waits 10 s: V8's memory reducer, where
 * the thread has one, answers a full collection by looking again 8 s later, which
 * `--trace-gc-verbose` prints as "Memory reducer: …" lines of that isolate.
 */
const reducerProbe = `
  const kept = [];
  for (let r = 0; r < 30; r++) {
    const a = [];
    for (let i = 0; i < 100000; i++) a.push({ i, s: 'x' + i });
    kept.push(a);
    if (kept.length > 4) kept.shift();
  }
  kept.length = 0;
  gc();
  setTimeout(() => require('node:worker_threads').parentPort.postMessage('done'), 10000);`;

const reducerScript = (memoryReducer: boolean) => `
  const { Worker } = await import('node:worker_threads');
  const { withThreadHeap } = await import(${JSON.stringify(workers)});
  const worker = withThreadHeap({ semiSpaceMb: 16, memoryReducer: ${memoryReducer} }, () => new Worker(${JSON.stringify(reducerProbe)}, { eval: true }));
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();`;

/** The lines of `--trace-gc-verbose` output from the isolate that made the probe's forced collection ("testing"). */
function probeIsolateLines(out: string): string[] {
  const lines = out.split('\n');
  const isolate = lines.find((l) => / Mark-Compact .* testing/.test(l))?.match(/^\[\d+:0x[0-9a-f]+\]/)?.[0];
  expect(isolate).toBeDefined();
  return lines.filter((l) => l.startsWith(isolate!));
}

describe('tile threads: no memory reducer (decision 0038)', () => {
  it('makes a thread whose isolate never starts the collections of an idle heap, where a thread made with one does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-memory-reducer-'));
    const run = (memoryReducer: boolean) =>
      new Promise<string>((resolve, reject) => {
        const file = join(dir, `probe-${memoryReducer}.mjs`);
        writeFileSync(file, reducerScript(memoryReducer));
        execFile(
          process.execPath,
          ['--expose-gc', '--trace-gc', '--trace-gc-verbose', '--import', 'tsx', '--conditions=@chartroom/source', file],
          { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
          (err, stdout) => (err ? reject(err) : resolve(stdout)),
        );
      });
    try {
      const [without, withReducer] = await Promise.all([run(false), run(true)]);
      expect(probeIsolateLines(withReducer).some((l) => l.includes('Memory reducer'))).toBe(true);
      expect(probeIsolateLines(without).some((l) => l.includes('Memory reducer'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('a pool whose threads end when idle (the preparation thread, decision 0037)', () => {
  it('ends a thread that has had no task for the idle time, and answers the next task in a new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-idle-pool-'));
    const pool = new TileWorkerPool(1, { blobs: { kind: 'local', root: dir }, cacheBytes: 1 << 20, nice: 0 }, 'idle-test', {
      semiSpaceMb: 64,
      idleMs: 300,
    });
    const emptyTile = { op: 'vector', cells: [], z: 12, x: 1171, y: 1566 };
    try {
      expect(await pool.run(emptyTile)).toBeNull();
      const [first] = pool.threadIds;
      expect(first).toBeGreaterThan(0);
      // Busy: tasks one after another keep the same thread.
      for (let i = 0; i < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await pool.run(emptyTile)).toBeNull();
      }
      expect(pool.threadIds).toEqual([first]);
      const until = Date.now() + 20_000;
      while (pool.threadIds.length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.threadIds).toEqual([]);
      expect(await pool.run(emptyTile)).toBeNull();
      expect(pool.threadIds).toHaveLength(1);
      expect(pool.threadIds[0]).not.toBe(first);
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a pool whose threads are sized when they start (the preparation thread beside other processes, decision 0039)', () => {
  it('keeps its thread while the size asked stays, and gives the next task to a new thread once it changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-sized-pool-'));
    let asked = 64;
    const pool = new TileWorkerPool(1, { blobs: { kind: 'local', root: dir }, cacheBytes: 1 << 20, nice: 0 }, 'sized-test', {
      semiSpaceMb: () => asked,
    });
    const emptyTile = { op: 'vector', cells: [], z: 12, x: 1171, y: 1566 };
    try {
      expect(await pool.run(emptyTile)).toBeNull();
      const [first] = pool.threadIds;
      expect(await pool.run(emptyTile)).toBeNull();
      expect(pool.threadIds).toEqual([first]);
      asked = 32;
      expect(await pool.run(emptyTile)).toBeNull();
      expect(pool.threadIds).toHaveLength(1);
      const [second] = pool.threadIds;
      expect(second).not.toBe(first);
      expect(await pool.run(emptyTile)).toBeNull();
      expect(pool.threadIds).toEqual([second]);
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
