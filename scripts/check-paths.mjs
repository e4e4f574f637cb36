// Fails when a document (`*.md`) or a code comment names a repository path that does not exist,
// or when a decision record has no date and status under its title. Paths:
// `server/src/…`, `web/src/…`, `packages/…`, `docs/…`, `scripts/…`, `bench/…`, `e2e/…`, and a
// Markdown link to a relative file. A map of the code that names a moved file is wrong the day the
// file moves; this keeps every such mention honest (run by `npm run lint`).
//
// Only comments are read in code (strings are data: a test may name a path that must not exist).
// A path written with a placeholder (`modules/<x>/`, `NNNN-*.md`, `staging/<guid>/`, `…`) is checked
// up to the placeholder. A shorter path with a file extension (`modules/charts/enc-apply.ts`,
// `lib/api-client.ts`) must exist under one of the usual folders (server/src, server/src/modules,
// web/src, web/src/features, a package's src, …), and a bare file name (`ledger.ts`) must be
// the name of some file of the repository. Build output (`dist/`) and `node_modules/` are
// not checked. A path inside a workspace may be written from the workspace's root
// (`scripts/<x>.mjs` in a file of packages/s57 means packages/s57/scripts/<x>.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const roots = ['server', 'web', 'packages', 'docs', 'scripts', 'bench', 'e2e'];
const codeFile = /\.(?:[cm]?[jt]sx?|css)$/;

/**
 * The comments of a JavaScript, TypeScript or CSS text, each with the line it starts on. Strings,
 * template literals and regular expression literals are skipped so that `'//'` in a string is not
 * taken for a comment.
 */
export function extractComments(text) {
  const out = [];
  let i = 0;
  let line = 1;
  let lastSignificant = '';
  const templateDepth = [];
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out.push({ line, text: text.slice(i + 2, stop) });
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end;
      const body = text.slice(i + 2, stop);
      out.push({ line, text: body });
      line += body.split('\n').length - 1;
      i = stop + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      lastSignificant = 'a';
      continue;
    }
    if (c === '`' || (c === '}' && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === 0)) {
      if (c === '}') templateDepth.pop();
      i++;
      while (i < n && text[i] !== '`') {
        if (text[i] === '\\') i += 2;
        else if (text[i] === '$' && text[i + 1] === '{') {
          templateDepth.push(0);
          i += 2;
          break;
        } else {
          if (text[i] === '\n') line++;
          i++;
        }
      }
      if (text[i] === '`') i++;
      lastSignificant = 'a';
      continue;
    }
    if (c === '{' && templateDepth.length > 0) templateDepth[templateDepth.length - 1]++;
    if (c === '}' && templateDepth.length > 0) templateDepth[templateDepth.length - 1]--;
    if (c === '/' && (lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant))) {
      // A regular expression literal: up to the closing slash outside a character class.
      i++;
      let inClass = false;
      while (i < n && text[i] !== '\n') {
        if (text[i] === '\\') i += 2;
        else if (text[i] === '[') ((inClass = true), i++);
        else if (text[i] === ']') ((inClass = false), i++);
        else if (text[i] === '/' && !inClass) break;
        else i++;
      }
      i++;
      lastSignificant = 'a';
      continue;
    }
    if (!/\s/.test(c)) {
      // `return /x/` and `typeof /x/`: a keyword before a slash starts a regular expression.
      if (/[A-Za-z0-9_$]/.test(c)) {
        let j = i;
        while (j < n && /[A-Za-z0-9_$]/.test(text[j])) j++;
        const word = text.slice(i, j);
        lastSignificant = ['return', 'typeof', 'case', 'in', 'of', 'void', 'throw', 'delete', 'new', 'yield', 'await'].includes(word)
          ? '('
          : 'a';
        i = j;
        continue;
      }
      lastSignificant = c;
    }
    i++;
  }
  return out;
}

