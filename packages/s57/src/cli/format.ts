// Human-readable text output of the s57 command.
import type { CatalogCheck } from '../node.js';
import type { ExchangeCatalogueEntry } from '../exchange-catalogue.js';
import type { CellInfo, CellMetadata } from '../s57/info.js';

function date(d: string | null): string {
  if (!d) return '-';
  return /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : d;
}

export function formatInfo(file: string, info: CellInfo, meta: CellMetadata, warnings: string[]): string {
  const lines: string[] = [];
  const usage = info.intendedUsage;
  lines.push(`${info.name}  (${file})`);
  lines.push(`  edition ${info.edition ?? '-'}, update ${info.update ?? '-'}`);
  lines.push(`  issue date ${date(info.issueDate)}, update application date ${date(info.updateApplicationDate)}`);
  lines.push(
    `  intended usage ${usage.number ?? '-'} (${usage.name ?? 'unknown'}), compilation scale ${info.compilationScale ? `1:${info.compilationScale}` : '-'}`,
  );
  lines.push(
    `  producing agency ${info.agency ?? '-'}, S-57 edition ${meta.s57Edition ?? '-'}, exchange purpose ${meta.exchangePurpose.name ?? '-'}`,
  );
  lines.push(
    `  datums: horizontal ${meta.horizontalDatum ?? '-'}, vertical ${meta.verticalDatum ?? '-'}, sounding ${meta.soundingDatum ?? '-'}; COMF ${meta.coordinateMultiplier}, SOMF ${meta.soundingMultiplier}`,
  );
  if (info.comment) lines.push(`  comment: ${info.comment}`);
  if (info.bbox) lines.push(`  bbox: W ${info.bbox[0]} S ${info.bbox[1]} E ${info.bbox[2]} N ${info.bbox[3]}`);
  const counts = Object.entries(info.featureCounts);
  const total = counts.reduce((a, [, n]) => a + n, 0);
  lines.push(`  ${total} features in ${counts.length} object classes:`);
  for (let i = 0; i < counts.length; i += 6) {
    lines.push(
      '    ' +
        counts
          .slice(i, i + 6)
          .map(([k, n]) => `${k} ${n}`.padEnd(13))
          .join(' ')
          .trimEnd(),
    );
  }
  for (const w of warnings.slice(0, 20)) lines.push(`  warning: ${w}`);
  return lines.join('\n');
}

export function formatExchangeCatalogue(entries: (ExchangeCatalogueEntry | CatalogCheck)[]): string {
  const lines = entries.map((e) => {
    const bbox = e.bbox ? ` [${e.bbox.join(', ')}]` : '';
    const check = 'status' in e ? `  ${e.status.toUpperCase()}${e.status === 'mismatch' ? ` (computed ${e.actualCrc})` : ''}` : '';
    return `${e.file.padEnd(24)} ${e.implementation.padEnd(3)} ${e.volume.padEnd(8)} crc ${(e.crc ?? '-').padEnd(8)}${check}${bbox}${e.longName ? `  ${e.longName}` : ''}${e.comment ? `  (${e.comment})` : ''}`;
  });
  lines.push(`${entries.length} entries`);
  return lines.join('\n');
}
