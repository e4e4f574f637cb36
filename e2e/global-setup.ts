import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasBrowser } from './browser.js';

/** The journeys drive the built web app: build it when its sources are newer than web/dist. */
export default function setup(): void {
  if (!hasBrowser) return;
  const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script, 'web'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the web app for the browser journeys failed');
}
