import type { CellStatus, MyCell, MyCharts, MyDevice, StatusReportQuery } from '@chartroom/contracts/my-charts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { listEncCells } from '../device-api/delivery-cells.repository.js';
import { listS100DatasetsOfGeocontents } from '../device-api/delivery-s100.repository.js';
import { listEncLicensesOfUser, listInstallationsOfUser, listReceivedCells } from './my-charts.repository.js';
import { statusReportCsv, statusReportPdf, type StatusReportRow } from './status-report.js';

interface Held {
  edition: number;
  update: number;
  receivedAt: Date;
}

/** A device of the user: its installations (one per licence it holds) and what they received. */
interface DeviceHoldings {
  device: MyDevice;
  installationIds: number[];
  held: Map<string, Held>;
}

const versionOf = (edition: number, update: number) => edition * 100000 + update;

function statusOf(cell: { edition: number; update: number }, expired: boolean, held: Held | undefined): CellStatus {
  if (expired) return 'expired';
  if (!held) return 'not-on-board';
  return versionOf(held.edition, held.update) < versionOf(cell.edition, cell.update) ? 'update-available' : 'current';
}

/** A cell or S-100 dataset of a licensed geocontent, in one shape. */
interface Holding {
  product: MyCell['product'];
  name: string;
  band: number | null;
  edition: number;
  update: number;
  issueDate: string | null;
  bbox: [number, number, number, number] | null;
}

const boxOf = (r: { west: number | null; south: number | null; east: number | null; north: number | null }) =>
  r.west !== null && r.south !== null && r.east !== null && r.north !== null
    ? ([r.west, r.south, r.east, r.north] as [number, number, number, number])
    : null;

/** Every ENC cell and S-100 dataset of these geocontents that can be delivered, with its geocontent. */
async function listHoldings(db: Db, geocontentIds: number[]): Promise<{ item: Holding; geocontentId: number }[]> {
  const [cellRows, datasetRows] = await Promise.all([listEncCells(db, geocontentIds), listS100DatasetsOfGeocontents(db, geocontentIds)]);
  const cells = cellRows
    .filter(({ chart }) => chart.edition && chart.blobKeys.length > 0)
    .map(({ chart, geocontentId }) => ({
      geocontentId,
      item: {
        product: 'S-57' as const,
        name: chart.name,
        band: chart.band,
        edition: chart.edition!,
        update: chart.update ?? 0,
        issueDate: chart.releaseDate,
        bbox: boxOf(chart),
      },
    }));
  const datasets = datasetRows
    .filter((d) => d.blobKeys.length > 0)
    .map((d) => ({
      geocontentId: d.geocontentId,
      item: {
        product: d.product as MyCell['product'],
        name: d.name,
        band: null,
        edition: d.edition,
        update: d.update,
        issueDate: d.issueDate,
        bbox: boxOf(d),
      },
    }));
  return [...cells, ...datasets];
}

/**
 * The user's devices (one per device id, named by its lowest installation) and every ENC cell and
 * S-100 dataset of their licences (the newest copy of each name) with its status on each device;
 * `licensedNow` names those a licence that has not expired covers.
 */
