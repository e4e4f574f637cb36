import type { Agreement, AgreementLimits, Rates, Transaction } from '@chartroom/contracts/agreements';
import { rateApplications, rateProducts, type Currency, type TransactionType } from '@chartroom/contracts/constants';
import type { AgreementRateRow, TransactionRow } from '../../db/schema/index.js';
import { normalizeMoney } from '../../lib/money.js';
import type { AgreementJoined } from './agreements.repository.js';

/** Rate rows → spec §3 Rates: applications and products in the spec's order, both currencies per product. */
export function presentRates(rows: AgreementRateRow[]): Rates {
  const rates: Rates = {};
  for (const application of rateApplications) {
    const list = [];
    for (const product of rateProducts) {
      const cells = rows.filter((r) => r.application === application && r.product === product);
      if (cells.length === 0) continue;
      const cell = (currency: Currency) => {
        const hit = cells.find((c) => c.currency === currency);
        return { net: normalizeMoney(hit?.net ?? null), endUser: normalizeMoney(hit?.endUser ?? null) };
      };
      list.push({ product, rates: { RUB: cell('RUB'), USD: cell('USD') } });
    }
    if (list.length > 0) rates[application] = list;
  }
  return rates;
}

export function presentAgreement(row: AgreementJoined, rateRows: AgreementRateRow[], limits: AgreementLimits): Agreement {
  const a = row.agreement;
  return {
    id: a.id,
    name: a.name,
    distributor: { id: row.distributor.id, title: row.distributor.title, mainUser: { id: row.mainUserId, email: row.mainUserEmail } },
    type: a.type as Agreement['type'],
    currency: a.currency as Currency,
    signedAt: a.signedAt.toISOString(),
    validTill: a.validTill,
    supervisorId: a.supervisorId,
    supervisor: a.supervisorId !== null && row.supervisorEmail ? { id: a.supervisorId, email: row.supervisorEmail } : null,
    balance: normalizeMoney(a.balance)!,
    rates: presentRates(rateRows),
    limits,
  };
}

export function presentTransaction(t: TransactionRow): Transaction {
  return {
    id: t.id,
    timestamp: t.createdAt.toISOString(),
    agreementId: t.agreementId,
    userId: t.userId,
    installationId: t.installationId,
    orderId: t.orderId,
    type: t.type as TransactionType,
    reason: t.reason,
    amount: normalizeMoney(t.amount)!,
    balance: normalizeMoney(t.balance)!,
    agreementLimit: normalizeMoney(t.agreementLimit),
    userLimit: normalizeMoney(t.userLimit),
  };
}
