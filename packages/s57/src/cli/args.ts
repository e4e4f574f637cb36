// Command-line argument parsing for the s57 command (no dependencies).

export interface ParsedArgs {
  command: string | undefined;
  files: string[];
  flags: Map<string, string | true>;
}

const WITH_VALUE = new Set(['--updates', '--class']);

export class UsageError extends Error {}

export function parseArgs(argv: string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const files: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(0, eq) : a;
      if (WITH_VALUE.has(name)) {
        const value = eq > 0 ? a.slice(eq + 1) : rest[++i];
        if (value === undefined) throw new UsageError(`${name} needs a value`);
        flags.set(name, value);
      } else {
        flags.set(name, true);
      }
    } else {
      files.push(a);
    }
  }
  return { command, files, flags };
}

export function updatesFlag(flags: Map<string, string | true>): 'apply' | 'ignore' {
  const v = flags.get('--updates') ?? 'apply';
  if (v !== 'apply' && v !== 'ignore') throw new UsageError(`--updates must be 'apply' or 'ignore', not '${String(v)}'`);
  return v;
}

export const USAGE = `Usage:
  s57 info FILE... [--json] [--updates apply|ignore]
  s57 geojson FILE [--updates apply|ignore] [--class DEPARE,SOUNDG]
  s57 catalog CATALOG.031 [--verify] [--json]

Base cells (.000) get the update files beside them (.001, .002 ...) applied unless --updates ignore.
Exit codes: 0 success, 1 catalogue CRC mismatch (catalog --verify), 2 error.`;
