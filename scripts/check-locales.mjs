// Fails when a translation key exists in one language and not the other.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../web/public/locales', import.meta.url).pathname;
if (!existsSync(dir)) process.exit(0);
const plural = /_(zero|one|two|few|many|other)$/;
const keys = (o, pre = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${pre}${k}.`) : [`${pre}${k.replace(plural, '')}`]));
const load = (lng) =>
  new Set(
    readdirSync(join(dir, lng))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => keys(JSON.parse(readFileSync(join(dir, lng, f), 'utf8'))).map((k) => `${f.replace(/\.json$/, '')}:${k}`)),
  );
const en = load('en');
const ru = load('ru');
const missing = [
  ...[...en].filter((k) => !ru.has(k)).map((k) => `ru lacks ${k}`),
  ...[...ru].filter((k) => !en.has(k)).map((k) => `en lacks ${k}`),
];
if (missing.length) {
  console.error(`Translation keys out of step:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`locales: ${en.size} keys in en and ru`);
