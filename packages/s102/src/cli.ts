// The `s102` command: `info FILE [--json]` and `render FILE -o out.png [--max-size N | --full]`.
// Failures print one line on stderr and exit with code 2.
import { writeFileSync } from 'node:fs';
import { formatInfo, toInfo } from './info.js';
import { S102Error } from './errors.js';
import { readS102 } from './read-s102.js';
import { DEFAULT_MAX_SIZE, renderS102Png } from './render.js';
import { formatCoverageInfo } from './s100-coverage-format.js';
import { identifyS100Hdf5, readS100Coverage } from './s100-coverage.js';

export const USAGE = `usage: s102 info FILE [--json]
       s102 render FILE -o OUT.png [--max-size N | --full]

info also reads the metadata of S-104 (water level) and S-111 (surface current) files.`;

class UsageError extends Error {}

interface Parsed {
  command: string;
  file: string;
  json: boolean;
  out: string | null;
  maxSize: number;
}

export function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  if (command !== 'info' && command !== 'render') {
    throw new UsageError(command === undefined ? 'missing command' : `unknown command '${command}'`);
  }
  const parsed: Parsed = { command, file: '', json: false, out: null, maxSize: DEFAULT_MAX_SIZE };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--json' && command === 'info') parsed.json = true;
    else if ((arg === '-o' || arg === '--output') && command === 'render') parsed.out = value(rest, ++i, arg);
    else if (arg === '--max-size' && command === 'render') {
      const n = Number(value(rest, ++i, arg));
      if (!Number.isInteger(n) || n < 1) throw new UsageError('--max-size needs a positive whole number');
      parsed.maxSize = n;
    } else if (arg === '--full' && command === 'render') parsed.maxSize = 0;
    else if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}' for ${command}`);
    else if (parsed.file) throw new UsageError(`unexpected argument '${arg}'`);
    else parsed.file = arg;
  }
  if (!parsed.file) throw new UsageError('missing FILE');
  if (command === 'render' && !parsed.out) throw new UsageError('render needs -o OUT.png');
  return parsed;
}

function value(args: string[], i: number, flag: string): string {
  const v = args[i];
  if (v === undefined) throw new UsageError(`${flag} needs a value`);
  return v;
}

/** Runs the command; returns the exit code. Output goes through the given writers. */
export async function main(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
  err: (s: string) => void = (s) => process.stderr.write(s),
): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    out(USAGE + '\n');
    return 0;
  }
  try {
    const args = parseArgs(argv);
    const product = args.command === 'info' ? await identifyS100Hdf5(args.file) : 'S-102';
    if (product === 'S-104' || product === 'S-111') {
      const info = await readS100Coverage(args.file, product);
      out((args.json ? JSON.stringify(info, null, 2) : formatCoverageInfo(info)) + '\n');
      return 0;
    }
    const dataset = await readS102(args.file);
    if (args.command === 'info') {
      const info = toInfo(dataset);
      out((args.json ? JSON.stringify(info, null, 2) : formatInfo(info, dataset.edition)) + '\n');
      return 0;
    }
    const png = renderS102Png(dataset, { maxSize: args.maxSize });
    try {
      writeFileSync(args.out!, png);
    } catch (e) {
      throw new S102Error('not_found', `cannot write ${args.out}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    out(`wrote ${args.out} (${png.length} bytes)\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) err(`s102: ${e.message} (run 's102 --help' for usage)\n`);
    else if (e instanceof S102Error) err(`s102: ${e.message}\n`);
    else err(`s102: unexpected failure: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n`);
    return 2;
  }
}

const isEntry = process.argv[1] !== undefined && /[\\/]s102(\.js)?$|[\\/]cli\.(js|ts)$/.test(process.argv[1]);
if (isEntry) {
  process.exitCode = await main(process.argv.slice(2));
}
