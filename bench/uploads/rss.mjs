// `node bench/uploads/rss.mjs [megabytes=1024]`: the portal's memory while it takes a large upload.
//   1. an S-57 zip of about `megabytes` MB (copies of a real cell under distinct 8.3 names, stored)
//      posted to `/api/geocontent/addenc`, then applied with `ApplyEnc`;
//   2. an S-63 exchange set of about `megabytes` MB (the same cell zipped and Blowfish-encrypted,
//      with a PERMIT.TXT for HW_ID 12345) posted to `/api/geocontent/AddS63ToGeocontent`, then
//      converted by the background job.
// The portal runs as its own process (the built server) on each backend of BENCH_BACKENDS
// (default `pglite,postgres`): the embedded PGlite, and PostgreSQL in a fresh database made on the
// server of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and dropped after.
// Its RSS is read from /proc every 50 ms: printed are its RSS at rest, the peak during each phase
// and the growth (goal: RSS under 150 MB throughout). On the embedded database the database's own
// process (decision 0020) is measured beside it, as a PostgreSQL server's would be its own. The files are made in a temporary
// folder and streamed from disk (fs.openAsBlob), so the client holds none of them in memory.
// Cells: the corpus's US4MD81M.000 when ../shared/testdata is present, else the demo cell.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, openAsBlob, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshPostgres, portalNodeArgs, startCommandEnv } from '../api/shared.mjs';

const root = new URL('../..', import.meta.url).pathname;
const megabytes = Number(process.argv[2] ?? 1024);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
// BENCH_PHASES: `s57`, `s63` or both (the default), to measure one kind of upload alone.
const phases = (process.env.BENCH_PHASES ?? 's57,s63').split(',');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const testdata = process.env.CHARTROOM_TESTDATA ? resolve(process.env.CHARTROOM_TESTDATA) : resolve(root, '../shared/testdata');
const corpusCell = join(testdata, 's57/noaa-US4MD81M/US4MD81M.000');
const fflate = createRequire(join(root, 'server/package.json'))('fflate');
const s63 = await import(join(root, 'packages/s63/dist/index.js'));
const s57 = await import(join(root, 'packages/s57/dist/index.js'));

const children = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Streams a stored (level 0) zip of `entries` ({path, data}) to `file`. */
async function writeZip(file, entries) {
  const out = createWriteStream(file);
  const zip = new fflate.Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  for (const { path, data } of entries()) {
    const entry = new fflate.ZipPassThrough(path);
    zip.add(entry);
    entry.push(data, true);
    if (out.writableLength > 64 * 1024 * 1024) await new Promise((r) => out.once('drain', r));
  }
  zip.end();
  await new Promise((r) => out.on('finish', r));
  return statSync(file).size;
}

const cellName = (i) => `XX4B${i.toString(36).toUpperCase().padStart(4, '0')}`;

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** The embedded database's own process (decision 0020): the portal's child running embedded-process.js. */
function databaseProcessOf(pid) {
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean)) {
      if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('embedded-process')) return Number(child);
    }
  }
  return null;
}

/**
 * Samples the portal's RSS (and its database process's, on the embedded database) every 50 ms
 * while `work` runs; answers the peaks.
 */
