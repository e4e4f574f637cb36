// Tests of scripts/check-paths.mjs (node:test, run by `npm run lint` before the check itself).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  bareNamesIn,
  extractComments,
  findBrokenPaths,
  findUndatedDecisions,
  markdownLinks,
  pathsIn,
  shortPathsIn,
} from './check-paths.mjs';

describe('extractComments', () => {
  it('finds line and block comments with the line they start on', () => {
    const text = ['const a = 1; // first', '/**', ' * second', ' */', 'function f() {}', '/* third */ f();'].join('\n');
    assert.deepEqual(
      extractComments(text).map((c) => [c.line, c.text.trim()]),
      [
        [1, 'first'],
        [2, '*\n * second'],
        [6, 'third'],
      ],
    );
  });

  it('skips slashes inside strings, templates and regular expressions', () => {
    const text = [
      "const url = 'http://example.org/docs/a.md';",
      'const t = `a ${b /* in template code */} // not a comment`;',
      'const re = /\\/\\/ server\\/src\\/x/g;',
      'const cls = /[/*]/;',
      'if (x) return /a\\/b/.test(y); // after regex',
      'const half = total / 2; // after division',
    ].join('\n');
    assert.deepEqual(
      extractComments(text).map((c) => [c.line, c.text.trim()]),
      [
        [2, 'in template code'],
        [5, 'after regex'],
        [6, 'after division'],
      ],
    );
  });
});

describe('pathsIn', () => {
  it('reads root paths and checks placeholders up to the placeholder', () => {
    const text =
      'see server/src/app.ts, `docs/decisions/NNNN-title.md`, server/src/modules/<x>/x.routes.ts and (web/src/lib/api-client.ts). ' +
      'Not https://host/docs/x.md, not @chartroom/packages/x, not server/dist/main.js; runner.test.ts at server/src/jobs/runner.test.ts:41.';
    assert.deepEqual(pathsIn(text), [
      { path: 'server/src/app.ts', checked: 'server/src/app.ts' },
      { path: 'docs/decisions/NNNN-title.md', checked: 'docs/decisions' },
      { path: 'server/src/modules/<x>/x.routes.ts', checked: 'server/src/modules' },
      { path: 'web/src/lib/api-client.ts', checked: 'web/src/lib/api-client.ts' },
      { path: 'server/src/jobs/runner.test.ts', checked: 'server/src/jobs/runner.test.ts' },
    ]);
  });

  it('drops a sentence full stop and an ellipsis', () => {
    assert.deepEqual(pathsIn('It is in packages/s57. And server/src/… too.'), [
      { path: 'packages/s57', checked: 'packages/s57' },
      { path: 'server/src/…', checked: 'server/src' },
    ]);
  });
});

describe('shortPathsIn', () => {
  it('reads file paths that do not start at the root, and leaves the rest to pathsIn', () => {
    const text =
      'orders/charged-order.ts and `lib/api-client.ts`; server/src/app.ts; see modules/<x>/x.routes.ts, ./node.js, ' +
      'path/to/bin/s57.js, https://example.org/a/b.json, example.org/c.json and a/b.tsx.';
    assert.deepEqual(shortPathsIn(text), ['orders/charged-order.ts', 'lib/api-client.ts', 'a/b.tsx']);
  });
});

describe('bareNamesIn', () => {
  it('reads file names, but not placeholders, import specifiers, Node.js or outside files', () => {
    const text = 'See `charged-order.ts`, README.md and tile-store.ts; x.ts, x.routes.ts, ./y.js, Node.js, portal-spec.md, a/b.ts.';
    assert.deepEqual(bareNamesIn(text), ['charged-order.ts', 'tile-store.ts']);
  });
});

describe('markdownLinks', () => {
  it('keeps relative links, without their anchor', () => {
    const text = '[a](0005-x.md) [b](../architecture.md#flows) [c](https://example.org) [d](#top) [e](mailto:x@y)';
    assert.deepEqual(
      markdownLinks(text).map((l) => l.target),
      ['0005-x.md', '../architecture.md'],
    );
  });
});

