// Where the shared real-chart corpus lives, and whether tests may skip when it is absent.
// The corpus is third-party material: it is read from ../shared/testdata (or CHARTROOM_TESTDATA),
// never copied into the repository.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const testdataDir = process.env.CHARTROOM_TESTDATA
  ? resolve(process.env.CHARTROOM_TESTDATA)
  : resolve(repoRoot, '../shared/testdata');

export const hasTestdata = existsSync(join(testdataDir, 'README.md'));

if (!hasTestdata && process.env.REQUIRE_TESTDATA === '1') {
  throw new Error(`REQUIRE_TESTDATA=1 but the test corpus is missing at ${testdataDir}`);
}

/** Absolute path of a corpus file, e.g. testdataPath('s57/noaa-US4MD81M/US4MD81M.000'). */
export function testdataPath(...parts: string[]): string {
  return join(testdataDir, ...parts);
}
