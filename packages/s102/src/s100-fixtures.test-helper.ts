// Small S-104 and S-111 files written with h5wasm in the S-100 Part 10c layout the product
// specifications give (root metadata, Group_F, the feature container, its instances with their
// time series groups), so a fresh clone can test the reader.
import h5wasm from 'h5wasm/node';
import type { Group } from 'h5wasm/node';

export const S104_GRID = { rows: 3, cols: 4, originX: -76.5, originY: 38.9, spacingX: 0.01, spacingY: 0.01 };

function groupF(f: Group, feature: string, codes: [code: string, uom: string, fill: string][]): void {
  const gf = f.create_group('Group_F');
  gf.create_dataset({ name: 'featureCode', data: [feature], dtype: 'A' });
  gf.create_dataset({
    name: feature,
    data: new Map<string, string[]>([
      ['code', codes.map((c) => c[0])],
      ['name', codes.map((c) => c[0])],
      ['uom.name', codes.map((c) => c[1])],
      ['fillValue', codes.map((c) => c[2])],
      ['datatype', codes.map(() => 'H5T_FLOAT')],
      ['lower', codes.map(() => '')],
      ['upper', codes.map(() => '')],
      ['closure', codes.map(() => '')],
    ]),
    dtype: [
      ['code', 'A32'],
      ['name', 'A32'],
      ['uom.name', 'A16'],
      ['fillValue', 'A16'],
      ['datatype', 'A16'],
      ['lower', 'A8'],
      ['upper', 'A8'],
      ['closure', 'A8'],
    ],
  });
}

function root(f: Group, spec: string, bbox: number[] | null): void {
  f.create_attribute('productSpecification', spec, null, 'A');
  f.create_attribute('issueDate', '20240115', null, 'A8');
  f.create_attribute('issueTime', '120000Z', null, 'A7');
  f.create_attribute('horizontalCRS', 4326, null, '<i');
  f.create_attribute('geographicIdentifier', 'Chesapeake Bay', null, 'A');
  if (bbox) {
    f.create_attribute('westBoundLongitude', bbox[0]!, null, '<d');
    f.create_attribute('southBoundLatitude', bbox[1]!, null, '<d');
    f.create_attribute('eastBoundLongitude', bbox[2]!, null, '<d');
    f.create_attribute('northBoundLatitude', bbox[3]!, null, '<d');
  }
}

/** Times of the fixtures' series: hourly from 2024-01-15 00:00 UTC. */
export function timeOf(i: number): string {
  return `20240115T${String(i).padStart(2, '0')}0000Z`;
}

/**
 * An S-104 2.0 dataset on a regular grid (data coding format 2): one WaterLevel instance with
 * `steps` hourly Group_NNN of waterLevelHeight/waterLevelTrend values.
 */
export async function writeS104Grid(path: string, opts: { steps?: number; rootBBox?: boolean } = {}): Promise<void> {
  await h5wasm.ready;
  const steps = opts.steps ?? 3;
  const g = S104_GRID;
  const bbox = [g.originX, g.originY, g.originX + (g.cols - 1) * g.spacingX, g.originY + (g.rows - 1) * g.spacingY];
  const f = new h5wasm.File(path, 'w');
  try {
    root(f, 'INT.IHO.S-104.2.0', opts.rootBBox === false ? null : bbox);
    f.create_attribute('verticalCS', 6499, null, '<i');
    f.create_attribute('verticalCoordinateBase', 2, null, '<i');
    f.create_attribute('verticalDatumReference', 1, null, '<i');
    f.create_attribute('verticalDatum', 12, null, '<i');
    f.create_attribute('waterLevelTrendThreshold', 0.2, null, '<f');
    groupF(f, 'WaterLevel', [
      ['waterLevelHeight', 'metre', '-9999.0'],
      ['waterLevelTrend', '', '0'],
    ]);
    const wl = f.create_group('WaterLevel');
    wl.create_attribute('dataCodingFormat', 2, null, '<i');
    wl.create_attribute('dimension', 2, null, '<i');
    wl.create_attribute('commonPointRule', 3, null, '<i');
    wl.create_attribute('horizontalPositionUncertainty', -1, null, '<f');
    wl.create_attribute('verticalUncertainty', -1, null, '<f');
    wl.create_attribute('numInstances', 1, null, '<i');
    wl.create_attribute('minDatasetHeight', -0.45, null, '<f');
    wl.create_attribute('maxDatasetHeight', 1.25, null, '<f');
    wl.create_attribute('methodWaterLevelProduct', 'ADCIRC hydrodynamic model forecast', null, 'A');
    const inst = wl.create_group('WaterLevel.01');
    inst.create_attribute('westBoundLongitude', bbox[0]!, null, '<d');
    inst.create_attribute('southBoundLatitude', bbox[1]!, null, '<d');
    inst.create_attribute('eastBoundLongitude', bbox[2]!, null, '<d');
    inst.create_attribute('northBoundLatitude', bbox[3]!, null, '<d');
    inst.create_attribute('gridOriginLongitude', g.originX, null, '<d');
    inst.create_attribute('gridOriginLatitude', g.originY, null, '<d');
    inst.create_attribute('gridSpacingLongitudinal', g.spacingX, null, '<d');
    inst.create_attribute('gridSpacingLatitudinal', g.spacingY, null, '<d');
    inst.create_attribute('numPointsLongitudinal', g.cols, null, '<i');
    inst.create_attribute('numPointsLatitudinal', g.rows, null, '<i');
    inst.create_attribute('startSequence', '0,0', null, 'A');
    inst.create_attribute('numberOfTimes', steps, null, '<i');
    inst.create_attribute('timeRecordInterval', 3600, null, '<i');
    inst.create_attribute('dateTimeOfFirstRecord', timeOf(0), null, 'A16');
    inst.create_attribute('dateTimeOfLastRecord', timeOf(steps - 1), null, 'A16');
    inst.create_attribute('numGRP', steps, null, '<i');
    for (let t = 0; t < steps; t++) {
      const group = inst.create_group(`Group_${String(t + 1).padStart(3, '0')}`);
      group.create_attribute('timePoint', timeOf(t), null, 'A16');
      const n = g.rows * g.cols;
      group.create_dataset({
        name: 'values',
        data: new Map([
          ['waterLevelHeight', new Float32Array(n).map((_, i) => -0.45 + (t * n + i) * 0.05)],
          ['waterLevelTrend', new Uint8Array(n).fill(2)],
        ]),
        shape: [g.rows, g.cols],
        dtype: [
          ['waterLevelHeight', '<f'],
          ['waterLevelTrend', '<B'],
        ],
      });
    }
  } finally {
    f.close();
  }
}

