import type { Poi, PoiInput, PoiRelease, PoiReleaseDetail } from '@chartroom/contracts/poi';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import {
  deletePoi,
  findOwnedPoi,
  findOwnedPoiRelease,
  insertPoi,
  insertPoiRelease,
  listPoiReleases,
  listPois,
  updatePoi,
  type PoiRow,
} from './poi.repository.js';
import { recordAudit } from '../audit/audit.repository.js';

type PoiCategory = Poi['category'];

export function presentPoi(row: PoiRow): Poi {
  return {
    id: row.id,
    name: row.name,
    category: row.category as PoiCategory,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPoisOfGeocontent(opts: { db: Db; actor: Actor; input: { gcid: number } }): Promise<Poi[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  return (await listPois(opts.db, gc.id)).map(presentPoi);
}

export async function createPoi(opts: { db: Db; actor: Actor; input: { gcid: number; poi: PoiInput }; ip?: string | null }): Promise<Poi> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  return presentPoi(
    await opts.db.transaction(async (tx) => {
      const row = await insertPoi(tx, { geocontentId: gc.id, ...opts.input.poi });
      await recordAudit(tx, {
        actor: opts.actor,
        action: 'poi.create',
        geocontentId: gc.id,
        subject: { poiId: row.id, name: row.name },
        ip: opts.ip ?? null,
      });
      return row;
    }),
  );
}

async function requireOwnedPoi(db: Db, actor: Actor, id: number): Promise<PoiRow> {
  const row = await findOwnedPoi(db, actor.id, id);
  if (!row) throw notFound('poi', 'Point of interest');
  return row;
}

export async function changePoi(opts: { db: Db; actor: Actor; input: { id: number; poi: PoiInput }; ip?: string | null }): Promise<Poi> {
  const row = await requireOwnedPoi(opts.db, opts.actor, opts.input.id);
  return presentPoi(
    await opts.db.transaction(async (tx) => {
      const changed = await updatePoi(tx, row.id, opts.input.poi);
      await recordAudit(tx, {
        actor: opts.actor,
        action: 'poi.change',
        geocontentId: row.geocontentId,
        subject: { poiId: row.id, name: changed.name },
        ip: opts.ip ?? null,
      });
      return changed;
    }),
  );
}

export async function removePoi(opts: { db: Db; actor: Actor; input: { id: number }; ip?: string | null }): Promise<void> {
  const row = await requireOwnedPoi(opts.db, opts.actor, opts.input.id);
  await opts.db.transaction(async (tx) => {
    await deletePoi(tx, row.id);
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'poi.remove',
      geocontentId: row.geocontentId,
      subject: { poiId: row.id, name: row.name },
      ip: opts.ip ?? null,
    });
  });
}

/** "Publish Poi": freezes the current points as a release, in one transaction with the read. */
export async function publishPois(opts: { db: Db; actor: Actor; input: { gcid: number }; ip?: string | null }): Promise<PoiRelease> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const release = await opts.db.transaction(async (tx) => {
    const items = (await listPois(tx, gc.id)).map(({ id, name, category, description, lat, lng }) => ({
      id,
      name,
      category,
      description,
      lat,
      lng,
    }));
    const saved = await insertPoiRelease(tx, { geocontentId: gc.id, itemsCount: items.length, items });
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'poi.publish',
      geocontentId: gc.id,
      subject: { releaseId: saved.id, itemsCount: items.length },
      ip: opts.ip ?? null,
    });
    return saved;
  });
  return { id: release.id, timestamp: release.timestamp.toISOString(), itemsCount: release.itemsCount };
}

export async function listPoiReleasesOfGeocontent(opts: { db: Db; actor: Actor; input: { geoContentId: number } }): Promise<PoiRelease[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.geoContentId);
  return (await listPoiReleases(opts.db, gc.id)).map((r) => ({ ...r, timestamp: r.timestamp.toISOString() }));
}

export async function getPoiRelease(opts: { db: Db; actor: Actor; input: { id: number } }): Promise<PoiReleaseDetail> {
  const row = await findOwnedPoiRelease(opts.db, opts.actor.id, opts.input.id);
  if (!row) throw notFound('poi_release', 'POI release');
  return { id: row.id, timestamp: row.timestamp.toISOString(), itemsCount: row.itemsCount, items: row.items as PoiReleaseDetail['items'] };
}
