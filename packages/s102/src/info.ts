// getS102Info: the summary `s102 info --json` prints.
import { readS102 } from './read-s102.js';
import type { S102Info, S102Metadata } from './types.js';

export function toInfo(m: S102Metadata): S102Info {
  return {
    productSpecification: m.productSpecification,
    issueDate: m.issueDate,
    horizontalCRS: m.horizontalCRS,
    bbox: m.bbox,
    grid: { ...m.grid },
    depth: m.depth ? { ...m.depth } : null,
    issues: [...m.issues],
  };
}

/** Exactly the object `s102 info FILE --json` prints. */
export async function getS102Info(path: string): Promise<S102Info> {
  return toInfo(await readS102(path));
}

/** Human-readable lines for `s102 info FILE` without --json. */
export function formatInfo(info: S102Info, edition: string | null = null): string {
  const g = info.grid;
  const lines = [
    `product specification: ${info.productSpecification ?? '(missing)'}${edition ? ` (edition ${edition})` : ''}`,
    `issue date:            ${info.issueDate ?? '(missing)'}`,
    `horizontal CRS:        ${info.horizontalCRS === null ? '(unknown)' : `EPSG:${info.horizontalCRS}`}`,
    `bbox (degrees):        ${info.bbox ? info.bbox.map((v) => v.toFixed(6)).join(', ') : '(unknown)'}`,
    `grid:                  ${g.rows} rows × ${g.cols} cols, origin (${g.originX}, ${g.originY}), spacing (${g.spacingX}, ${g.spacingY})`,
    `depth (m):             ${info.depth ? `${info.depth.min} … ${info.depth.max}` : '(no valid cells)'}`,
    `issues:                ${info.issues.length === 0 ? 'none' : info.issues.length}`,
    ...info.issues.map((i) => `  - ${i}`),
  ];
  return lines.join('\n');
}
