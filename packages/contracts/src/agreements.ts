import { z } from 'zod';
import { emailAddress, idParam, idValue, maxId, text } from './common.js';
import { agreementTypes, currencies, rateApplications, rateProducts, transactionTypes } from './constants.js';

// The new distributor area: agreements, rates, users, limits and the ledger (spec §3, §5, §7).

const id = idParam;

/** Money on the wire: a decimal string (never a binary float), e.g. "-120.50". */
export const moneyString = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'a decimal amount');

export const ratesMessage = 'All values should be null or valid number!';

/** The largest rate (the database keeps 10 digits before the decimal point). */
export const maxRate = 9_999_999_999.99;

/**
 * A price someone types: empty/null means "not set"; otherwise a non-negative amount with at most two
 * decimals, given as a string or a number, normalised to a decimal string. Each way it can be wrong
 * has its own issue (`too_small` for a negative rate, `too_big` past 10 digits, `custom` with
 * `params.reason: 'decimals'` for a third decimal), so the reader is told what to change.
 */
const priceInput = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return null;
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') return null;
    if (/^\d{1,10}(\.\d{1,2})?$/.test(text)) return text;
    const amount = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (amount < 0) {
      ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: true, input: text, message: 'must not be negative' });
    } else if (amount > maxRate) {
      ctx.addIssue({ code: 'too_big', origin: 'number', maximum: maxRate, inclusive: true, input: text, message: `at most ${maxRate}` });
    } else if (!Number.isNaN(amount)) {
      ctx.addIssue({ code: 'custom', input: text, params: { reason: 'decimals' }, message: 'at most two decimals' });
    } else {
      ctx.addIssue({ code: 'custom', input: text, message: ratesMessage });
    }
    return z.NEVER;
  });

/** A limit: null or empty = no limit; otherwise a non-negative amount with at most two decimals. */
export const limitInput = z.union([z.string(), z.number(), z.null()]).transform((v, ctx) => {
  if (v === null) return null;
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (text === '') return null;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'a non-negative amount with at most two decimals, or empty for no limit' });
    return z.NEVER;
  }
  return text;
});

export const agreementType = z.enum(agreementTypes);
export const currency = z.enum(currencies);
export const rateApplication = z.enum(rateApplications);
export const rateProduct = z.enum(rateProducts);

/** One currency's prices of a rate cell: what the distributor pays (`net`) and the end-user price. */
export const currencyRate = z.object({ net: moneyString.nullable(), endUser: moneyString.nullable() });
export const currencyRateInput = z.object({ net: priceInput, endUser: priceInput });

/** Spec §3 Rates: per application, a list of products, each with rates per currency. */
export const productRate = z.object({
  product: rateProduct,
  rates: z.object({ RUB: currencyRate, USD: currencyRate }),
});
export type ProductRate = z.infer<typeof productRate>;
export const rates = z.partialRecord(rateApplication, z.array(productRate));
export type Rates = z.infer<typeof rates>;

/** What the form sends: the four values of a cell are each empty or a number (spec §5). */
export const productRateInput = z.object({
  product: rateProduct,
  rates: z.object({
    RUB: currencyRateInput.default({ net: null, endUser: null }),
    USD: currencyRateInput.default({ net: null, endUser: null }),
  }),
});
export const ratesInput = z.partialRecord(rateApplication, z.array(productRateInput));
export type RatesInput = z.infer<typeof ratesInput>;

export const userLimitEntry = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  limit: moneyString.nullable(),
  /** This user's charges minus refunds under the agreement. */
  spent: moneyString,
});
/** Spec §3 Agreement limits. */
export const agreementLimits = z.object({
  agreementLimit: moneyString.nullable(),
  usersLimits: z.array(userLimitEntry),
});
export type AgreementLimits = z.infer<typeof agreementLimits>;

/** Spec §3 Agreement. `balance` starts at 0; charges lower it, refunds and top-ups raise it. */
export const agreement = z.object({
  id: z.number().int(),
  name: z.string(),
  distributor: z.object({ id: z.number().int(), title: z.string(), mainUser: z.object({ id: z.number().int(), email: z.string() }) }),
  type: agreementType,
  currency,
  signedAt: z.string(),
  validTill: z.string(),
  supervisorId: z.number().int().nullable(),
  supervisor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  balance: moneyString,
  rates,
  limits: agreementLimits,
});
export type Agreement = z.infer<typeof agreement>;
export const agreementList = z.object({ agreements: z.array(agreement) });
export type AgreementList = z.infer<typeof agreementList>;

