#!/usr/bin/env node
// The tile step of national.mjs again, on a set it kept, without preparing the set again:
//
//   BENCH_KEEP=1 node bench/tiles/national.mjs 10        # prints `kept: /tmp/chartroom-bench-national-…`
//   node bench/tiles/national-retile.mjs KEPT_FOLDER [tiles=400] [seed=39]
//
// Starts the built portal (server/dist/main.js, with the start script's environment and Node
// options, as `npm start` runs it) on the kept embedded database and blobs, waits until it is ready
// and BENCH_SETTLE_S (5) seconds more (its tile threads warm up meanwhile), opens a map task on the
// set as the map screen does (`maptask`, timed: it reads the set's cells) and asks `tiles` distinct
// random tiles z10–z15 of it 8 at a time, each once (cold: a new process caches nothing), chosen as
// national.mjs chooses them (seeded: the same tiles for the same seed). Prints p50/p95/p99, p50/p95
// by zoom and by each hundred asked, and the CPU the web process used (all its threads, from
// /proc) per tile, and by process and niceness what its threads ran and waited for a core. Each run starts a new process, so runs of two builds can alternate. With
// BENCH_WARM_TILES=N, N other tiles are asked first, from the first half of the cells, and the
// measured ones from the other half: a thread that has made real tiles against one that has not.
// With BENCH_OTHER_GAP_MS=100, national.mjs's other client asks its requests that far apart
// while the measured tiles are asked, and their p99 is printed.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { children, portalNodeArgs, root, startCommandEnv, waitFor } from '../api/shared.mjs';
import { otherClient, pickTiles } from './national-set.mjs';
import { cpuBetween, machineTicks, threadTimes, treeOf } from './proc.mjs';

const [work, tilesArg, seedArg] = process.argv.slice(2);
if (!work) {
  console.error('usage: node bench/tiles/national-retile.mjs KEPT_FOLDER [tiles=400] [seed=39]');
  process.exit(2);
}
const count = Number(tilesArg ?? 400);
let seed = Number(seedArg ?? 39);
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const warmCount = Number(process.env.BENCH_WARM_TILES ?? 0);
const manifest = JSON.parse(readFileSync(join(work, 'set', 'manifest.json'), 'utf8'));

const port = 20000 + Math.floor(Math.random() * 5000);
const base = `http://127.0.0.1:${port}`;
const log = openSync(join(work, 'retile.log'), 'a');
const portal = spawn(process.execPath, [...portalNodeArgs(), 'server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    ...startCommandEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    IDLE_TIMEOUT_SECONDS: '900',
  },
  stdio: ['ignore', log, log],
});
children.push(portal);

const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v) => `${v.toFixed(1)} ms`;
/** CPU time of the whole web process (every thread), in ms. */
function cpuMs() {
  const stat = readFileSync(`/proc/${portal.pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

try {
  await waitFor(`${base}/ready`);
  await sleep(Number(process.env.BENCH_SETTLE_S ?? 5) * 1000);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'provider@demo.test', password: 'demo-password' }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (path) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };
  const list = await (await fetch(`${base}/api/geocontent/`, { headers })).json();
  const gc = list.find((g) => /^National set/.test(g.title));
  if (!gc) throw new Error('no geocontent "National set …" in the kept folder');
  const task = await (await fetch(`${base}/api/geocontent/gotomap?gcid=${gc.id}`, { headers })).json();
  // As the map screen opens it: the task's cells first, then its tiles.
  const opened = await call(`/api/geocontent/maptask?taskId=${task.taskId}`);
  if (opened.status !== 200) throw new Error(`maptask: ${opened.status}`);
  console.log(`map task opened in ${ms(opened.ms)}`);

  const half = Math.floor(manifest.cells.length / 2);
  const measured = warmCount > 0 ? manifest.cells.slice(half) : manifest.cells;
  const tiles = pickTiles(measured, count, random);
  const ask = async (list) => {
    const out = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < list.length) {
          const i = next++;
          const res = await call(`/tiles/${list[i]}.pbf?taskId=${task.taskId}`);
          if (res.status !== 200 && res.status !== 204) throw new Error(`${list[i]}: ${res.status}`);
          out[i] = res.ms;
        }
      }),
    );
    return out;
  };
  if (warmCount > 0) {
    const warm = await ask(pickTiles(manifest.cells.slice(0, half), warmCount, random).filter((t) => !tiles.includes(t)));
    console.log(`warm-up tiles (${warm.length}, first half of the cells): p50 ${ms(pct(warm, 50))}, p95 ${ms(pct(warm, 95))}`);
  }
  const otherGap = process.env.BENCH_OTHER_GAP_MS;
  const others = otherGap ? otherClient(call, gc.id, Number(otherGap)) : null;
  const cpu0 = cpuMs();
  const threads0 = threadTimes(treeOf(portal.pid));
  const machine0 = machineTicks();
  const t0 = performance.now();
  const times = await ask(tiles);
  const wall = performance.now() - t0;
  const cpu = cpuMs() - cpu0;
  const threads = cpuBetween(threads0, threadTimes(treeOf(portal.pid)), machine0, machineTicks(), tiles.length);
  if (others) {
    const { kinds, failed } = await others.stop();
    const all = Object.values(kinds).flat();
    console.log(
      `other requests, ${otherGap} ms apart: p99 ${ms(pct(all, 99))} (${all.length}, ${failed} failed); ${Object.entries(kinds)
        .map(([path, l]) => `${path.split('?')[0]} ${l.length ? ms(pct(l, 99)) : '–'}`)
        .join('; ')}`,
    );
  }
  console.log(
    `${tiles.length} cold tiles z10–z15, 8 at a time, ${(wall / 1000).toFixed(2)} s: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, p99 ${ms(pct(times, 99))}; web process CPU ${(cpu / tiles.length).toFixed(1)} ms a tile`,
  );
  const byZoom = {};
  tiles.forEach((t, i) => (byZoom[t.split('/')[0]] ??= []).push(times[i]));
  console.log(
    `by zoom, p50 / p95: ${Object.entries(byZoom)
      .map(([z, l]) => `z${z} ${pct(l, 50).toFixed(0)} / ${pct(l, 95).toFixed(0)}`)
      .join('; ')}`,
  );
  const hundreds = [];
  for (let i = 0; i < times.length; i += 100) {
    const part = times.slice(i, i + 100);
    hundreds.push(`${i + 1}–${i + part.length}: ${pct(part, 50).toFixed(0)} / ${pct(part, 95).toFixed(0)}`);
  }
  console.log(`by each hundred asked, p50 / p95: ${hundreds.join('; ')}`);
  console.log(`threads by process and niceness, a tile, ran / waited for a core: ${threads}`);
} finally {
  portal.kill('SIGTERM');
  await sleep(300);
}
process.exit(0);