export async function readMyCharts(db: Db, userId: number, now = new Date()) {
  const [installationRows, licenceRows] = await Promise.all([listInstallationsOfUser(db, userId), listEncLicensesOfUser(db, userId)]);
  const byDevice = new Map<string, DeviceHoldings>();
  for (const row of installationRows) {
    let entry = byDevice.get(row.deviceId);
    if (!entry) {
      entry = {
        device: { installationId: row.installationId, deviceId: row.deviceId, applicationTypeId: row.applicationTypeId },
        installationIds: [],
        held: new Map(),
      };
      byDevice.set(row.deviceId, entry);
    }
    entry.installationIds.push(row.installationId);
    entry.device.applicationTypeId ??= row.applicationTypeId;
  }
  const deviceOfInstallation = new Map<number, DeviceHoldings>();
  for (const d of byDevice.values()) for (const id of d.installationIds) deviceOfInstallation.set(id, d);
  for (const r of await listReceivedCells(db, [...deviceOfInstallation.keys()])) {
    const d = deviceOfInstallation.get(r.installationId)!;
    const seen = d.held.get(r.name);
    if (!seen || versionOf(r.edition, r.update) > versionOf(seen.edition, seen.update)) d.held.set(r.name, r);
  }

  const licencesByGc = new Map<number, { licenseId: number; expiresAt: Date | null }[]>();
  for (const l of licenceRows) licencesByGc.set(l.geocontentId, [...(licencesByGc.get(l.geocontentId) ?? []), l]);
  const newest = new Map<string, Holding>();
  const licenceIdsOf = new Map<string, Set<number>>();
  const licensedNow = new Set<string>();
  for (const { item, geocontentId } of await listHoldings(db, [...licencesByGc.keys()])) {
    const seen = newest.get(item.name);
    if (!seen || versionOf(item.edition, item.update) > versionOf(seen.edition, seen.update)) newest.set(item.name, item);
    const ids = licenceIdsOf.get(item.name) ?? new Set<number>();
    for (const l of licencesByGc.get(geocontentId) ?? []) {
      ids.add(l.licenseId);
      if (l.expiresAt === null || l.expiresAt > now) licensedNow.add(item.name);
    }
    licenceIdsOf.set(item.name, ids);
  }
  const devices = [...byDevice.values()].sort((a, b) => a.device.installationId - b.device.installationId);
  const cells: MyCell[] = [...newest.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((item) => {
      const expired = !licensedNow.has(item.name);
      return {
        ...item,
        licenseIds: [...(licenceIdsOf.get(item.name) ?? [])].sort((a, b) => a - b),
        status: Object.fromEntries(devices.map((d) => [String(d.device.installationId), statusOf(item, expired, d.held.get(item.name))])),
        held: Object.fromEntries(
          devices.map((d) => {
            const held = d.held.get(item.name);
            return [String(d.device.installationId), held ? { edition: held.edition, update: held.update } : null];
          }),
        ),
      };
    });
  return { devices, cells, deviceOfInstallation, licensedNow };
}

/** `GET /api/user/charts`. */
export async function getMyCharts(opts: { db: Db; actor: Actor }): Promise<MyCharts> {
  const { devices, cells } = await readMyCharts(opts.db, opts.actor.id);
  return { devices: devices.map((d) => d.device), cells };
}

/**
 * The ENC update status report of one of the user's devices (any installation of it names it), in
 * the user's language; another user's installation is a 404.
 */
export async function makeStatusReport(opts: { db: Db; actor: Actor; installationId: number; format: StatusReportQuery['format'] }) {
  const now = new Date();
  const { cells, deviceOfInstallation } = await readMyCharts(opts.db, opts.actor.id, now);
  const device = deviceOfInstallation.get(opts.installationId);
  if (!device) throw notFound('installation');
  const key = String(device.device.installationId);
  const rows: StatusReportRow[] = cells.map((c) => {
    const held = device.held.get(c.name);
    return {
      name: c.name,
      heldEdition: held?.edition ?? null,
      heldUpdate: held?.update ?? null,
      receivedAt: held?.receivedAt ?? null,
      latestEdition: c.edition,
      latestUpdate: c.update,
      issueDate: c.issueDate,
      status: c.status[key]!,
    };
  });
  const report = { locale: opts.actor.locale, date: now, device: device.device, rows };
  const stamp = now.toISOString().slice(0, 10);
  const base = `enc-status-${device.device.deviceId.replace(/[^A-Za-z0-9_-]/g, '_')}-${stamp}`;
  if (opts.format === 'csv') return { contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv`, body: statusReportCsv(report) };
  return { contentType: 'application/pdf', fileName: `${base}.pdf`, body: await statusReportPdf(report) };
}
