// Human-readable lines for `s102 info` of an S-104 or S-111 file.
import type { S100CoverageInfo } from './types.js';

export function formatCoverageInfo(info: S100CoverageInfo): string {
  const g = info.grid;
  const lines = [
    `product:               ${info.product} (${info.productSpecification ?? 'no productSpecification'})${info.edition ? `, edition ${info.edition}` : ''}`,
    `issue date:            ${info.issueDate ?? '(missing)'}${info.issueTime ? ` ${info.issueTime}` : ''}`,
    `area:                  ${info.geographicIdentifier ?? '-'}`,
    `horizontal CRS:        ${info.horizontalCRS === null ? '(unknown)' : `EPSG:${info.horizontalCRS}`}${info.verticalDatum !== null ? `, vertical datum ${info.verticalDatum}` : ''}`,
    `bbox (degrees):        ${info.bbox ? info.bbox.map((v) => v.toFixed(6)).join(', ') : '(unknown)'}`,
    `data:                  ${info.feature}, ${info.dataCodingFormatName ?? `data coding format ${info.dataCodingFormat ?? '?'}`}, ${info.instances} instance(s)`,
    `time range:            ${info.timeRange ? `${info.timeRange.first} … ${info.timeRange.last}` : '(unknown)'}${info.numberOfTimes !== null ? `, ${info.numberOfTimes} times` : ''}${info.timeRecordInterval !== null ? ` every ${info.timeRecordInterval} s` : ''}`,
  ];
  if (g)
    lines.push(
      `grid:                  ${g.rows} rows × ${g.cols} cols, origin (${g.originX}, ${g.originY}), spacing (${g.spacingX}, ${g.spacingY})`,
    );
  if (info.stations)
    lines.push(
      `stations:              ${info.stations.length}${info.stations.length ? ` (${info.stations.map((s) => s.name ?? s.id).join(', ')})` : ''}`,
    );
  if (info.nodes !== null) lines.push(`nodes:                 ${info.nodes}`);
  if (info.valueRange)
    lines.push(
      `${info.product === 'S-104' ? 'water level (m):  ' : 'current speed (kn):'}    ${info.valueRange.min} … ${info.valueRange.max}`,
    );
  lines.push(`issues:                ${info.issues.length === 0 ? 'none' : info.issues.length}`, ...info.issues.map((i) => `  - ${i}`));
  return lines.join('\n');
}
