// Name checks beyond what the reader needs: the optional quality coverage and Group_F's feature list.
import type { Group } from 'h5wasm/node';
import { findDataset, findGroup, type Issues } from './h5-lookup.js';

const FEATURE_NAMES = ['BathymetryCoverage', 'QualityOfBathymetryCoverage'];

export function checkStructureNames(root: Group, issues: Issues): void {
  // Only the case is checked: the quality coverage is optional.
  findGroup(root, 'QualityOfBathymetryCoverage', issues);

  const groupF = findGroup(root, 'Group_F', []);
  if (!groupF) {
    issues.push(`group '/Group_F' (feature information) is missing`);
    return;
  }
  const featureCode = findDataset(groupF, 'featureCode', issues);
  const codes = featureCode?.value;
  if (!Array.isArray(codes)) {
    issues.push(`dataset '/Group_F/featureCode' is missing`);
    return;
  }
  for (const code of codes) {
    if (typeof code !== 'string' || FEATURE_NAMES.includes(code)) continue;
    const proper = FEATURE_NAMES.find((n) => n.toLowerCase() === code.toLowerCase());
    issues.push(
      proper
        ? `/Group_F/featureCode entry '${code}' should be '${proper}' (wrong case)`
        : `/Group_F/featureCode entry '${code}' is not an S-102 feature`,
    );
  }
  if (!codes.some((c) => typeof c === 'string' && c.toLowerCase() === 'bathymetrycoverage')) {
    issues.push(`/Group_F/featureCode does not list BathymetryCoverage`);
  }
}
