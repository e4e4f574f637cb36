import type { RateProduct } from '@chartroom/contracts/constants';
import {
  productPriceCurrency,
  routeOrderMonths,
  type RouteCell,
  type RouteCheck,
  type RouteOffer,
  type RouteOrder,
} from '@chartroom/contracts/my-charts';
import type { MultiPolygon } from 'polygon-clipping';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { syncUserInstallations } from '../agreements/installations.repository.js';
import { readMyCharts } from './my-charts.service.js';
import {
  listDevicesOnAgreements,
  listEnabledProductsOf,
  listPublishedCellsIn,
  listPublishedS101In,
  listRateProductsOf,
} from './route-check.repository.js';
import type { LonLat } from './route-file.js';
import {
  bboxPolygon,
  boundsOf,
  corridorOf,
  legsOf,
  lineBetween,
  offsetLeg,
  serveLine,
  shiftMultiPolygon,
  unwrapLongitudes,
  worldParts,
  type CoverageShape,
  type Leg,
  type Served,
} from './route-geometry.js';

// The route check (issue 37): which charts a route needs at the best band for each stretch, what
// the user holds of them, where no chart covers it, and what would buy the rest.

/**
 * A chart that may serve the route: the newest copy of a name, and the geocontents holding it. Its
 * coverage and `bbox` are in the route's frame (moved by `shift`, whole turns, when the route runs
 * past the antimeridian to it); `ownBbox` is where it lies (-180..180).
 */
interface Candidate extends CoverageShape {
  ownBbox: [number, number, number, number];
  shift: number;
  product: 'S-57' | 'S-101';
  name: string;
  band: number | null;
  edition: number;
  update: number;
  issueDate: string;
  geocontentIds: Set<number>;
}

/** S-101 carries no navigational band: it is ranked as the map quilts it, as band 4 (decision 0024). */
const S101_RANK_BAND = 4;
/**
 * Stretches shorter than this (about 9 m) are left out, and stretches of one chart this close are
 * joined: neighbouring cells' coverage edges, digitised apart, leave slivers no chart is wanted for.
 */
const MIN_STRETCH_NM = 0.005;
const round = (nm: number) => Math.round(nm * 1000) / 1000;
const version = (c: { edition: number; update: number }) => c.edition * 100000 + c.update;

/** The charts whose box meets `box` (in the route's frame: it may reach past ±180). */
async function readCandidates(db: Db, box: [number, number, number, number]): Promise<Candidate[]> {
  const byName = new Map<string, Candidate>();
  const add = (c: Omit<Candidate, 'geocontentIds'>, geocontentId: number) => {
    const key = `${c.product}/${c.name}/${c.shift}`;
    const seen = byName.get(key);
    const ids = seen?.geocontentIds ?? new Set<number>();
    ids.add(geocontentId);
    byName.set(key, !seen || version(c) > version(seen) ? { ...c, geocontentIds: ids } : seen);
  };
  for (const { box: part, shift } of worldParts(box)) {
    const [cells, datasets] = await Promise.all([listPublishedCellsIn(db, part), listPublishedS101In(db, part)]);
    for (const r of cells) {
      const bbox: [number, number, number, number] = [r.west!, r.south!, r.east!, r.north!];
      const coverage = (r.coverage as { coordinates?: MultiPolygon } | null)?.coordinates;
      const shape = coverage && coverage.length > 0 ? coverage : bboxPolygon(bbox);
      const moved = shiftMultiPolygon(shape, shift);
      add(
        {
          product: 'S-57',
          name: r.name,
          band: r.band,
          edition: r.edition!,
          update: r.update ?? 0,
          issueDate: r.releaseDate ?? '',
          coverage: moved,
          bbox: boundsOf(moved),
          ownBbox: boundsOf(shape),
          shift,
        },
        r.geocontentId,
      );
    }
    for (const d of datasets) {
      const bbox: [number, number, number, number] = [d.west!, d.south!, d.east!, d.north!];
      add(
        {
          product: 'S-101',
          name: d.name,
          band: null,
          edition: d.edition,
          update: d.update,
          issueDate: d.issueDate,
          coverage: bboxPolygon([bbox[0] + shift, bbox[1], bbox[2] + shift, bbox[3]]),
          bbox: [bbox[0] + shift, bbox[1], bbox[2] + shift, bbox[3]],
          ownBbox: bbox,
          shift,
        },
        d.geocontentId,
      );
    }
  }
  return [...byName.values()];
}