/** A calendar date (YYYY-MM-DD) or a full ISO time; kept as the date it names. */
const dateInput = z
  .string()
  .trim()
  .min(1, 'a valid-till date is required')
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'a date such as 2027-12-31');

/** Today's calendar date in UTC (YYYY-MM-DD), the day an agreement's validity is counted from. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** A new agreement's valid-till: today or later (one that ended already would be created expired). */
const futureDateInput = dateInput.refine((v) => !/^\d{4}-\d{2}-\d{2}/.test(v) || v.slice(0, 10) >= todayUtc(), {
  message: 'a date not in the past',
  params: { reason: 'past_date' },
});

/** An agreement has ended once its valid-till day is over. */
export const isAgreementExpired = (validTill: string, now = new Date()): boolean => validTill.slice(0, 10) < todayUtc(now);

/** The longest agreement name. */
export const maxAgreementNameLength = 200;

export const createAgreementBody = z.object({
  validTill: futureDateInput,
  type: agreementType.default('com'),
  distributorId: z.number({ error: 'choose a distributor' }).int().positive().max(maxId, `at most ${maxId}`),
  currency: currency.default('RUB'),
  name: text(maxAgreementNameLength, { min: 1, minMessage: 'a name is required' }),
  supervisorId: idValue.nullable().optional(),
});
export type CreateAgreementBody = z.infer<typeof createAgreementBody>;

export const updateAgreementBody = z.object({
  id: idValue,
  name: text(maxAgreementNameLength, { min: 1, minMessage: 'a name is required' }),
  validTill: dateInput,
  type: agreementType,
  rates: ratesInput.default({}),
});
export type UpdateAgreementBody = z.infer<typeof updateAgreementBody>;

export const agreementIdQuery = z.object({ id });
export const agreementIdParam = z.object({ agreementId: id });
export const emailQuery = z.object({ email: emailAddress });
export const foundUser = z.object({ id: z.number().int(), email: z.string() });

/** Spec §3 Installation: one of a user's devices. */
export const userInstallation = z.object({
  /** The account's record of the device (spec "Installation: id"; agreements and transactions name it). */
  id: z.number().int(),
  /**
   * The device's installation ids on its licences: the ids redeem, entitlements, the licence file
   * and webhooks give (`installationId`), one per licence slot it holds; [] before it holds one.
   * Orders take either (`deviceInstallationId` or `installationId` = `id`).
   */
  installationIds: z.array(z.number().int()).optional(),
  appId: z.number().int().nullable(),
  applicationTypeId: z.number().int().nullable(),
  platformId: z.number().int(),
  shipName: z.string().nullable(),
  deviceCode: z.string(),
});
export type UserInstallation = z.infer<typeof userInstallation>;

export const userForAgreementQuery = emailQuery.extend({ agreementId: id });

/** Where a distributor's invitation of a user to an agreement stands (issue 34: devices only with consent). */
export const invitationStatuses = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const invitationState = z.object({
  id: z.number().int(),
  status: z.enum(invitationStatuses),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});

/**
 * `get-user-for-agreement`: that the user exists and how the invitation stands. `userId` and the
 * installations are given only for the devices the user put on this agreement (by accepting an
 * invitation, or a membership from before consent); until then `userId` is null and the list empty.
 */
export const userForAgreement = z.object({
  userId: z.number().int().nullable(),
  email: z.string(),
  invitation: invitationState.nullable(),
  installations: z.array(userInstallation),
});
export type UserForAgreement = z.infer<typeof userForAgreement>;

/** `POST /api/agreement/invite-user`: mails the user an invitation to the agreement. */
export const inviteUserBody = z.object({
  agreementId: idValue,
  email: z.string().trim().toLowerCase().pipe(z.email('a valid e-mail')),
});
export type InviteUserBody = z.infer<typeof inviteUserBody>;

