// The BathymetryCoverage feature: its first instance's grid description (origin, spacing, point
// counts), the Group_001/values dataset, and the fill value declared in Group_F.
import { h5 } from './h5-file.js';
import type { Dataset, Group } from 'h5wasm/node';
import { S102Error } from './errors.js';
import { findDataset, findGroup, numberAttr, type Issues } from './h5-lookup.js';
import type { S102Grid } from './types.js';

export const DEFAULT_FILL_VALUE = 1000000;

export interface Coverage {
  grid: S102Grid;
  values: Dataset;
}

export function readCoverage(root: Group, source: string, issues: Issues): Coverage {
  const feature = findGroup(root, 'BathymetryCoverage', issues);
  if (!feature) {
    throw new S102Error('invalid_structure', `${source}: no BathymetryCoverage group`);
  }
  const instance = findInstance(feature, issues);
  if (!instance) {
    throw new S102Error('invalid_structure', `${source}: no BathymetryCoverage.01 instance group`);
  }
  const group = findGroup(instance, 'Group_001', issues);
  const values = group ? findDataset(group, 'values', issues) : null;
  if (!values) {
    throw new S102Error('invalid_structure', `${source}: no ${instance.path}/Group_001/values dataset`);
  }
  const shape = values.shape ?? [];
  if (shape.length !== 2) {
    throw new S102Error('invalid_structure', `${source}: ${values.path} is not a two-dimensional grid (shape [${shape.join(', ')}])`);
  }
  const [shapeRows = 0, shapeCols = 0] = shape;

  const cols = numberAttr(instance, 'numPointsLongitudinal', issues);
  const rows = numberAttr(instance, 'numPointsLatitudinal', issues);
  const originX = numberAttr(instance, 'gridOriginLongitude', issues);
  const originY = numberAttr(instance, 'gridOriginLatitude', issues);
  const spacingX = numberAttr(instance, 'gridSpacingLongitudinal', issues);
  const spacingY = numberAttr(instance, 'gridSpacingLatitudinal', issues);
  if (originX === null || originY === null || spacingX === null || spacingY === null) {
    throw new S102Error('invalid_structure', `${source}: the grid origin or spacing of ${instance.path} is missing`);
  }
  if (spacingX <= 0 || spacingY <= 0) {
    issues.push(`${instance.path} grid spacing (${spacingX}, ${spacingY}) should be positive`);
  }
  if ((rows !== null && rows !== shapeRows) || (cols !== null && cols !== shapeCols)) {
    issues.push(
      `${instance.path} numPointsLatitudinal × numPointsLongitudinal (${rows} × ${cols}) does not match the values shape ${shapeRows} × ${shapeCols}; the shape is used`,
    );
  }
  return {
    grid: { rows: shapeRows, cols: shapeCols, originX, originY, spacingX, spacingY },
    values,
  };
}

/** BathymetryCoverage.01, or the first BathymetryCoverage.NN when .01 is absent. */
function findInstance(feature: Group, issues: Issues): Group | null {
  const exact = findGroup(feature, 'BathymetryCoverage.01', issues);
  if (exact) return exact;
  const name = feature.keys().find((k) => /^bathymetrycoverage\.\d+$/i.test(k));
  const child = name === undefined ? null : feature.get(name);
  return child instanceof h5().Group ? child : null;
}

export interface FillValues {
  depth: number;
  uncertainty: number;
}

/** Fill values from Group_F/BathymetryCoverage (rows with code 'depth' / 'uncertainty'). */
export function readFillValues(root: Group, issues: Issues): FillValues {
  const fills: FillValues = { depth: DEFAULT_FILL_VALUE, uncertainty: DEFAULT_FILL_VALUE };
  const groupF = findGroup(root, 'Group_F', issues);
  const table = groupF ? findDataset(groupF, 'BathymetryCoverage', issues) : null;
  if (!table) {
    issues.push(`Group_F/BathymetryCoverage is missing; fill value ${DEFAULT_FILL_VALUE} assumed`);
    return fills;
  }
  const members = table.metadata.compound_type?.members.map((m) => m.name) ?? [];
  const codeIdx = members.indexOf('code');
  const fillIdx = members.indexOf('fillValue');
  const rows = table.value;
  if (codeIdx < 0 || fillIdx < 0 || !Array.isArray(rows)) {
    issues.push(`Group_F/BathymetryCoverage has no code/fillValue fields; fill value ${DEFAULT_FILL_VALUE} assumed`);
    return fills;
  }
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const code = String(row[codeIdx]).toLowerCase();
    const fill = Number(row[fillIdx]);
    if (!Number.isFinite(fill)) continue;
    if (code === 'depth') fills.depth = fill;
    if (code === 'uncertainty') fills.uncertainty = fill;
  }
  return fills;
}