/** Best first: the finest band, ENC before S-101 at the same band, then the newer edition, then the name. */
function rank(candidates: Candidate[]): Candidate[] {
  const bandOf = (c: Candidate) => c.band ?? (c.product === 'S-101' ? S101_RANK_BAND : 0);
  return [...candidates].sort(
    (a, b) =>
      bandOf(b) - bandOf(a) ||
      (a.product === b.product ? 0 : a.product === 'S-57' ? -1 : 1) ||
      version(b) - version(a) ||
      (b.issueDate > a.issueDate ? 1 : b.issueDate < a.issueDate ? -1 : 0) ||
      a.name.localeCompare(b.name),
  );
}

/** Sorted, overlapping or touching stretches joined. */
function joinStretches(stretches: { fromNm: number; toNm: number }[]) {
  const out: { fromNm: number; toNm: number }[] = [];
  for (const s of [...stretches].sort((a, b) => a.fromNm - b.fromNm)) {
    const last = out.at(-1);
    if (last && s.fromNm <= last.toNm + MIN_STRETCH_NM) last.toNm = Math.max(last.toNm, s.toNm);
    else out.push({ ...s });
  }
  return out;
}

/**
 * Which charts serve the route. The corridor is read along five lines: the route, its two edges
 * and the lines halfway out; on each, every stretch goes to the best ranked chart covering it. A
 * chart serves the stretches it wins on any line; the route's own line, where nothing covers it,
 * makes the gaps.
 */
function serve(legs: Leg[], ranked: Candidate[], corridorNm: number) {
  const offsets = [0, -corridorNm, corridorNm, -corridorNm / 2, corridorNm / 2];
  const lines: Served[][] = offsets.map((k) => serveLine(k === 0 ? legs : legs.map((leg) => offsetLeg(leg, k)), ranked));
  const stretches = new Map<number, { fromNm: number; toNm: number }[]>();
  for (const line of lines)
    for (const s of line)
      if (s.chart >= 0 && s.toNm - s.fromNm >= MIN_STRETCH_NM) stretches.set(s.chart, [...(stretches.get(s.chart) ?? []), s]);
  const gaps = joinStretches(lines[0]!.filter((s) => s.chart < 0 && s.toNm - s.fromNm >= MIN_STRETCH_NM));
  return { stretches, gaps };
}

/** The ready-made agreement order for one of the user's devices, or null. */
async function orderFor(db: Db, opts: { userId: number; deviceId: string | null; productIds: number[] }): Promise<RouteOrder | null> {
  if (opts.productIds.length === 0) return null;
  const links = await listRateProductsOf(db, opts.productIds);
  const items = [...new Set(links.map((l) => l.rateProduct as RateProduct))]
    .sort()
    .map((product) => ({ product, months: routeOrderMonths }));
  if (items.length === 0) return null;
  await syncUserInstallations(db, opts.userId);
  const onAgreements = await listDevicesOnAgreements(db, opts.userId, new Date().toISOString().slice(0, 10));
  const chosen = opts.deviceId === null ? onAgreements[0] : onAgreements.find((d) => d.deviceId === opts.deviceId);
  if (!chosen) return null;
  return { installationId: chosen.userInstallationId, paymentMethod: 'agreement', agreementId: chosen.agreementId, items };
}

