import type {
  ApplicationType,
  CreateApplicationTypeBody,
  RotateApplicationTypeKeysBody,
  S100ManufacturerKey,
  S63ManufacturerKey,
  UpdateApplicationTypeBody,
} from '@chartroom/contracts/application-types';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  insertApplicationTypeRow,
  insertRetiredKey,
  listApplicationTypeRows,
  listRetiredKeys,
  lockApplicationTypeRow,
  updateApplicationTypeRow,
  type ApplicationTypeRow,
  type RetiredKeyRow,
} from './application-types.repository.js';

type AuditContext = { actor: Pick<Actor, 'id' | 'email'>; ip: string | null };
export interface NewKeys {
  s63?: S63ManufacturerKey | undefined;
  s100?: S100ManufacturerKey | undefined;
}

const iso = (d: Date) => d.toISOString();

/** The answer's shape: M_IDs, versions and dates; a sealed key never leaves this function. */
function present(row: ApplicationTypeRow, retired: RetiredKeyRow[]): ApplicationType {
  const keyInfo = (mId: string | null, version: number | null, setAt: Date | null) =>
    mId !== null && version !== null && setAt !== null ? { mId, version, setAt: iso(setAt) } : null;
  return {
    id: row.applicationTypeId,
    name: row.name,
    platforms: row.platforms,
    enabled: row.enabled,
    s63: row.mKeySealed ? keyInfo(row.mId, row.s63KeyVersion, row.s63KeySetAt) : null,
    s100: row.s100MKeySealed ? keyInfo(row.s100MId, row.s100KeyVersion, row.s100KeySetAt) : null,
    retiredKeys: retired
      .filter((k) => k.applicationTypeId === row.applicationTypeId)
      .map((k) => ({ standard: k.standard, mId: k.mId, version: k.version, setAt: iso(k.setAt), retiredAt: iso(k.retiredAt) })),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Keys and versions only: no M_KEY, sealed or not, goes into the audit log. */
const keysSubject = (keys: NewKeys, row: ApplicationTypeRow) => ({
  ...(keys.s63 ? { s63: { mId: keys.s63.mId, version: row.s63KeyVersion } } : {}),
  ...(keys.s100 ? { s100: { mId: keys.s100.mId, version: row.s100KeyVersion } } : {}),
});

/**
 * Sets new keys on a locked row: each key in use moves to the retired keys (still read for the
 * devices that redeemed with it) and the new one takes the next version.
 */
async function replaceKeys(tx: DbOrTx, box: SecretBox, row: ApplicationTypeRow, keys: NewKeys): Promise<ApplicationTypeRow> {
  const set: Parameters<typeof updateApplicationTypeRow>[2] = {};
  const now = new Date();
  if (keys.s63) {
    if (row.mId !== null && row.mKeySealed !== null && row.s63KeyVersion !== null)
      await insertRetiredKey(tx, {
        applicationTypeId: row.applicationTypeId,
        standard: 's63',
        version: row.s63KeyVersion,
        mId: row.mId,
        mKeySealed: row.mKeySealed,
        setAt: row.s63KeySetAt ?? row.createdAt,
      });
    Object.assign(set, {
      mId: keys.s63.mId,
      mKeySealed: box.seal(keys.s63.mKey.toUpperCase()),
      s63KeyVersion: (row.s63KeyVersion ?? 0) + 1,
      s63KeySetAt: now,
    });
  }
  if (keys.s100) {
    if (row.s100MId !== null && row.s100MKeySealed !== null && row.s100KeyVersion !== null)
      await insertRetiredKey(tx, {
        applicationTypeId: row.applicationTypeId,
        standard: 's100',
        version: row.s100KeyVersion,
        mId: row.s100MId,
        mKeySealed: row.s100MKeySealed,
        setAt: row.s100KeySetAt ?? row.createdAt,
      });
    Object.assign(set, {
      s100MId: keys.s100.mId.toUpperCase(),
      s100MKeySealed: box.seal(keys.s100.mKey.toUpperCase()),
      s100KeyVersion: (row.s100KeyVersion ?? 0) + 1,
      s100KeySetAt: now,
    });
  }
  return (await updateApplicationTypeRow(tx, row.applicationTypeId, set))!;
}

export async function listApplicationTypes(opts: { db: DbOrTx }): Promise<ApplicationType[]> {
  const [rows, retired] = await Promise.all([listApplicationTypeRows(opts.db), listRetiredKeys(opts.db)]);
  return rows.map((row) => present(row, retired));
}

async function presentOne(db: DbOrTx, row: ApplicationTypeRow): Promise<ApplicationType> {
  return present(row, await listRetiredKeys(db));
}

export async function createApplicationType(opts: {
  db: Db;
  box: SecretBox;
  input: CreateApplicationTypeBody;
  audit: AuditContext;
}): Promise<ApplicationType> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const inserted = await insertApplicationTypeRow(tx, {
      applicationTypeId: input.id,
      name: input.name,
      platforms: input.platforms,
      enabled: input.enabled,
    });
    if (!inserted) {
      const message = `application type ${input.id} already exists`;
      throw new AppError('conflict', `An ${message}: change it or rotate its keys instead`, [{ path: 'body.id', message }]);
    }
    const row = input.s63 || input.s100 ? await replaceKeys(tx, opts.box, inserted, input) : inserted;
    await recordAudit(tx, {
      actor: opts.audit.actor,
      action: 'application-type.create',
      geocontentId: null,
      subject: {
        applicationTypeId: row.applicationTypeId,
        name: row.name,
        platforms: row.platforms,
        enabled: row.enabled,
        ...keysSubject(input, row),
      },
      ip: opts.audit.ip,
    });
    return presentOne(tx, row);
  });
}

