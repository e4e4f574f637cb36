// The s57 command: info, geojson and catalog. Errors: exit code 2 and one line on stderr.
import { basename } from 'node:path';
import { geoJSONChunks } from './geo/geojson.js';
import { S57Error } from './errors.js';
import { openCellWithUpdates, verifyCatalog } from './node.js';
import { readCatalog } from './catalog.js';
import { getCellInfo, getCellMetadata } from './s57/info.js';
import { parseArgs, updatesFlag, USAGE, UsageError } from './cli/args.js';
import { formatCatalog, formatInfo } from './cli/format.js';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// A larger young generation: parsing keeps most of what it allocates, so fewer scavenges pay off.
setFlagsFromString('--max-semi-space-size=32');

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
}

let currentFile = '';

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args.command || args.command === 'help' || args.flags.has('--help') || args.flags.has('-h')) {
    await write(USAGE + '\n');
    return args.command ? 0 : 2;
  }
  switch (args.command) {
    case 'info': {
      if (args.files.length === 0) throw new UsageError('info needs at least one FILE');
      const updates = updatesFlag(args.flags);
      const json = args.flags.has('--json');
      const out: unknown[] = [];
      for (const file of args.files) {
        currentFile = file;
        const ds = openCellWithUpdates(file, { updates });
        const info = getCellInfo(ds);
        if (json) out.push(info);
        else await write(formatInfo(basename(file), info, getCellMetadata(ds), ds.warnings) + '\n');
      }
      if (json) await write(JSON.stringify(out, null, 2) + '\n');
      return 0;
    }
    case 'geojson': {
      if (args.files.length !== 1) throw new UsageError('geojson needs exactly one FILE');
      const file = args.files[0]!;
      currentFile = file;
      const updates = updatesFlag(args.flags);
      const cls = args.flags.get('--class');
      const classes = typeof cls === 'string' ? cls.split(',').filter((c) => c !== '') : undefined;
      const ds = openCellWithUpdates(file, { updates });
      for (const chunk of geoJSONChunks(ds, { classes })) await write(chunk);
      return 0;
    }
    case 'catalog': {
      if (args.files.length !== 1) throw new UsageError('catalog needs exactly one CATALOG.031');
      const file = args.files[0]!;
      currentFile = file;
      const json = args.flags.has('--json');
      if (args.flags.has('--verify')) {
        const checks = verifyCatalog(file);
        await write(json ? JSON.stringify(checks, null, 2) + '\n' : formatCatalog(checks) + '\n');
        return checks.some((c) => c.status === 'mismatch') ? 1 : 0;
      }
      const entries = readCatalog(readCatalogBytes(file));
      await write(json ? JSON.stringify(entries, null, 2) + '\n' : formatCatalog(entries) + '\n');
      return 0;
    }
    default:
      throw new UsageError(`unknown command '${args.command}'`);
  }
}

function readCatalogBytes(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new S57Error('io', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    let msg: string;
    if (err instanceof UsageError) msg = `s57: ${err.message} (see s57 --help)`;
    else if (err instanceof S57Error) msg = `s57: ${currentFile}: ${err.message.includes(currentFile) ? err.message : `${err.code}: ${err.message}`}`;
    else msg = `s57: ${currentFile ? `${currentFile}: ` : ''}internal error: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(oneLine(msg) + '\n');
    process.exitCode = 2;
  },
);