const pathPattern = new RegExp(String.raw`(?<![\w@.\/\-~$])((?:${roots.join('|')})\/[^\s\`'"()\[\],;:#|!?]*)`, 'g');
const placeholder = /[<>*{}…]|\.\.\.|NNNN|\bX{2,}\b/;

/** Repository paths named in a text: [{ path, checked }] where `checked` is the part to look up. */
export function pathsIn(text) {
  const found = [];
  for (const m of text.matchAll(pathPattern)) {
    const raw = m[1].replace(/[.]+$/, '');
    const segments = raw.split('/');
    const kept = [];
    for (const s of segments) {
      if (placeholder.test(s)) break;
      kept.push(s);
    }
    while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
    if (kept.some((s) => s === 'dist' || s === 'node_modules' || s === 'coverage')) continue;
    if (kept.length === 0) continue;
    found.push({ path: raw, checked: kept.join('/') });
  }
  return found;
}

const shortPattern =
  /(?<![\w@.\/\-~$:])((?:[A-Za-z0-9_-]+\/)(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+\.(?:tsx?|mjs|cjs|js|md|json|css))(?![\w/])/g;

/**
 * Shorter file paths named in a text (`modules/charts/enc-apply.ts`, `lib/api-client.ts`,
 * `agreements/ledger.ts`): not from the repository's root, but with a file extension. Each is
 * looked up under the usual folders (`shortBases`); `path/to/…` is an example, not a path.
 */
export function shortPathsIn(text) {
  const found = [];
  for (const m of text.matchAll(shortPattern)) {
    const p = m[1];
    if (roots.some((r) => p.startsWith(`${r}/`)) || p.startsWith('path/to/') || p.startsWith('node_modules/')) continue;
    if (p.split('/').some((s) => s === 'dist' || s === 'node_modules')) continue;
    found.push(p);
  }
  return found;
}

/** Where a shorter path may start, for a file in `file`'s folder and workspace. */
function shortBases(root, file) {
  const ws = workspaceOf(file);
  const packages = existsSync(join(root, 'packages')) ? readdirSync(join(root, 'packages')) : [];
  return [
    '',
    posix.dirname(file),
    ...(ws ? [ws, `${ws}/src`] : []),
    'server/src',
    'server/src/modules',
    'web/src',
    'web/src/features',
    'web/src/app',
    ...packages.flatMap((p) => [`packages/${p}`, `packages/${p}/src`]),
  ];
}

/** `contracts/policies/<x>.ts` for packages/contracts/src/policies/<x>.ts. */
const asPackageSource = (p) => `packages/${p.slice(0, p.indexOf('/'))}/src/${p.slice(p.indexOf('/') + 1)}`;

const barePattern = /(?<![\w@.\/\-~$:])([a-z0-9_][A-Za-z0-9_.-]*\.(?:tsx?|mjs|cjs|md))(?![\w/])/g;

/** Files of the product that live outside the repository. */
const outside = new Set(['portal-spec.md']);

/**
 * Bare file names (`ledger.ts`, `README.md`) named in a text: each must be the name of some
 * file of the repository. One-letter names (`x.ts`, `x.routes.ts`) are placeholders.
 */
export function bareNamesIn(text) {
  const found = [];
  for (const m of text.matchAll(barePattern)) {
    if (/^[a-z]\./.test(m[1]) || outside.has(m[1])) continue;
    found.push(m[1]);
  }
  return found;
}

/** Relative Markdown links `[x](../y.md)` of a document. */
export function markdownLinks(text) {
  const found = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1].replace(/#.*$/, '');
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    found.push({ target, index: m.index });
  }
  return found;
}

const workspaceOf = (file) => {
  const m = /^(packages\/[^/]+|server|web|e2e|bench)\//.exec(file);
  return m ? m[1] : null;
};