export async function updateApplicationType(opts: {
  db: Db;
  id: number;
  input: UpdateApplicationTypeBody;
  audit: AuditContext;
}): Promise<ApplicationType> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const before = await lockApplicationTypeRow(tx, opts.id);
    if (!before) throw notFound('application_type', 'Application type');
    const row = (await updateApplicationTypeRow(tx, opts.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.platforms !== undefined ? { platforms: input.platforms } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    }))!;
    await recordAudit(tx, {
      actor: opts.audit.actor,
      action: 'application-type.update',
      geocontentId: null,
      subject: { applicationTypeId: opts.id, ...input },
      ip: opts.audit.ip,
    });
    return presentOne(tx, row);
  });
}

/** New manufacturer keys: new redeems use them; devices redeemed before keep theirs readable. */
export async function rotateApplicationTypeKeys(opts: {
  db: Db;
  box: SecretBox;
  id: number;
  input: RotateApplicationTypeKeysBody;
  audit: AuditContext;
}): Promise<ApplicationType> {
  return opts.db.transaction(async (tx) => {
    const before = await lockApplicationTypeRow(tx, opts.id);
    if (!before) throw notFound('application_type', 'Application type');
    const row = await replaceKeys(tx, opts.box, before, opts.input);
    await recordAudit(tx, {
      actor: opts.audit.actor,
      action: 'application-type.rotate-keys',
      geocontentId: null,
      subject: { applicationTypeId: opts.id, ...keysSubject(opts.input, row) },
      ip: opts.audit.ip,
    });
    return presentOne(tx, row);
  });
}

/**
 * For seeds (demo and tests): the type exists with these keys afterwards. A missing type is made,
 * a key that differs from the one in use is rotated in, an equal one is left alone.
 */
export async function ensureApplicationType(
  db: Db,
  box: SecretBox,
  app: { id: number; name: string; platforms?: number[]; s63?: S63ManufacturerKey; s100?: S100ManufacturerKey },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row =
      (await lockApplicationTypeRow(tx, app.id)) ??
      (await insertApplicationTypeRow(tx, { applicationTypeId: app.id, name: app.name, platforms: app.platforms ?? [1, 2, 3, 4] })) ??
      (await lockApplicationTypeRow(tx, app.id))!;
    const same = (sealed: string | null, mId: string | null, key: { mId: string; mKey: string }) =>
      sealed !== null && mId?.toUpperCase() === key.mId.toUpperCase() && box.open(sealed).toString('utf8') === key.mKey.toUpperCase();
    const keys: NewKeys = {
      s63: app.s63 && !same(row.mKeySealed, row.mId, app.s63) ? app.s63 : undefined,
      s100: app.s100 && !same(row.s100MKeySealed, row.s100MId, app.s100) ? app.s100 : undefined,
    };
    await updateApplicationTypeRow(tx, app.id, { name: app.name, ...(app.platforms ? { platforms: app.platforms } : {}) });
    if (keys.s63 || keys.s100) await replaceKeys(tx, box, { ...row, name: app.name }, keys);
  });
}
