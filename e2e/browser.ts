import { existsSync } from 'node:fs';

/** Debian's chromium; the journeys skip without it unless REQUIRE_BROWSER=1, where they fail. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(chromiumPath);

if (!hasBrowser && process.env.REQUIRE_BROWSER === '1') {
  throw new Error(`REQUIRE_BROWSER=1 but no browser at ${chromiumPath} (apt-get install chromium)`);
}
