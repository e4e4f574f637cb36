#!/usr/bin/env node
/**
 * How far is the database from a route? For the five flows a newcomer asks about first, this
 * follows the code from each route's registration (its hooks and its handler) through every
 * function, method and constant it refers to, across files, as far as the database, and prints the
 * files reached and the hops (file changes) on the shortest path to each one. A job the flow
 * enqueues is followed into the handler registered for its kind, and counted apart.
 *
 *   node scripts/trace-flows.mjs            the table of figures and, per flow, its files
 *   node scripts/trace-flows.mjs --json     the same as JSON (to compare before and after)
 *
 * Flows are named by HTTP method and path (docs/architecture.md), never by file, so the same
 * command measures the code before and after it is moved around.
 *
 * Reading the figures: "files" are the server files the flow's code reaches (format packages and
 * contracts are counted apart, not followed); "db files" are those whose code names a table, calls a
 * Drizzle query function (`db.select`, `sql`, `eq`, …) or `pg` (a file that only opens transactions,
 * as a service does, is marked `transaction` and not counted); "hops" is the number of file changes on the shortest
 * path from the route file to that file (route → service → repository is 2).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'server', 'src') + path.sep;

export const flows = [
  { name: 'licence issue', routes: ['GET /api/providers/addpermit', 'GET /api/distributors/issueLicense'] },
  {
    name: 'redeem → exchange set → download',
    routes: ['POST /api/app/v1/activations/:code/redeem', 'POST /api/app/v1/exchange-sets', 'GET /api/app/v1/exchange-sets/:id'],
  },
  { name: 'app order → ledger charge', routes: ['POST /api/app/v1/orders'] },
  { name: 'tile request', routes: ['GET /tiles/:z/:x/:y.pbf'] },
  { name: 'S-57 upload → apply', routes: ['POST /api/geocontent/addenc', 'GET /api/geocontent/ApplyEnc'] },
];

const rel = (f) => path.relative(root, f).split(path.sep).join('/');
const inServer = (f) => f.startsWith(serverSrc) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts');

/** Where a declaration outside the server lives: a workspace package, Drizzle, or elsewhere. */
function boundaryOf(file) {
  const f = file.split(path.sep).join('/');
  const pkg = /\/packages\/([^/]+)\//.exec(f) ?? /\/node_modules\/@chartroom\/([^/]+)\//.exec(f);
  if (pkg) return `@chartroom/${pkg[1]}`;
  if (f.includes('/node_modules/drizzle-orm/')) return 'drizzle-orm';
  if (f.includes('/node_modules/pg/') || f.includes('/node_modules/@types/pg/')) return 'pg';
  return null;
}

function loadProgram() {
  const configPath = path.join(root, 'server', 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error('cannot read server/tsconfig.json');
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

function isFunctionLike(node) {
  return ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);
}

/** The code a referenced symbol stands for (what to walk), or null when it has none of its own. */
function codeOf(decl) {
  if (isFunctionLike(decl) || ts.isConstructorDeclaration(decl) || ts.isGetAccessorDeclaration(decl)) return decl.body ? decl : null;
  if (ts.isVariableDeclaration(decl)) return decl.initializer ?? null;
  // Object and class members only when they are code (`{ get: async () => … }`), not data fields
  // (a row's `createdAt` resolves to the select that named it, which is not a call).
  if (ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl)) {
    const init = decl.initializer;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
  }
  if (ts.isClassDeclaration(decl)) return decl.members.find((m) => ts.isConstructorDeclaration(m)) ?? null;
  if (ts.isShorthandPropertyAssignment(decl)) return null;
  return null;
}

/** Inside a type (`typeof table.$inferSelect`, `: Db`): no code runs there. */
function inType(node) {
  for (let n = node.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isTypeNode(n) || ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) return true;
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return true;
    if (ts.isBlock(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

const isLiteral = (node) =>
  ts.isStringLiteralLike(node) ||
  ts.isNumericLiteral(node) ||
  node.kind === ts.SyntaxKind.TrueKeyword ||
  node.kind === ts.SyntaxKind.FalseKeyword;

const isSchema = (file) => file.includes(`${path.sep}db${path.sep}schema${path.sep}`);

function nameOf(node) {
  let n = node;
  while (n) {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isClassDeclaration(n)) && n.name) {
      const cls = ts.isMethodDeclaration(n) && ts.isClassDeclaration(n.parent) && n.parent.name ? `${n.parent.name.text}.` : '';
      return cls + n.name.getText();
    }
    if (ts.isConstructorDeclaration(n) && n.parent.name) return `new ${n.parent.name.text}`;
    if (ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n)) return n.name.getText();
    n = n.parent;
  }
  return '?';
}

