import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { groupBy } from '../../lib/group-by.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { deviceRegistrations, geocontents, installations, licenses, products, registrationInstallations } from '../../db/schema/index.js';

// A device call's first read: its token, then registration, installations and licences, one request or a batch;
// and the update check's read of what changed since.

/**
 * A live registration by its token hash, with its installations' licences, in one query (every
 * device call starts here, so it is kept to one round trip).
 */
export function findDeviceByToken(db: DbOrTx, tokenHash: string | Placeholder, manyTokens = false) {
  return db
    .select({
      registration: deviceRegistrations,
      installation: installations,
      license: licenses,
      product: products,
      geocontentTitle: geocontents.title,
    })
    .from(deviceRegistrations)
    .leftJoin(registrationInstallations, eq(registrationInstallations.registrationId, deviceRegistrations.id))
    .leftJoin(installations, eq(installations.id, registrationInstallations.installationId))
    .leftJoin(licenses, eq(licenses.id, installations.licenseId))
    .leftJoin(products, eq(products.id, licenses.productId))
    .leftJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .where(
      and(
        manyTokens ? sql`${deviceRegistrations.tokenHash} = any(${tokenHash}::text[])` : eq(deviceRegistrations.tokenHash, tokenHash),
        isNull(deviceRegistrations.revokedAt),
      ),
    )
    .orderBy(installations.id);
}

/** The same as a prepared statement of the database: every device call reads it. */
export function findDeviceByTokenPrepared(db: Db, tokenHash: string) {
  return preparedQuery(db, 'device_by_token', (d, name) => findDeviceByToken(d, sql.placeholder('tokenHash')).prepare(name)).execute({
    tokenHash,
  });
}

/** The devices of several tokens at once (`findDeviceByToken` for each), by token hash. */
export async function findDevicesByTokensPrepared(db: Db, tokenHashes: string[]) {
  const rows = await preparedQuery(db, 'devices_by_tokens', (d, name) =>
    findDeviceByToken(d, sql.placeholder('tokenHashes'), true).prepare(name),
  ).execute({ tokenHashes });
  return groupBy(rows, (row) => row.registration.tokenHash);
}

/**
 * One cell of an update check as `findDeviceUpdatesPrepared` reads it: name, edition, update,
 * release date, band, west, south, east, north, the geocontent that holds it, and whether this copy
 * changed after the check's `since` (always true without one).
 */
export type UpdateCellTuple = [
  name: string,
  edition: number,
  update: number | null,
  releaseDate: string | null,
  band: number | null,
  west: number | null,
  south: number | null,
  east: number | null,
  north: number | null,
  geocontentId: number,
  changed: boolean,
];

/** What one update check asks: the device's token hash and the `since` of its poll (ISO), if any. */
export interface DeviceUpdatesKey {
  tokenHash: string;
  since: string | null;
}

/** What an update check reads of its device: whether it holds an installation, its ENC licences and its cells. */
export interface DeviceUpdatesRow {
  /** The registration is live and holds at least one installation (else the token is refused). */
  held: boolean;
  /** Its enabled ENC products' licences: geocontent id, and expiry in ms since 1970 (null = never). */
  licences: [geocontentId: number, expiresAt: number | null][] | null;
  /**
   * The ENC cells with an edition and files in the geocontents of its ENC products, by name; with
   * `since`, every copy of each name of which some copy changed after it (another office's older
   * copy changing must not make it the answer: the caller picks the newest copy, then asks if it changed).
   */
  cells: UpdateCellTuple[] | null;
}

/**
 * Update checks in one statement, one row per key whose token is live: the device and its cells
 * come from one snapshot in one round trip, where they took two in turn. With `since`, only the names
 * some copy of which changed after it. Which licences are current is left to the caller, as for every device call. Rows are
 * answered by position (`Map` key = index in `keys`); a key without a live registration has none.
 */
export async function findDeviceUpdatesPrepared(db: Db, keys: readonly DeviceUpdatesKey[]): Promise<Map<number, DeviceUpdatesRow>> {
  const held = (what: ReturnType<typeof sql>) => sql`
    from registration_installations ri
    join installations i on i.id = ri.installation_id
    join licenses l on l.id = i.license_id
    join products p on p.id = l.product_id
   where ri.registration_id = ${deviceRegistrations.id} ${what}`;
  // A cell a device can be given: an ENC cell with an edition and files, of one of its ENC products' geocontents.
  const deliverable = (c: SQL, cc: SQL) => sql`${cc}.kind = 'enc' and ${c}.edition is not null and jsonb_array_length(${c}.blob_keys) > 0
             and ${cc}.geocontent_id in (select p.geocontent_id ${held(sql`and p.enc`)})`;
  const rows = await preparedQuery(db, 'device_updates', (d, name) =>
    d
      .select({
        key: sql<number>`k.n`.mapWith(Number),
        held: sql<boolean>`exists (select 1 ${held(sql``)})`,
        licences: sql<
          DeviceUpdatesRow['licences']
        >`(select json_agg(json_build_array(p.geocontent_id, floor(extract(epoch from l.expires_at) * 1000)))
          ${held(sql`and p.enc and p.is_enabled`)})`,
        cells: sql<DeviceUpdatesRow['cells']>`(
          select json_agg(json_build_array(c.name, c.edition, c.update, c.release_date, c.band, c.west, c.south, c.east, c.north, cc.geocontent_id,
                                           k.since is null or c.updated_at > k.since) order by c.name)
            from charts c join chart_collections cc on cc.id = c.collection_id
           where ${deliverable(sql`c`, sql`cc`)}
             and (k.since is null or c.name in (
                   select c2.name from charts c2 join chart_collections cc2 on cc2.id = c2.collection_id
                    where c2.updated_at > k.since and ${deliverable(sql`c2`, sql`cc2`)})))`,
      })
      .from(
        sql`unnest(${sql.placeholder('tokenHashes')}::text[], ${sql.placeholder('sinces')}::timestamptz[]) with ordinality as k(token_hash, since, n)`,
      )
      .innerJoin(deviceRegistrations, and(sql`${deviceRegistrations.tokenHash} = k.token_hash`, isNull(deviceRegistrations.revokedAt)))
      .prepare(name),
  ).execute({ tokenHashes: keys.map((k) => k.tokenHash), sinces: keys.map((k) => k.since) });
  return new Map(rows.map(({ key, ...row }) => [key - 1, row]));
}
