import type { SQL } from 'drizzle-orm';
import type {
  Agreement,
  AgreementLimits,
  AgreementUser,
  CreateAgreementBody,
  RatesInput,
  TransactionsQueryBody,
  UpdateAgreementBody,
} from '@chartroom/contracts/agreements';
import { ratesMessage } from '@chartroom/contracts/agreements';
import { agreementAppIdOf, currencies } from '@chartroom/contracts/constants';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { normalizeMoney } from '../../lib/money.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import {
  agreementById,
  listRunDistributorIds,
  managedAgreementById,
  readableAgreement,
  readableAgreementById,
} from './agreement-policy.js';
import {
  findAgreement,
  insertAgreement,
  listAgreementInstallations,
  listRates,
  listTransactions,
  listUserLimits,
  lockAgreement,
  replaceRates,
  selectAgreements,
  setUserLimitRow,
  updateAgreementRow,
} from './agreements.repository.js';
import { presentAgreement, presentTransaction } from './agreements.presenter.js';

interface Ctx {
  db: Db;
  actor: Actor;
}
interface AuditCtx extends Ctx {
  ip: string | null;
}

const agreementNotFound = () => notFound('agreement');

async function loadAgreements(db: DbOrTx, where: SQL): Promise<Agreement[]> {
  const rows = await selectAgreements(db, where);
  const ids = rows.map((r) => r.agreement.id);
  const [rateRows, limitRows] = await Promise.all([listRates(db, ids), listUserLimits(db, ids)]);
  return rows.map((row) => {
    const id = row.agreement.id;
    const limits: AgreementLimits = {
      agreementLimit: normalizeMoney(row.agreement.agreementLimit),
      usersLimits: limitRows
        .filter((l) => l.row.agreementId === id)
        .map((l) => ({
          id: l.row.id,
          userId: l.row.userId,
          email: l.email,
          limit: normalizeMoney(l.row.userLimit),
          spent: normalizeMoney(l.row.spent)!,
        })),
    };
    return presentAgreement(
      row,
      rateRows.filter((r) => r.agreementId === id),
      limits,
    );
  });
}

async function loadAgreement(db: DbOrTx, where: SQL): Promise<Agreement> {
  const [found] = await loadAgreements(db, where);
  if (!found) throw agreementNotFound();
  return found;
}

/** Throws 404 unless the actor manages the agreement (its distributor's main user). */
async function requireManaged(db: DbOrTx, actor: Actor, agreementId: number) {
  const row = await findAgreement(db, managedAgreementById(actor, agreementId));
  if (!row) throw agreementNotFound();
  return row;
}

/** Throws 404 unless the actor may read the agreement (manages or supervises it). */
async function requireReadable(db: DbOrTx, actor: Actor, agreementId: number): Promise<void> {
  if (!(await findAgreement(db, readableAgreementById(actor, agreementId)))) throw agreementNotFound();
}

/** `POST /api/agreement/query`: the agreements the actor manages or supervises. */
export async function queryAgreements({ db, actor }: Ctx) {
  return { agreements: await loadAgreements(db, readableAgreement(actor)) };
}

export async function getAgreement({ db, actor, id }: Ctx & { id: number }) {
  return loadAgreement(db, readableAgreementById(actor, id));
}

export async function createAgreement({ db, actor, ip, input }: AuditCtx & { input: CreateAgreementBody }) {
  if (!(await listRunDistributorIds(db, actor)).includes(input.distributorId)) throw notFound('distributor');
  if (input.supervisorId != null && !(await findUserById(db, input.supervisorId))) throw new AppError('no_such_user', 'No such user!');
  const id = await db.transaction(async (tx) => {
    const row = await insertAgreement(tx, {
      distributorId: input.distributorId,
      name: input.name,
      type: input.type,
      currency: input.currency,
      validTill: input.validTill.slice(0, 10),
      supervisorId: input.supervisorId ?? null,
    });
    await recordAudit(tx, {
      actor,
      action: 'agreement.create',
      geocontentId: null,
      subject: { agreementId: row.id, name: row.name, currency: row.currency },
      ip,
    });
    return row.id;
  });
  return loadAgreement(db, agreementById(id));
}

