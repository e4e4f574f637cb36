// Builds what needs building. `web`: only the web app; `packages`: the format libraries and contracts (run by `npm install`
// so that `npx s57` works at once); `server`: plus the server; `all`: plus the web app, skipped when
// web/dist is newer than every web source file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const target = process.argv[2] ?? 'all';
const root = new URL('..', import.meta.url).pathname;

function run(cmd, args, cwd = root, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', shell: false, env });
  if (r.status !== 0) {
    console.error(`build: ${cmd} ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
}

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const tsc = join(root, 'node_modules/typescript/bin/tsc');
const packages = [
  'packages/contracts',
  'packages/iso8211',
  'packages/s57',
  'packages/s63',
  'packages/s102',
  'packages/s101',
  'packages/s100',
].filter((p) => existsSync(join(root, p, 'src')));
function buildWeb() {
  const built = existsSync(join(root, 'web/dist/index.html')) ? statSync(join(root, 'web/dist/index.html')).mtimeMs : 0;
  const sources = Math.max(newest(join(root, 'web')), newest(join(root, 'packages/contracts/src')));
  if (sources > built) {
    // The app as it is served, whatever NODE_ENV the caller has: under vitest (NODE_ENV=test, the
    // browser journeys' build) Vite would otherwise make React's development build, 50 kB larger.
    run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], join(root, 'web'), {
      ...process.env,
      NODE_ENV: 'production',
    });
    precompress(join(root, 'web/dist'));
  }
}

// Every text asset is written beside itself as .br and .gz once, at build time, so the server
// sends the smallest encoding the browser accepts without compressing on each request.
function precompress(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      precompress(p);
      continue;
    }
    if (!/\.(js|mjs|css|html|json|svg|txt|map|wasm)$/.test(e.name)) continue;
    const data = readFileSync(p);
    // From a few hundred bytes up: a small module's answer still gains a third, and the first page has many.
    if (data.length < 256) continue;
    writeFileSync(
      `${p}.br`,
      brotliCompressSync(data, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    writeFileSync(`${p}.gz`, gzipSync(data, { level: 9 }));
  }
}

// The s57 and s101 commands as one CommonJS file each (dist/s57.cjs, run by bin/s57.cjs; dist/s101.cjs): a single read and
// compile instead of the module graph's resolution, which is most of a short command's own time.
async function bundleCommands() {
  const { buildSync } = await import('esbuild');
  for (const name of ['s57', 's101']) {
    buildSync({
      entryPoints: [join(root, `packages/${name}/dist/cli.js`)],
      outfile: join(root, `packages/${name}/dist/${name}.cjs`),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'warning',
    });
  }
}

if (target === 'packages') {
  run(process.execPath, [tsc, '-b', ...packages]);
  await bundleCommands();
} else if (target === 'web') {
  buildWeb();
} else {
  run(process.execPath, [tsc, '-b', ...packages, 'server']);
  await bundleCommands();
  if (target === 'all') buildWeb();
}