describe('findBrokenPaths', () => {
  const root = mkdtempSync(join(tmpdir(), 'check-paths-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('server/src/app.ts', '// builds the app; see docs/architecture.md and docs/gone.md\nconst s = "docs/also-gone.md";\n');
  write(
    'docs/architecture.md',
    'Start at server/src/app.ts, then server/src/missing.ts.\n\n[record](decisions/0001-x.md) [none](decisions/0002-y.md)\n',
  );
  write('docs/decisions/0001-x.md', 'x\n');
  write('packages/s57/scripts/make.mjs', '// writes src/tables.ts; run as scripts/make.mjs or packages/s57/scripts/make.mjs\n');
  write('packages/s57/README.md', 'Run `scripts/make.mjs`; not `scripts/other.mjs`.\n');
  write('packages/s57/src/tables.ts', 'export const tables = [];\n');
  write('packages/contracts/src/policies/a.policy.ts', '// contracts/policies/a.policy.ts\n');
  write('server/src/modules/orders/charged-order.ts', '// see orders/charged-order.ts, contracts/policies/a.policy.ts, orders/gone.ts\n');
  write('web/src/lib/api-client.ts', '// lib/api-client.ts, features/x/y.ts\n// api-client.ts, then gone-client.ts\n');

  it('names each missing path with its file and line, and nothing that exists', () => {
    const files = [
      'server/src/app.ts',
      'docs/architecture.md',
      'docs/decisions/0001-x.md',
      'packages/s57/scripts/make.mjs',
      'packages/s57/README.md',
      'packages/s57/src/tables.ts',
      'packages/contracts/src/policies/a.policy.ts',
      'server/src/modules/orders/charged-order.ts',
      'web/src/lib/api-client.ts',
    ];
    assert.deepEqual(findBrokenPaths(root, files), [
      { file: 'server/src/app.ts', line: 1, path: 'docs/gone.md' },
      { file: 'docs/architecture.md', line: 1, path: 'server/src/missing.ts' },
      { file: 'docs/architecture.md', line: 3, path: 'decisions/0002-y.md' },
      { file: 'packages/s57/README.md', line: 1, path: 'scripts/other.mjs' },
      { file: 'server/src/modules/orders/charged-order.ts', line: 1, path: 'orders/gone.ts' },
      { file: 'web/src/lib/api-client.ts', line: 1, path: 'features/x/y.ts' },
      { file: 'web/src/lib/api-client.ts', line: 2, path: 'gone-client.ts' },
    ]);
  });
});

describe('findUndatedDecisions', () => {
  const root = mkdtempSync(join(tmpdir(), 'check-decisions-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const records = {
    'docs/decisions/0000-template.md': '# NNNN — x\n\nno status\n',
    'docs/decisions/0001-a.md': '# 0001 — a\n\n_Date: 2026-11-20. Status: accepted._\n\ntext\n',
    'docs/decisions/0002-b.md': '# 0002 — b\n\n_Date: 2026-11-20. Status: partly superseded: the limits by 0009, the secret\nby 0016._\n',
    'docs/decisions/0003-c.md': '# 0003 — c\n\n_Date: 2026-11-23, last revised 2026-11-27. Status: superseded by 0009._\n',
    'docs/decisions/0004-d.md': '# 0004 — d\n\nDate: 2026-11-21. Status: accepted.\n',
    'docs/decisions/0005-e.md': '# 0005 — e\n\n**Context.** no status at all\n',
    'docs/decisions/0006-f.md': '# 0006 — f\n\n_Date: November 2026. Status: accepted._\n',
  };
  for (const [file, text] of Object.entries(records)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }

  it('names the records without a dated status line under the title, not the template', () => {
    assert.deepEqual(findUndatedDecisions(root, Object.keys(records)), [
      'docs/decisions/0004-d.md',
      'docs/decisions/0005-e.md',
      'docs/decisions/0006-f.md',
    ]);
  });
});
