// The `s102` command through its main(): output, files written, and exit code 2 on failure.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgs } from './cli.js';
import { COLS, ROWS, fixtureDir, writeFixture } from './fixtures.test-helper.js';
import { decodePng } from './png-decode.test-helper.js';

const dir = fixtureDir();
const v3 = join(dir, 'v3.h5');
const broken = join(dir, 'broken.h5');
const text = join(dir, 'text.h5');

beforeAll(async () => {
  await writeFixture(v3, { edition: '3.0' });
  await writeFixture(broken, { edition: '3.0', broken: true });
  writeFileSync(text, 'plain text\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(
    argv,
    (s) => (stdout += s),
    (s) => (stderr += s),
  );
  return { code, stdout, stderr };
}

describe('s102 info', () => {
  it('prints the info object as JSON', async () => {
    const r = await run('info', v3, '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const info = JSON.parse(r.stdout);
    expect(Object.keys(info)).toEqual(['productSpecification', 'issueDate', 'horizontalCRS', 'bbox', 'grid', 'depth', 'issues']);
    expect(info.horizontalCRS).toBe(32632);
    expect(info.grid).toEqual({ rows: ROWS, cols: COLS, originX: 495600, originY: 5961270, spacingX: 10, spacingY: 10 });
    expect(info.issues).toEqual([]);
  });

  it('prints a readable summary with the issues of a non-conforming file', async () => {
    const r = await run('info', broken);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('issue date:            (missing)');
    expect(r.stdout).toContain("  - root attribute 'issueDate' is missing");
  });
});

describe('s102 render', () => {
  it('writes a PNG', async () => {
    const out = join(dir, 'out.png');
    const r = await run('render', v3, '-o', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*out\.png/);
    const img = decodePng(new Uint8Array(readFileSync(out)));
    expect([img.width, img.height]).toEqual([COLS, ROWS]);
  });
});

describe('failures', () => {
  it('exits 2 with one line on stderr for a non-HDF5 file', async () => {
    const r = await run('info', text, '--json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`s102: ${text} is not an HDF5 file (no HDF5 signature)\n`);
  });

  it('exits 2 for a missing file and for a render without -o, without stack traces', async () => {
    const missing = await run('info', join(dir, 'nope.h5'));
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).not.toMatch(/\bat .*\(/);
    const noOut = await run('render', v3);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toBe("s102: render needs -o OUT.png (run 's102 --help' for usage)\n");
    expect(existsSync(join(dir, 'out2.png'))).toBe(false);
  });

  it('exits 2 for an unknown command or option', async () => {
    expect((await run('convert', v3)).code).toBe(2);
    expect((await run('info', v3, '--yaml')).stderr).toMatch(/^s102: unknown option '--yaml'/);
    expect((await run()).code).toBe(2);
  });

  it('parses render options', () => {
    expect(parseArgs(['render', 'a.h5', '-o', 'b.png', '--max-size', '300'])).toMatchObject({ out: 'b.png', maxSize: 300 });
    expect(parseArgs(['render', 'a.h5', '-o', 'b.png', '--full']).maxSize).toBe(0);
    expect(() => parseArgs(['render', 'a.h5', '-o', 'b.png', '--max-size', 'x'])).toThrow(/positive whole number/);
  });
});
