// The web's import rule (eslint.config.js): across features only another feature's api/ is
// reachable, from a file at any depth of its feature; the cabinets compose other features' screens.
// Run by `npm run lint`; the files are linted as text at made-up paths, with the real config.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The import paths the rule refuses in `file`, which imports each of `paths`. */
async function refused(file, paths) {
  const code = paths.map((p, i) => `import * as m${i} from '${p}';\nexport { m${i} };\n`).join('');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => paths[Math.floor((m.line - 1) / 2)]);
}

describe("a feature reaches another feature's api/ only", () => {
  it("from a file at the feature's root", async () => {
    const paths = [
      '../charts/components/enc-tab',
      '../charts/lib/x',
      '../charts',
      '../charts/api/add-enc',
      '../../lib/api-client',
      './own',
    ];
    assert.deepEqual(await refused('web/src/features/licenses/zz-root.ts', paths), [
      '../charts/components/enc-tab',
      '../charts/lib/x',
      '../charts',
    ]);
  });

  it('from a file in components/ and deeper', async () => {
    assert.deepEqual(
      await refused('web/src/features/licenses/components/zz.tsx', [
        '../../charts/components/enc-tab',
        '../../charts/api/add-enc',
        '../../../lib/api-client',
        '../lib/own',
      ]),
      ['../../charts/components/enc-tab'],
    );
    assert.deepEqual(
      await refused('web/src/features/licenses/components/deep/zz.tsx', [
        '../../../charts/lib/x',
        '../../../charts/api/add-enc',
        '../../../../components/ui/error-alert',
      ]),
      ['../../../charts/lib/x'],
    );
  });

  it('except in a cabinet, which composes other features’ screens', async () => {
    assert.deepEqual(await refused('web/src/features/distributor/components/zz.tsx', ['../../licenses/components/issue-license-form']), []);
  });
});
