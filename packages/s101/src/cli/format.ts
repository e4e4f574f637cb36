// Human-readable text output of the s101 command.
import type { FeatureCatalogue } from '../catalogue.js';
import type { S101Info } from '../info.js';

function date(d: string | null): string {
  if (!d) return '-';
  return /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : d;
}

function counts(lines: string[], what: string, entries: [string, number][], catalogue?: FeatureCatalogue, information = false): void {
  const total = entries.reduce((a, [, n]) => a + n, 0);
  lines.push(`  ${total} ${what} of ${entries.length} types:`);
  if (catalogue) {
    for (const [k, n] of entries) {
      const item = information ? catalogue.informationType(k) : catalogue.featureType(k);
      lines.push(`    ${String(n).padStart(6)}  ${k}${item ? ` (${item.name})` : ''}`);
    }
    return;
  }
  for (let i = 0; i < entries.length; i += 4) {
    lines.push(
      '    ' +
        entries
          .slice(i, i + 4)
          .map(([k, n]) => `${k} ${n}`.padEnd(34))
          .join(' ')
          .trimEnd(),
    );
  }
}

export function formatInfo(file: string, info: S101Info, catalogue?: FeatureCatalogue): string {
  const lines: string[] = [];
  lines.push(`${info.name}  (${file})${info.title && info.title !== info.name ? `  ${info.title}` : ''}`);
  lines.push(`  edition ${info.edition ?? '-'}, update ${info.update ?? '-'}, issue date ${date(info.issueDate)}`);
  lines.push(
    `  product ${info.productSpecification ?? '-'} (edition ${info.productEdition ?? '-'}), encoding ${info.encoding ?? '-'} ${info.encodingEdition ?? ''}, ${info.profile === 2 ? 'update dataset' : 'base dataset'}`,
  );
  const h = info.crs.horizontal;
  const v = info.crs.vertical.map((c) => c.datum ?? c.name).join(', ');
  lines.push(`  CRS ${h ? `${h.name}${h.epsg ? ` (EPSG:${h.epsg})` : ''}` : '-'}${v ? `, vertical ${v}` : ''}`);
  const m = info.coordinateMultipliers;
  lines.push(`  coordinate multipliers CMFX ${m.x}, CMFY ${m.y}, CMFZ ${m.z}; language ${info.language ?? '-'}`);
  if (info.appliedUpdates.length > 0) lines.push(`  updates applied: ${info.appliedUpdates.join(', ')}`);
  if (info.bbox) lines.push(`  bbox: W ${info.bbox[0]} S ${info.bbox[1]} E ${info.bbox[2]} N ${info.bbox[3]}`);
  counts(lines, 'features', Object.entries(info.featureCounts), catalogue);
  const inf = Object.entries(info.informationCounts);
  if (inf.length > 0) counts(lines, 'information records', inf, catalogue, true);
  for (const w of info.warnings.slice(0, 20)) lines.push(`  warning: ${w}`);
  return lines.join('\n');
}
