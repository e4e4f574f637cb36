// Command-line argument parsing for the s101 command (no dependencies).

export interface ParsedArgs {
  command: string | undefined;
  files: string[];
  flags: Map<string, string | true>;
}

const WITH_VALUE = new Set(['--updates', '--type', '--catalogue']);
const KNOWN = new Set([...WITH_VALUE, '--json', '--lines', '--s57', '--help', '-h']);

export class UsageError extends Error {}

export function parseArgs(argv: string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const files: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('-') && a !== '-') {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(0, eq) : a;
      if (!KNOWN.has(name)) throw new UsageError(`unknown option '${name}'`);
      if (WITH_VALUE.has(name)) {
        const value = eq > 0 ? a.slice(eq + 1) : rest[++i];
        if (value === undefined) throw new UsageError(`${name} needs a value`);
        flags.set(name, value);
      } else flags.set(name, true);
    } else files.push(a);
  }
  return { command, files, flags };
}

export function updatesFlag(flags: Map<string, string | true>): 'apply' | 'ignore' {
  const v = flags.get('--updates') ?? 'apply';
  if (v !== 'apply' && v !== 'ignore') throw new UsageError(`--updates must be 'apply' or 'ignore', not '${String(v)}'`);
  return v;
}

export const USAGE = `Usage:
  s101 info FILE... [--json] [--updates apply|ignore] [--catalogue FC.xml]
  s101 geojson FILE [--updates apply|ignore] [--type DepthArea,Sounding] [--catalogue FC.xml] [--s57] [--lines]

Base datasets (.000) get the update datasets beside them (.001, .002 ...) applied unless --updates ignore.
--catalogue: an S-100 feature catalogue (e.g. S-101_FC_1.1.0_20230202.xml) for readable names and typed values.
--s57: the features as the S-57 objects a chart style for S-57 draws (DEPARE, LIGHTS, ...).
--lines: one GeoJSON feature per line (RFC 8142 without the record separators) instead of a FeatureCollection.
Exit codes: 0 success, 2 error.`;
