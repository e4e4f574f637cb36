// The s101 command: info and geojson. Errors: exit code 2 and one line on stderr.
import { basename } from 'node:path';
import { finish, write, writeError, writeOut } from '@chartroom/s57/cli/output';
import { parseArgs, updatesFlag, USAGE, UsageError } from './cli/args.js';
import type { FeatureCatalogue } from './catalogue.js';
import { S101Error } from './errors.js';

let currentFile = '';

async function catalogueOf(flags: Map<string, string | true>): Promise<FeatureCatalogue | undefined> {
  const path = flags.get('--catalogue');
  if (typeof path !== 'string') return undefined;
  currentFile = path;
  return (await import('./node.js')).readFeatureCatalogueFile(path);
}

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
      const catalogue = await catalogueOf(args.flags);
      const [{ openS101 }, { getS101Info }, { formatInfo }] = await Promise.all([
        import('./node.js'),
        import('./info.js'),
        import('./cli/format.js'),
      ]);
      const out: unknown[] = [];
      for (const file of args.files) {
        currentFile = file;
        const info = getS101Info(openS101(file, { updates }));
        if (json) {
          const names = catalogue
            ? {
                featureTypeNames: Object.fromEntries(
                  Object.keys(info.featureCounts).map((k) => [k, catalogue.featureType(k)?.name ?? null]),
                ),
              }
            : {};
          out.push({ ...info, ...names });
        } else writeOut(formatInfo(basename(file), info, catalogue) + '\n');
      }
      if (json) writeOut(JSON.stringify(out, null, 2) + '\n');
      return 0;
    }
    case 'geojson': {
      if (args.files.length !== 1) throw new UsageError('geojson needs exactly one FILE');
      const file = args.files[0]!;
      const updates = updatesFlag(args.flags);
      const type = args.flags.get('--type');
      const types = typeof type === 'string' ? type.split(',').filter((t) => t !== '') : undefined;
      const catalogue = await catalogueOf(args.flags);
      currentFile = file;
      const [{ openS101 }, { geoJSONGeometry }] = await Promise.all([import('./node.js'), import('@chartroom/s57')]);
      const ds = openS101(file, { updates });
      const features = args.flags.has('--s57')
        ? (await import('./s57-view.js')).s57FlatFeatures(ds, { types })
        : (await import('./features.js')).flatFeatures(ds, { types, catalogue });
      const lines = args.flags.has('--lines');
      let buf = lines ? '' : '{"type":"FeatureCollection","features":[\n';
      let first = true;
      for (const f of features) {
        const text = JSON.stringify({ type: 'Feature', geometry: f.geometry && geoJSONGeometry(f.geometry), properties: f.properties });
        buf += lines ? text + '\n' : (first ? '' : ',\n') + text;
        first = false;
        if (buf.length >= 1 << 16) {
          await write(buf);
          buf = '';
        }
      }
      await write(lines ? buf : buf + '\n]}\n');
      return 0;
    }
    default:
      throw new UsageError(`unknown command '${args.command}'`);
  }
}

main(process.argv.slice(2)).then(
  (code) => finish(code),
  (err: unknown) => {
    let msg: string;
    if (err instanceof UsageError) msg = `s101: ${err.message} (see s101 --help)`;
    else if (err instanceof S101Error) {
      // An update dataset beside the base, or the catalogue, may be the file at fault.
      const file = err.file && !currentFile.endsWith(err.file) ? `${currentFile} (${err.file})` : currentFile;
      msg = `s101: ${file}: ${err.message.includes(currentFile) ? err.message : `${err.code}: ${err.message}`}`;
    } else msg = `s101: ${currentFile ? `${currentFile}: ` : ''}internal error: ${err instanceof Error ? err.message : String(err)}`;
    writeError(msg);
    finish(2);
  },
);