/** Spec §5: a product's rate is kept only when its RUB net price is set; each set currency becomes a row. */
export function flattenRates(input: RatesInput) {
  const rows: { application: string; product: string; currency: string; net: string | null; endUser: string | null }[] = [];
  for (const [application, list] of Object.entries(input)) {
    const seen = new Set<string>();
    for (const cell of list ?? []) {
      if (seen.has(cell.product))
        throw new AppError('invalid_rates', `${application} lists ${cell.product} twice`, [
          { path: `rates.${application}`, message: ratesMessage },
        ]);
      seen.add(cell.product);
      if (cell.rates.RUB.net === null) continue;
      for (const currency of currencies) {
        const { net, endUser } = cell.rates[currency];
        if (net !== null || endUser !== null) rows.push({ application, product: cell.product, currency, net, endUser });
      }
    }
  }
  return rows;
}

export async function updateAgreement({ db, actor, ip, input }: AuditCtx & { input: UpdateAgreementBody }) {
  const rows = flattenRates(input.rates);
  await db.transaction(async (tx) => {
    const row = await lockAgreement(tx, managedAgreementById(actor, input.id));
    if (!row) throw agreementNotFound();
    await updateAgreementRow(tx, row.id, { name: input.name, validTill: input.validTill.slice(0, 10), type: input.type });
    await replaceRates(tx, row.id, rows);
    await recordAudit(tx, {
      actor,
      action: 'agreement.update',
      geocontentId: null,
      subject: { agreementId: row.id, name: input.name, rateRows: rows.length },
      ip,
    });
  });
  return loadAgreement(db, agreementById(input.id));
}

export async function findUserForAgreementForm({ db, email }: { db: Db; email: string }) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('no_such_user', 'No such user!');
  return { id: user.id, email: user.email };
}

/** The agreement's users with their installations: for its distributor and its supervisor. */
export async function listAgreementUsers({ db, actor, agreementId }: Ctx & { agreementId: number }): Promise<AgreementUser[]> {
  await requireReadable(db, actor, agreementId);
  const rows = await listAgreementInstallations(db, agreementId);
  return rows.map(({ link, installation, email }) => ({
    userId: link.userId,
    email,
    installationId: installation.id,
    appId: agreementAppIdOf(installation.applicationTypeId),
    platformId: installation.platformId,
    shipName: installation.shipName,
    deviceId: installation.deviceId,
    createdAt: link.createdAt.toISOString(),
  }));
}

/** The agreement limit and the users' limits: for its distributor and its supervisor. */
export async function getLimits({ db, actor, agreementId }: Ctx & { agreementId: number }): Promise<AgreementLimits> {
  await requireReadable(db, actor, agreementId);
  return (await loadAgreement(db, agreementById(agreementId))).limits;
}

export async function setUserLimit({
  db,
  actor,
  ip,
  input,
}: AuditCtx & { input: { agreementId: number; userId: number; limit: string | null } }) {
  await db.transaction(async (tx) => {
    // No agreement lock here: charges lock the user's row before the agreement's, and so must we.
    await requireManaged(tx, actor, input.agreementId);
    if (!(await setUserLimitRow(tx, input.agreementId, input.userId, input.limit))) throw notFound('user', 'User on this agreement');
    await recordAudit(tx, { actor, action: 'agreement.user-limit', geocontentId: null, subject: input, ip });
  });
  return getLimits({ db, actor, agreementId: input.agreementId });
}

export async function setAgreementLimit({ db, actor, ip, input }: AuditCtx & { input: { agreementId: number; limit: string | null } }) {
  await db.transaction(async (tx) => {
    const row = await lockAgreement(tx, managedAgreementById(actor, input.agreementId));
    if (!row) throw agreementNotFound();
    await updateAgreementRow(tx, row.id, { agreementLimit: input.limit });
    await recordAudit(tx, { actor, action: 'agreement.limit', geocontentId: null, subject: input, ip });
  });
  return getLimits({ db, actor, agreementId: input.agreementId });
}

const transactionsMax = 2000;

/** The ledger rows of the agreements the actor manages or supervises, newest first, filtered. */
export async function queryTransactions({ db, actor, input }: Ctx & { input: TransactionsQueryBody }) {
  if (input.agreementId && !(await findAgreement(db, readableAgreementById(actor, input.agreementId)))) throw agreementNotFound();
  const filter = { agreementId: input.agreementId, userId: input.userId, installationId: input.instId };
  const rows = await listTransactions(db, readableAgreement(actor), filter, transactionsMax);
  return { transactions: rows.map((r) => presentTransaction(r.transactions)) };
}