export function traceFlows() {
  const program = loadProgram();
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((sf) => inServer(sf.fileName));

  // Route registrations: app.get('/path', opts?, handler) in any server file.
  const routes = new Map();
  // Job handlers: x.register(kindConstant, handler) where the kind is a string literal type, or an
  // entry [xJobKind, handler] of a list of them (app.ts `jobHandlers`).
  const jobHandlers = new Map();
  const visitAll = (node, sf) => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length === 2) {
      const [kind, handler] = node.elements;
      if (ts.isIdentifier(kind) && /JobKind$/.test(kind.text)) {
        const type = checker.getTypeAtLocation(kind);
        if (type.isStringLiteral()) jobHandlers.set(type.value, { file: sf.fileName, node: handler });
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first, ...rest] = node.arguments;
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method) && first && ts.isStringLiteralLike(first)) {
        routes.set(`${method.toUpperCase()} ${first.text}`, { file: sf.fileName, nodes: rest });
      }
      if (method === 'register' && first && rest.length === 1) {
        const type = checker.getTypeAtLocation(first);
        if (type.isStringLiteral()) jobHandlers.set(type.value, { file: sf.fileName, node: rest[0] });
      }
    }
    ts.forEachChild(node, (c) => visitAll(c, sf));
  };
  for (const sf of sources) visitAll(sf, sf);

  const results = [];
  for (const flow of flows) {
    // 0-1 search: a reference within a file costs nothing, into another file one hop.
    const best = new Map(); // node -> { hops, file, via: [names], job }
    const queue = [];
    const files = new Map(); // file -> { hops, via, touches: Set, job }
    const boundaries = new Map(); // package -> Set of names used
    const jobsFollowed = new Set();
    const missing = [];
    const push = (node, file, hops, via, job, front) => {
      const seen = best.get(node);
      if (seen && seen.hops <= hops) return;
      const entry = { node, file, hops, via, job };
      best.set(node, entry);
      if (front) queue.unshift(entry);
      else queue.push(entry);
    };
    for (const r of flow.routes) {
      const found = routes.get(r);
      if (!found) {
        missing.push(r);
        continue;
      }
      for (const n of found.nodes) push(n, found.file, 0, [r], false, false);
    }
    while (queue.length > 0) {
      const cur = queue.shift();
      if (best.get(cur.node) !== cur) continue;
      const f = files.get(cur.file);
      if (!f || f.hops > cur.hops || (f.job && !cur.job)) {
        files.set(cur.file, { hops: cur.hops, via: cur.via, touches: f?.touches ?? new Set(), job: cur.job });
      }
      const fileEntry = files.get(cur.file);
      const walk = (node) => {
        if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && !inType(node)) {
          let sym = checker.getSymbolAtLocation(node);
          if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
          for (const decl of sym?.declarations ?? []) {
            const file = decl.getSourceFile().fileName;
            if (inServer(file)) {
              if (isSchema(file)) {
                // A table itself (not a column of a row read earlier).
                if (ts.isVariableDeclaration(decl)) fileEntry.touches.add('table');
                continue;
              }
              const code = codeOf(decl);
              if (code && !isLiteral(code) && !(file === node.getSourceFile().fileName && code.pos <= node.pos && node.end <= code.end)) {
                const crosses = file !== cur.file;
                push(
                  code,
                  file,
                  cur.hops + (crosses ? 1 : 0),
                  crosses ? [...cur.via, `${nameOf(decl)} (${rel(file)})`] : cur.via,
                  cur.job,
                  !crosses,
                );
              }
              // A job kind: follow into the handler registered for it.
              const type = checker.getTypeAtLocation(node);
              if (type.isStringLiteral() && jobHandlers.has(type.value) && /JobKind$/.test(node.text) && !jobsFollowed.has(type.value)) {
                jobsFollowed.add(type.value);
                // The handler's factory (`mailJobHandler(mailer)` → mailJobHandler), not what is passed to it.
                const h = jobHandlers.get(type.value);
                let target = { node: h.node, file: h.file };
                if (ts.isCallExpression(h.node)) {
                  let s2 = checker.getSymbolAtLocation(h.node.expression);
                  if (s2 && s2.flags & ts.SymbolFlags.Alias) s2 = checker.getAliasedSymbol(s2);
                  const d = s2?.declarations?.[0];
                  const c = d && codeOf(d);
                  if (c) target = { node: c, file: d.getSourceFile().fileName };
                }
                push(target.node, target.file, cur.hops + 1, [...cur.via, `job ${type.value} (${rel(target.file)})`], true, false);
              }
            } else {
              const b = boundaryOf(file);
              // `db.transaction(…)` is a service owning its transaction; anything else is a query.
              if (b === 'drizzle-orm') fileEntry.touches.add(node.text === 'transaction' ? 'transaction' : 'drizzle');
              else if (b === 'pg') fileEntry.touches.add('pg');
              else if (b) {
                if (!boundaries.has(b)) boundaries.set(b, new Set());
                boundaries.get(b).add(node.text);
              }
            }
          }
        }
        ts.forEachChild(node, walk);
      };
      walk(cur.node);
    }
    const list = [...files.entries()]
      .map(([file, v]) => ({ file: rel(file), hops: v.hops, db: [...v.touches].sort(), job: v.job, via: v.via }))
      .sort((a, b) => Number(a.job) - Number(b.job) || a.hops - b.hops || a.file.localeCompare(b.file));
    const own = list.filter((x) => !x.job);
    const dbFiles = own.filter((x) => x.db.some((t) => t !== 'transaction'));
    results.push({
      flow: flow.name,
      routes: flow.routes,
      missing,
      files: own.length,
      modules: new Set(own.map((x) => /^server\/src\/modules\/([^/]+)\//.exec(x.file)?.[1]).filter(Boolean)).size,
      dbFiles: dbFiles.length,
      repositories: dbFiles.filter((x) => x.file.endsWith('.repository.ts')).length,
      dbOutsideRepositories: dbFiles.filter((x) => !x.file.endsWith('.repository.ts') && !x.file.startsWith('server/src/db/')).length,
      hopsToFirstDb: dbFiles.length ? Math.min(...dbFiles.map((x) => x.hops)) : null,
      hopsToFarthestDb: dbFiles.length ? Math.max(...dbFiles.map((x) => x.hops)) : null,
      jobs: [...jobsFollowed],
      jobFiles: list.filter((x) => x.job).length,
      packages: [...boundaries.keys()].sort(),
      list,
    });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('trace-flows.mjs')) {
  const started = Date.now();
  const results = traceFlows();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const r of results) {
      console.log(`\n## ${r.flow}  (${r.routes.join(', ')})`);
      if (r.missing.length) console.log(`   routes not found: ${r.missing.join(', ')}`);
      for (const x of r.list) {
        const tag = x.db.length ? ` [db: ${x.db.join(', ')}]` : '';
        console.log(`   ${x.job ? 'job ' : '    '}${String(x.hops).padStart(2)}  ${x.file}${tag}`);
      }
      const far = r.list.filter((x) => !x.job && x.db.some((t) => t !== 'transaction')).sort((a, b) => b.hops - a.hops)[0];
      if (far) console.log(`   farthest database access: ${far.via.join(' → ')} → ${far.file}`);
    }
    console.log(
      '\n| flow | server files | modules | files touching the database (repositories / other outside db/) | hops to first / farthest database access | jobs followed (their files) | packages |',
    );
    console.log('| --- | --: | --: | --: | --: | --- | --- |');
    for (const r of results) {
      console.log(
        `| ${r.flow} | ${r.files} | ${r.modules} | ${r.dbFiles} (${r.repositories} / ${r.dbOutsideRepositories}) | ${r.hopsToFirstDb} / ${r.hopsToFarthestDb} | ${r.jobs.join(', ') || '–'} (${r.jobFiles}) | ${r.packages.join(', ') || '–'} |`,
      );
    }
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