async function peakDuring(p, work) {
  const sample = (pid, was) => {
    try {
      return Math.max(was, rssOf(pid));
    } catch {
      return was; // the process ended
    }
  };
  let peak = rssOf(p.portal.pid);
  let dbPeak = p.dbPid ? rssOf(p.dbPid) : 0;
  const timer = setInterval(() => {
    peak = sample(p.portal.pid, peak);
    if (p.dbPid) dbPeak = sample(p.dbPid, dbPeak);
  }, 50);
  try {
    const result = await work();
    return { peak, dbPeak, result };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time (clock ticks) the process has used. */
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

/**
 * Waits until the process has been idle (under 5 % of a core) for 3 s: the background work a
 * request queued (the apply's tile warm job) is then done. At most two minutes.
 */
async function untilIdle(pid) {
  const ticks = [cpuTicks(pid)];
  for (let i = 0; i < 240; i++) {
    await sleep(500);
    ticks.push(cpuTicks(pid));
    if (ticks.length > 6 && ticks.at(-1) - ticks.at(-7) < 15) return;
  }
}

async function waitFor(url) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'chartroom-bench-uploads-'));
  const cell = existsSync(corpusCell) ? readFileSync(corpusCell) : Buffer.from(s57.buildDemoHarbourCell());
  const count = Math.max(1, Math.round((megabytes * 1024 * 1024) / cell.length));
  try {
    // The S-57 zip.
    const s57Zip = join(work, 's57.zip');
    const s57Size = await writeZip(s57Zip, function* () {
      for (let i = 0; i < count; i++) yield { path: `ENC_ROOT/${cellName(i)}/${cellName(i)}.000`, data: cell };
    });
    // The S-63 set: one encryption, the same keys in every cell's permit.
    const hwId = '12345';
    const ck1 = 'A1B2C3D4E5';
    const ck2 = '0F1E2D3C4B';
    const encrypted = s63.encryptCell(cell, 'CELL.000', ck1);
    // Encrypted cells are zipped first (US4MD81M: 3.4 -> 1.3 MB): as many as make `megabytes` MB.
    const s63Count = Math.max(1, Math.round((megabytes * 1024 * 1024) / encrypted.length));
    const permits = [];
    const catalog = [];
    for (let i = 0; i < s63Count; i++) {
      const name = cellName(i);
      permits.push({ permit: s63.createCellPermit({ cellName: name, expiry: '20991231', ck1, ck2, hwId }), edition: 1 });
      catalog.push({ file: s63.cellPathInEncRoot({ name, edition: 1, update: 0 }), crc: s63.crc32(encrypted) });
    }
    const ascii = (text) => Buffer.from(text, 'latin1');
    const s63Zip = join(work, 's63.zip');
    const s63Size = await writeZip(s63Zip, function* () {
      for (let i = 0; i < s63Count; i++) {
        yield { path: `V01X01/ENC_ROOT/${s63.cellPathInEncRoot({ name: cellName(i), edition: 1, update: 0 })}`, data: encrypted };
      }
      yield { path: 'V01X01/ENC_ROOT/CATALOG.031', data: s63.writeCatalog(catalog) };
      yield { path: 'V01X01/INFO/SERIAL.ENC', data: ascii('XXWK01-24   20240101BASE      02.00V01X01\r\n') };
      yield { path: 'V01X01/PERMIT.TXT', data: ascii(s63.writePermitFile({ enc: permits })) };
    });
    console.log(`S-57 zip: ${count} cells of ${mb(cell.length)} MB, ${mb(s57Size)} MB`);
    console.log(`S-63 exchange set: ${s63Count} cells of ${mb(encrypted.length)} MB encrypted, ${mb(s63Size)} MB`);

    for (const backend of backends) {
      const pg = backend === 'postgres' ? await freshPostgres(adminUrl) : null;
      console.log(`\n${backend === 'postgres' ? `PostgreSQL (${new URL(pg.url).pathname.slice(1)})` : 'PGlite'}:`);
      try {
        const port = 20000 + Math.floor(Math.random() * 5000);
        const base = `http://127.0.0.1:${port}`;
        const dataDir = join(work, `data-${backend}`);
        // Each phase in a fresh portal process on the same data: its RSS at rest is the baseline.
        async function startPortal() {
          const portal = spawn(process.execPath, [...portalNodeArgs(), 'server/dist/main.js'], {
            cwd: root,
            env: {
              ...process.env,
              // As `npm start` starts it: the C allocator's settings (decision 0018).
              ...startCommandEnv(),
              PORT: String(port),
              HOST: '127.0.0.1',
              DATA_DIR: dataDir,
              LOG_LEVEL: 'warn',
              MAX_UNZIPPED_BYTES: String(4 * 1024 ** 3),
              // The review of a 1 GB zip answers only at its end: on a loaded machine that is past
              // the default 60 s of socket idleness, which would close the connection first.
              IDLE_TIMEOUT_SECONDS: '900',
              ...(pg ? { DATABASE_URL: pg.url } : {}),
            },
            stdio: [
              'ignore',
              openSync(process.env.BENCH_PORTAL_LOG ?? join(work, 'portal.log'), 'a'),
              openSync(join(work, 'portal.err'), 'a'),
            ],
          });
          children.push(portal);
          await waitFor(`${base}/ready`);
          await sleep(5000); // start-up work (the demo seed, sweeps) settles
          const login = await fetch(`${base}/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'provider@demo.test', password: 'demo-password' }),
          });
          const headers = { authorization: `Bearer ${(await login.json()).token}` };
          const rest = rssOf(portal.pid);
          const dbPid = databaseProcessOf(portal.pid);
          const dbRest = dbPid ? rssOf(dbPid) : 0;
          return {
            portal,
            dbPid,
            headers,
            rest,
            report: (label, { peak, dbPeak }, seconds) => {
              console.log(
                `  ${label}: RSS at rest ${mb(rest)} MB, peak ${mb(peak)} MB (goal < 150 MB), growth ${mb(peak - rest)} MB, ${seconds.toFixed(1)} s`,
              );
              if (dbPid)
                console.log(
                  `    its database process: RSS at rest ${mb(dbRest)} MB, peak ${mb(dbPeak)} MB, growth ${mb(dbPeak - dbRest)} MB`,
                );
            },
            async stop() {
              portal.kill('SIGTERM');
              await new Promise((r) => portal.once('exit', r));
            },
          };
        }
        async function newGc(headers, title) {
          const res = await fetch(`${base}/api/geocontent/create2?gcTitle=${encodeURIComponent(title)}&providerTitle=Bench`, { headers });
          if (!res.ok) throw new Error(`create2: ${res.status} ${await res.text()}`);
          const gcs = await (await fetch(`${base}/api/geocontent/`, { headers })).json();
          return gcs.find((g) => g.title === title).id;
        }

        // 1. S-57: upload and review, then apply (each in a fresh process).
        let p;
        let t0;
        if (phases.includes('s57')) {
          p = await startPortal();
          const gcS57 = await newGc(p.headers, 'Bench S-57 upload');
          console.log(`S-57 zip, ${mb(s57Size)} MB:`);
          t0 = performance.now();
          const staged = await peakDuring(p, async () => {
            const form = new FormData();
            form.append('gcid', String(gcS57));
            form.append('files', await openAsBlob(s57Zip), 's57.zip');
            const res = await fetch(`${base}/api/geocontent/addenc`, { method: 'POST', headers: p.headers, body: form });
            if (!res.ok) throw new Error(`addenc: ${res.status} ${(await res.text()).slice(0, 300)}`);
            return res.json();
          });
          p.report('upload and review', staged, (performance.now() - t0) / 1000);
          await p.stop();
          p = await startPortal();
          t0 = performance.now();
          const applied = await peakDuring(p, async () => {
            const res = await fetch(`${base}/api/geocontent/ApplyEnc?guid=${staged.result.guid}`, { headers: p.headers });
            if (!res.ok) throw new Error(`ApplyEnc: ${res.status} ${(await res.text()).slice(0, 300)}`);
            const answer = await res.json();
            await untilIdle(p.portal.pid); // the tile warm job the apply queued
            return answer;
          });
          p.report('apply and its tile warm job', applied, (performance.now() - t0) / 1000 - 3); // less the 3 s idle
          await p.stop();
        }

        // 2. S-63: upload, then the conversion job.
        if (phases.includes('s63')) {
          p = await startPortal();
          const gcS63 = await newGc(p.headers, 'Bench S-63 upload');
          console.log(`S-63 exchange set, ${mb(s63Size)} MB:`);
          t0 = performance.now();
          const queued = await peakDuring(p, async () => {
            const form = new FormData();
            form.append('deviceKey', hwId);
            form.append('geocontentId', String(gcS63));
            form.append('file', await openAsBlob(s63Zip), 's63.zip');
            const res = await fetch(`${base}/api/geocontent/AddS63ToGeocontent`, { method: 'POST', headers: p.headers, body: form });
            if (!res.ok) throw new Error(`AddS63ToGeocontent: ${res.status} ${(await res.text()).slice(0, 300)}`);
            return res.json();
          });
          p.report('upload', queued, (performance.now() - t0) / 1000);
          t0 = performance.now();
          const converted = await peakDuring(p, async () => {
            for (;;) {
              const collection = await (await fetch(`${base}/charts/getCollection?gcid=${gcS63}`, { headers: p.headers })).json();
              const state = collection.conversion?.state;
              if (state && !['queued', 'running'].includes(state)) return collection;
              await sleep(500);
            }
          });
          p.report(
            `conversion (${converted.result.conversion.state}, ${converted.result.charts.length} cells listed)`,
            converted,
            (performance.now() - t0) / 1000,
          );
          await p.stop();
        }
      } finally {
        await pg?.drop();
      }
    }
  } finally {
    children.forEach((c) => c.kill('SIGTERM'));
    await sleep(500);
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
