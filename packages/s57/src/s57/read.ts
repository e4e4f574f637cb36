// Reads an S-57 base cell or update file (ISO 8211 encoded) into an S57Dataset: the file's record
// index (scan.ts, the one record walk of this package) with every record decoded.
import { RCNM_FE, RCNM_VC, RCNM_VE, RCNM_VF, RCNM_VI, type S57Dataset } from './model.js';
import type { ReadOptions } from './records.js';
import { scanS57 } from './scan.js';

export type { ReadOptions } from './records.js';

/** Parses an S-57 base cell or update file. Throws S57Error on anything that is not valid S-57. */
export function readS57(bytes: Uint8Array, opts: ReadOptions = {}): S57Dataset {
  const file = scanS57(bytes, opts);
  const ds: S57Dataset = {
    fileName: opts.fileName,
    dsid: file.dsid,
    dssi: file.dssi,
    dspm: file.dspm,
    features: new Map(),
    vectors: new Map([
      [RCNM_VI, new Map()],
      [RCNM_VC, new Map()],
      [RCNM_VE, new Map()],
      [RCNM_VF, new Map()],
    ]),
    recordCounts: file.recordCounts,
    appliedUpdates: [],
    isUpdateFile: file.isUpdateFile,
    records: [],
    warnings: [],
  };
  for (let slot = 0; slot < file.n; slot++) {
    if (file.rcnm[slot] === RCNM_FE) {
      const feature = file.feature(slot);
      // An update file may hold several instructions for one RCID: look-ups see the first.
      if (!ds.features.has(feature.rcid)) ds.features.set(feature.rcid, feature);
      ds.records.push(feature);
    } else {
      const vector = file.vector(slot);
      const index = ds.vectors.get(vector.rcnm)!;
      if (!index.has(vector.rcid)) index.set(vector.rcid, vector);
      ds.records.push(vector);
    }
  }
  return ds;
}
