// The s57 command: info, geojson and catalog. Errors: exit code 2 and one line on stderr.
// Each sub-command imports only what it needs (start-up time): info never loads the Object Catalogue's attribute
// table, GeoJSON output or the CATALOG.031 reader; every cell is read lazily (s57/lazy.ts).
import { statSync } from 'node:fs';
import { S57Error } from './errors.js';
import { parseArgs, updatesFlag, USAGE, UsageError } from './cli/args.js';
import { finish, write, writeError, writeOut } from './cli/output.js';

let currentFile = '';

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const isHelp = ['help', '--help', '-h'].includes(args.command ?? '') || args.flags.has('--help') || args.flags.has('-h');
  if (!args.command || isHelp) {
    writeOut(USAGE + '\n');
    return args.command ? 0 : 2;
  }
  switch (args.command) {
    case 'info': {
      if (args.files.length === 0) throw new UsageError('info needs at least one FILE');
      const updates = updatesFlag(args.flags);
      const json = args.flags.has('--json');
      const [{ openCellIndex }, { getCellInfo, getCellMetadata }, { basename }] = await Promise.all([
        import('./open.js'),
        import('./s57/info.js'),
        import('node:path'),
      ]);
      const formatInfo = json ? null : (await import('./cli/format.js')).formatInfo;
      const out: unknown[] = [];
      for (const file of args.files) {
        currentFile = file;
        const ds = openCellIndex(file, { updates });
        const info = getCellInfo(ds);
        if (!formatInfo) out.push(info);
        else writeOut(formatInfo(basename(file), info, getCellMetadata(ds), ds.warnings) + '\n');
      }
      if (json) writeOut(JSON.stringify(out, null, 2) + '\n');
      return 0;
    }
    case 'geojson': {
      if (args.files.length !== 1) throw new UsageError('geojson needs exactly one FILE');
      const file = args.files[0]!;
      currentFile = file;
      const updates = updatesFlag(args.flags);
      const cls = args.flags.get('--class');
      const classes = typeof cls === 'string' ? cls.split(',').filter((c) => c !== '') : undefined;
      // A larger young generation: fewer scavenges of the (short-lived) per-feature objects.
      (await import('node:v8')).setFlagsFromString('--max-semi-space-size=32');
      const [{ openCellIndex }, { geoJSONChunks }] = await Promise.all([import('./open.js'), import('./geo/geojson.js')]);
      // Features are decoded, converted and written one chunk at a time; decoded spatial records are
      // cached (each is decoded once). What the conversion leaves is garbage, much of it promoted
      // (large rings), which V8 would let grow to several times the live heap: when the heap (plus
      // array buffers) has grown by more than S57_HEAP_BUDGET (default 6) times the cell's size
      // since the start, a young-generation collection, then if still over a full one, bring it back
      // near the live size (0 turns this off).
      const factor = Number(process.env.S57_HEAP_BUDGET ?? 6);
      const gc = factor > 0 ? await collector() : null;
      const { getHeapStatistics } = await import('node:v8');
      const used = (): number => {
        const h = getHeapStatistics();
        return h.used_heap_size + h.external_memory;
      };
      const start = used();
      const ds = openCellIndex(file, { updates });
      const size = cellSize(file);
      let budget = factor * size;
      for (const chunk of geoJSONChunks(ds, { classes })) {
        await write(chunk);
        if (gc && used() - start > budget) {
          gc({ type: 'minor' });
          if (used() - start > budget) {
            gc();
            // Live data near the budget (a cell with much more geometry than bytes): leave room
            // for one cell size of garbage rather than collect after every chunk.
            budget = Math.max(budget, used() - start + size);
          }
        }
      }
      return 0;
    }
    case 'catalog': {
      if (args.files.length !== 1) throw new UsageError('catalog needs exactly one CATALOG.031');
      const file = args.files[0]!;
      currentFile = file;
      const json = args.flags.has('--json');
      const { formatExchangeCatalogue } = await import('./cli/format.js');
      if (args.flags.has('--verify')) {
        const { verifyExchangeCatalogue } = await import('./node.js');
        const checks = verifyExchangeCatalogue(file);
        await write(json ? JSON.stringify(checks, null, 2) + '\n' : formatExchangeCatalogue(checks) + '\n');
        return checks.some((c) => c.status === 'mismatch') ? 1 : 0;
      }
      const { readExchangeCatalogue } = await import('./exchange-catalogue.js');
      const entries = readExchangeCatalogue(await readExchangeCatalogueBytes(file));
      await write(json ? JSON.stringify(entries, null, 2) + '\n' : formatExchangeCatalogue(entries) + '\n');
      return 0;
    }
    default:
      throw new UsageError(`unknown command '${args.command}'`);
  }
}

async function readExchangeCatalogueBytes(file: string): Promise<Uint8Array> {
  const { readFileSync } = await import('node:fs');
  try {
    return readFileSync(file);
  } catch (e) {
    throw new S57Error('io', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

function cellSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The engine's collector (global.gc without --expose-gc on the command line), or null. */
async function collector(): Promise<((opts?: { type: 'minor' | 'major' }) => void) | null> {
  try {
    (await import('node:v8')).setFlagsFromString('--expose-gc');
    const gc: unknown = (await import('node:vm')).runInNewContext('gc');
    return typeof gc === 'function' ? (gc as (opts?: { type: 'minor' | 'major' }) => void) : null;
  } catch {
    return null;
  }
}

main(process.argv.slice(2)).then(
  (code) => finish(code),
  (err: unknown) => {
    let msg: string;
    if (err instanceof UsageError) msg = `s57: ${err.message} (see s57 --help)`;
    else if (err instanceof S57Error)
      msg = `s57: ${currentFile}: ${err.message.includes(currentFile) ? err.message : `${err.code}: ${err.message}`}`;
    else msg = `s57: ${currentFile ? `${currentFile}: ` : ''}internal error: ${err instanceof Error ? err.message : String(err)}`;
    writeError(msg);
    finish(2);
  },
);