export const S111_STATIONS = [
  { id: 'cb0102', name: 'Cape Henry LB 2CH', lon: -76.0125, lat: 36.9583 },
  { id: 'cb0301', name: 'Thimble Shoal LB 18', lon: -76.2367, lat: 37.0133 },
];

/** An S-111 2.0 dataset of time series at stations (data coding format 8): one Group_NNN per station. */
export async function writeS111Stations(path: string): Promise<void> {
  await h5wasm.ready;
  const f = new h5wasm.File(path, 'w');
  try {
    root(f, 'INT.IHO.S-111.2.0', null);
    f.create_attribute('depthTypeIndex', 2, null, '<i');
    f.create_attribute('surfaceCurrentDepth', 4.5, null, '<f');
    groupF(f, 'SurfaceCurrent', [
      ['surfaceCurrentSpeed', 'knot', '-9999.0'],
      ['surfaceCurrentDirection', 'arc-degree', '-9999.0'],
    ]);
    const sc = f.create_group('SurfaceCurrent');
    sc.create_attribute('dataCodingFormat', 8, null, '<i');
    sc.create_attribute('dimension', 2, null, '<i');
    sc.create_attribute('numInstances', 1, null, '<i');
    sc.create_attribute('minDatasetCurrentSpeed', 0.1, null, '<f');
    sc.create_attribute('maxDatasetCurrentSpeed', 2.4, null, '<f');
    sc.create_attribute('methodCurrentsProduct', 'observed', null, 'A');
    const inst = sc.create_group('SurfaceCurrent.01');
    inst.create_attribute('numberOfStations', S111_STATIONS.length, null, '<i');
    inst.create_attribute('numberOfTimes', 24, null, '<i');
    inst.create_attribute('timeRecordInterval', 1800, null, '<i');
    inst.create_attribute('dateTimeOfFirstRecord', '20240115T000000Z', null, 'A16');
    inst.create_attribute('dateTimeOfLastRecord', '20240115T113000Z', null, 'A16');
    inst.create_attribute('numGRP', S111_STATIONS.length, null, '<i');
    const pos = inst.create_group('Positioning');
    pos.create_dataset({
      name: 'geometryValues',
      data: new Map([
        ['longitude', new Float64Array(S111_STATIONS.map((s) => s.lon))],
        ['latitude', new Float64Array(S111_STATIONS.map((s) => s.lat))],
      ]),
      shape: [S111_STATIONS.length],
      dtype: [
        ['longitude', '<d'],
        ['latitude', '<d'],
      ],
    });
    S111_STATIONS.forEach((s, i) => {
      const group = inst.create_group(`Group_${String(i + 1).padStart(3, '0')}`);
      group.create_attribute('stationIdentification', s.id, null, 'A');
      group.create_attribute('stationName', s.name, null, 'A');
      group.create_attribute('startDateTime', '20240115T000000Z', null, 'A16');
      group.create_attribute('endDateTime', '20240115T113000Z', null, 'A16');
      group.create_attribute('numberOfTimes', 24, null, '<i');
      group.create_attribute('timeIntervalIndex', 1, null, '<i');
      group.create_dataset({
        name: 'values',
        data: new Map([
          ['surfaceCurrentSpeed', new Float32Array(24).map((_, k) => 0.1 + k * 0.1)],
          ['surfaceCurrentDirection', new Float32Array(24).map((_, k) => (k * 15) % 360)],
        ]),
        shape: [24],
        dtype: [
          ['surfaceCurrentSpeed', '<f'],
          ['surfaceCurrentDirection', '<f'],
        ],
      });
    });
  } finally {
    f.close();
  }
}