/** `POST /api/user/route-check`, once the route file is read. */
export async function checkRoute(opts: {
  db: Db;
  actor: Actor;
  points: LonLat[];
  corridorNm: number;
  installationId?: number | undefined;
}): Promise<RouteCheck> {
  const { db, corridorNm } = opts;
  // Continuous across the antimeridian: the legs, the corridor and the answer's lines run past ±180.
  const points = unwrapLongitudes(opts.points);
  const mine = await readMyCharts(db, opts.actor.id);
  let deviceId: string | null = null;
  if (opts.installationId !== undefined) {
    const device = mine.deviceOfInstallation.get(opts.installationId);
    if (!device) throw notFound('installation');
    deviceId = device.device.deviceId;
  }

  const legs = legsOf(points);
  const corridor = corridorOf(points, corridorNm);
  const ranked = rank(await readCandidates(db, boundsOf(corridor.type === 'Polygon' ? [corridor.coordinates] : corridor.coordinates)));
  const { stretches, gaps } = serve(legs, ranked, corridorNm);

  const myCells = new Map(mine.cells.map((c) => [c.name, c]));
  // One entry per chart, though a route around the world meets it on two turns.
  const byChart = new Map<string, { candidate: Candidate; stretches: { fromNm: number; toNm: number }[] }>();
  for (const [i, served] of stretches) {
    const candidate = ranked[i]!;
    const seen = byChart.get(`${candidate.product}/${candidate.name}`);
    if (seen) seen.stretches.push(...served);
    else byChart.set(`${candidate.product}/${candidate.name}`, { candidate, stretches: [...served] });
  }
  const chosen = [...byChart.values()].map(({ candidate, stretches: s }) => ({ candidate, stretches: joinStretches(s) }));
  chosen.sort((a, b) => a.stretches[0]!.fromNm - b.stretches[0]!.fromNm || a.candidate.name.localeCompare(b.candidate.name));
  const cells: RouteCell[] = chosen.map(({ candidate: c, stretches: s }) => {
    const held = myCells.get(c.name);
    const licensed = mine.licensedNow.has(c.name);
    return {
      product: c.product,
      name: c.name,
      band: c.band,
      edition: c.edition,
      update: c.update,
      bbox: c.ownBbox,
      licensed,
      licenseIds: held?.licenseIds ?? [],
      status: licensed && held ? held.status : null,
      fromNm: round(s[0]!.fromNm),
      toNm: round(s.at(-1)!.toNm),
      stretches: s.map((x) => ({ fromNm: round(x.fromNm), toNm: round(x.toNm) })),
    };
  });

  // Each product that holds unlicensed cells, grouped by the cells it holds.
  const unlicensed = chosen.filter(({ candidate }) => !mine.licensedNow.has(candidate.name)).map(({ candidate }) => candidate);
  const products = await listEnabledProductsOf(db, [...new Set(unlicensed.flatMap((c) => [...c.geocontentIds]))]);
  const groups = new Map<string, RouteOffer>();
  for (const p of products) {
    const names = unlicensed.filter((c) => c.geocontentIds.has(p.geocontentId)).map((c) => c.name);
    const key = names.join(',');
    const offer = groups.get(key) ?? { cellNames: names, products: [] };
    offer.products.push({
      productId: p.productId,
      productName: `${p.geocontentTitle} (${p.licType})`,
      providerName: p.providerTitle,
      price: p.price === null ? null : Number(p.price),
      currency: productPriceCurrency,
    });
    groups.set(key, offer);
  }

  const lengthNm = legs.at(-1)!.toNm;
  return {
    route: { points, lengthNm: round(lengthNm) },
    corridorNm,
    corridor,
    devices: mine.devices.map((d) => d.device),
    cells,
    gaps: gaps.map((g) => ({ fromNm: round(g.fromNm), toNm: round(g.toNm), points: lineBetween(legs, g.fromNm, g.toNm) })),
    offers: [...groups.values()],
    order: await orderFor(db, { userId: opts.actor.id, deviceId, productIds: products.map((p) => p.productId) }),
  };
}