const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** Every broken mention in `files` (repository-relative), read from `root`. */
export function findBrokenPaths(root, files) {
  const exists = (p) => existsSync(join(root, p));
  const broken = [];
  const names = new Set(files.map((f) => posix.basename(f)));
  for (const file of files) {
    const isMarkdown = file.endsWith('.md');
    if (!isMarkdown && !codeFile.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const chunks = isMarkdown ? [{ line: 1, text }] : extractComments(text);
    const ws = workspaceOf(file);
    for (const chunk of chunks) {
      for (const { path, checked } of pathsIn(chunk.text)) {
        if (exists(checked) || (ws && exists(posix.join(ws, checked)))) continue;
        const line = chunk.line + lineAt(chunk.text, chunk.text.indexOf(path)) - 1;
        broken.push({ file, line, path });
      }
      for (const name of bareNamesIn(chunk.text)) {
        if (names.has(name)) continue;
        broken.push({ file, line: chunk.line + lineAt(chunk.text, chunk.text.indexOf(name)) - 1, path: name });
      }
      for (const path of shortPathsIn(chunk.text)) {
        const bases = shortBases(root, file);
        if (bases.some((b) => exists(posix.join(b, path))) || exists(asPackageSource(path))) continue;
        const line = chunk.line + lineAt(chunk.text, chunk.text.indexOf(path)) - 1;
        broken.push({ file, line, path });
      }
    }
    if (isMarkdown) {
      for (const { target, index } of markdownLinks(text)) {
        const decoded = decodeURIComponent(target);
        if (placeholder.test(decoded)) continue;
        if (exists(posix.join(posix.dirname(file), decoded))) continue;
        broken.push({ file, line: lineAt(text, index), path: target });
      }
    }
  }
  // A relative link is also a shorter path: name it once.
  const seen = new Set();
  return broken.filter((b) => {
    const key = `${b.file}:${b.line}:${b.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const statusLine = /^_Date: \d{4}-\d{2}-\d{2}.*?\. Status: (?:proposed|accepted|superseded by \d{4}|partly superseded).*_$/;

/**
 * Decision records (`docs/decisions/NNNN-*.md`, not the template) open with their date and status
 * under the title: `_Date: 2026-11-23. Status: accepted._`, or `superseded by NNNN`, or `partly
 * superseded … (which part)`.
 */
export function findUndatedDecisions(root, files) {
  const undated = [];
  for (const file of files) {
    if (!/^docs\/decisions\/\d{4}-.*\.md$/.test(file) || file.startsWith('docs/decisions/0000-')) continue;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const first = lines.slice(1).find((l) => l.trim() !== '') ?? '';
    // The status line may wrap (prettier keeps prose as written, so it is joined back here).
    const start = lines.indexOf(first);
    let text = first;
    for (let i = start + 1; i < lines.length && !text.endsWith('_') && lines[i].trim() !== ''; i++) text += ` ${lines[i].trim()}`;
    if (!statusLine.test(text)) undated.push(file);
  }
  return undated;
}

/** The files git knows (tracked and new, not ignored), outside node_modules; without git, a walk. */
export function repositoryFiles(root) {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    listed = [];
    const skip = new Set(['node_modules', '.git', 'dist', 'coverage']);
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!skip.has(entry.name)) walk(rel);
        } else listed.push(rel);
      }
    };
    walk('');
  }
  return listed.filter((f) => f && !f.split('/').includes('node_modules') && existsSync(join(root, f)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = repositoryFiles(root);
  const broken = findBrokenPaths(root, files);
  for (const b of broken) console.error(`${b.file}:${b.line}: names ${b.path}, which does not exist`);
  if (broken.length > 0) {
    console.error(`\n${broken.length} mention(s) of paths that do not exist: fix the path, or write it as a placeholder (<x>, …).`);
  }
  const undated = findUndatedDecisions(root, files);
  for (const file of undated) {
    console.error(
      `${file}: no date and status under the title (\`_Date: YYYY-MM-DD. Status: accepted._\`, see docs/decisions/0000-template.md)`,
    );
  }
  if (broken.length > 0 || undated.length > 0) process.exit(1);
}
