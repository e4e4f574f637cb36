// Fails on an import cycle between the project's own modules, type-only imports included.
// A type-only cycle has no load-order bug (the import is erased at run time), but it still ties two
// files together: neither can be understood or moved alone. So every cycle counts.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const repo = resolve(dirname(new URL(import.meta.url).pathname), '..');
const roots = [
  'packages/contracts/src',
  'packages/iso8211/src',
  'packages/s57/src',
  'packages/s101/src',
  'packages/s63/src',
  'packages/s102/src',
  'packages/s100/src',
  'server/src',
  'web/src',
];

const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
}
for (const root of roots) if (existsSync(join(repo, root))) walk(join(repo, root));

/** Relative imports and re-exports of `file`, resolved to files (sources write `./x.js` for x.ts). */
function importsOf(file) {
  const out = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
    const base = resolve(dirname(file), m[1]).replace(/\.js$/, '');
    const hit = [`${base}.ts`, `${base}.tsx`, base].find((p) => existsSync(p) && statSync(p).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));
const done = new Set();
const path = [];
const onPath = new Set();
const cycles = new Set();
function visit(file) {
  done.add(file);
  onPath.add(file);
  path.push(file);
  for (const dep of graph.get(file) ?? []) {
    if (onPath.has(dep)) cycles.add([...path.slice(path.indexOf(dep)), dep].map((p) => relative(repo, p)).join(' -> '));
    else if (!done.has(dep)) visit(dep);
  }
  path.pop();
  onPath.delete(file);
}
for (const f of files) if (!done.has(f)) visit(f);

if (cycles.size > 0) {
  console.error(`Import cycles (type-only imports included):\n  ${[...cycles].join('\n  ')}`);
  process.exit(1);
}
console.log(`imports: no cycles in ${files.length} files`);