/** A pending invitation as its user sees it in the cabinet. */
export const userInvitation = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  agreement: z.object({ id: z.number().int(), name: z.string(), validTill: z.string() }),
  distributor: z.object({ title: z.string() }),
});
export type UserInvitation = z.infer<typeof userInvitation>;
/** The signed-in user's pending invitations and the devices they may choose from. */
export const userInvitations = z.object({
  invitations: z.array(userInvitation),
  installations: z.array(userInstallation),
});
export type UserInvitations = z.infer<typeof userInvitations>;
export const invitationParams = z.object({ id });
export const acceptInvitationBody = z.object({
  installationIds: z
    .array(idValue)
    .min(1, 'choose at least one device')
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'a device is chosen twice'),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/** Spec §3 Agreement user entry. */
export const agreementUser = z.object({
  userId: z.number().int(),
  email: z.string(),
  installationId: z.number().int(),
  appId: z.number().int().nullable(),
  platformId: z.number().int(),
  shipName: z.string().nullable(),
  deviceId: z.string(),
  createdAt: z.string(),
});
export type AgreementUser = z.infer<typeof agreementUser>;
export const agreementUsers = z.array(agreementUser);

export const addUserInstBody = z.object({
  agreementId: idValue,
  userId: idValue,
  installationId: idValue,
});

export const setUserLimitBody = z.object({
  agreementId: idValue,
  userId: idValue,
  limit: limitInput,
});
export const setAgreementLimitBody = z.object({ agreementId: idValue, limit: limitInput });

/** Spec §3 Transaction: amounts signed (charges negative), balance after the row, limits in force. */
export const transaction = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  agreementId: z.number().int(),
  userId: z.number().int().nullable(),
  installationId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  type: z.enum(transactionTypes),
  /** Why an adjustment was posted (the distributor's words); null on other rows. */
  reason: z.string().nullable(),
  amount: moneyString,
  balance: moneyString,
  agreementLimit: moneyString.nullable(),
  userLimit: moneyString.nullable(),
});
export type Transaction = z.infer<typeof transaction>;

/** The transactions screen's route parameters, as the body (spec §7). */
export const transactionsQueryBody = z.object({
  agreementId: idParam.optional(),
  userId: idParam.optional(),
  instId: idParam.optional(),
});
export type TransactionsQueryBody = z.infer<typeof transactionsQueryBody>;
export const transactionList = z.object({ transactions: z.array(transaction) });

/** Members of the caller's distributor: order managers of its orders. */
export const distributorMember = z.object({ userId: z.number().int(), email: z.string(), createdAt: z.string() });
export const distributorMembers = z.array(distributorMember);
export const addMemberBody = z.object({ email: emailAddress });
export const memberParams = z.object({ userId: id });

/** The largest amount one top-up or adjustment may move (the balance keeps 12 digits before the point). */
export const balanceEntryMax = '1000000000.00';

function amountInput(opts: { signed: boolean }) {
  const pattern = opts.signed ? /^-?\d{1,10}(\.\d{1,2})?$/ : /^\d{1,10}(\.\d{1,2})?$/;
  const message = opts.signed
    ? 'a non-zero amount such as 250 or -99.50 (at most two decimals, at most 1000000000)'
    : 'a positive amount such as 1500 or 99.50 (at most two decimals, at most 1000000000)';
  return z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const value = typeof v === 'number' ? String(v) : v.trim();
    const cents = pattern.test(value) ? Math.round(Number(value) * 100) : NaN;
    if (!Number.isFinite(cents) || cents === 0 || (!opts.signed && cents < 0) || Math.abs(cents) > 100_000_000_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/** `POST /api/agreement/top-up`: money the distributor received for the agreement raises its balance. */
export const topUpBody = z.object({
  agreementId: idValue,
  amount: amountInput({ signed: false }),
  /** An optional note (e.g. the payment's reference). */
  reason: text(500).optional(),
});
export type TopUpBody = z.infer<typeof topUpBody>;

/** `POST /api/agreement/adjust`: a signed correction, always with the reason for it. */
export const adjustBody = z.object({
  agreementId: idValue,
  amount: amountInput({ signed: true }),
  reason: text(500, { min: 1, minMessage: 'a reason is required' }),
});
export type AdjustBody = z.infer<typeof adjustBody>;
