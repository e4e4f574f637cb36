import { z } from 'zod';
import { emailAddress, idParam, idValue, money, text } from './common.js';
import { limits, permitStatuses, platformIds, productLicenseTypes } from './constants.js';
import { installation, productFlags } from './users.js';

// Products, issued licences, distributor permits, devices and the audit log (spec §3, §4, §5, §7).

const id = idParam;

export const product = z.object({
  id: z.number().int(),
  gcid: z.number().int(),
  geoContentId: z.number().int(),
  licType: z.string(),
  isEnabled: z.boolean(),
  price: z.number().nullable(),
  ...productFlags,
});
export type Product = z.infer<typeof product>;

/** A product with where it comes from: the distributor's and the licence tables' view. */
export const productWithOrigin = product.extend({
  geoContent: z.object({ id: z.number().int(), title: z.string(), provider: z.object({ title: z.string() }) }),
});
export type ProductWithOrigin = z.infer<typeof productWithOrigin>;

const flagInputs = {
  enc: z.boolean().default(true),
  s102: z.boolean().default(false),
  poi: z.boolean().default(false),
  ntm: z.boolean().default(false),
  ais: z.boolean().default(false),
  weather: z.boolean().default(false),
  noaaWeather: z.boolean().default(false),
  navMsg: z.boolean().default(false),
};

/** `POST /api/providers/AddUpdateProduct`: create or change the product of one licence type. */
export const saveProductBody = z
  .object({
    id: idValue.optional(),
    gcid: idValue,
    licType: z.enum(productLicenseTypes),
    isEnabled: z.boolean().default(true),
    price: money.nullable().optional(),
    ...flagInputs,
  })
  .superRefine((v, ctx) => {
    if (v.licType === 'com' && (v.price === undefined || v.price === null)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'a com product needs a positive price' });
    }
  });
export type SaveProductBody = z.infer<typeof saveProductBody>;

export const gcidQuery = z.object({ gcid: id });

export const issuerTypes = ['publisher', 'distributor', 'iOS', 'Android'] as const;
export type IssuerType = (typeof issuerTypes)[number];

/** Issue payload of both the provider and the distributor form (spec §3 "Licence issue payload"). */
export const issueLicenseQuery = z.object({
  email: emailAddress,
  prodid: id,
  exp: z.coerce.number().int().min(1).max(1200).default(limits.defaultLicenseMonths),
  devnum: z.coerce.number().int().min(0).max(100_000).default(limits.defaultDeviceCount),
});
export type IssueLicenseQuery = z.infer<typeof issueLicenseQuery>;

/** Licence in the publisher's view (spec §3). */
export const publisherLicense = z.object({
  id: z.number().int(),
  license: z.object({
    issued: z.string(),
    expirationDate: z.string().nullable(),
    product: product,
    price: z.number().nullable(),
    deviceCount: z.number().int(),
    user: z.object({ id: z.number().int(), email: z.string() }),
    issuerType: z.enum(issuerTypes),
  }),
  issuer: z.object({ title: z.string() }),
});
export type PublisherLicense = z.infer<typeof publisherLicense>;

export const removeLicenseQuery = z.object({ prodid: id, userid: id });
export const removeLicenseResult = z.object({ removed: z.number().int() });

/** Issued licence in the distributor's view (spec §3). */
export const issuedLicense = z.object({
  id: z.number().int(),
  issued: z.string(),
  expirationDate: z.string().nullable(),
  deviceCount: z.number().int(),
  user: z.object({ email: z.string() }),
});
export type IssuedLicense = z.infer<typeof issuedLicense>;

export const permitStatus = z.enum(permitStatuses);
/** The provider's decisions; `pending` is only where a request starts. */
export const permitDecision = z.enum(['accepted', 'rejected', 'paused']);
export type { PermitDecision } from './policies/distributor-permits.policy.js';
/** Allowed provider moves: the rule lives in the distributor permits policy, where the server and the web read it. */
export { permitTransitions } from './policies/distributor-permits.policy.js';

/** Distributor permit (spec §3). */
export const distributorPermit = z.object({
  id: z.number().int(),
  status: permitStatus,
  product: productWithOrigin,
  distributor: z.object({ id: z.number().int(), title: z.string() }),
});
export type DistributorPermit = z.infer<typeof distributorPermit>;

export const changePermitQuery = z.object({ reqid: id, status: permitDecision });

export const attachInstallationBody = z.object({
  deviceId: text(128, { min: 1 }),
  platformId: z.coerce
    .number()
    .int()
    .refine((v) => (platformIds as readonly number[]).includes(v), { message: `one of ${platformIds.join(', ')}` }),
  applicationTypeId: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
});
export type AttachInstallationBody = z.infer<typeof attachInstallationBody>;
export const licenseParams = z.object({ id });
export const installationParams = z.object({ id, installationId: id });
export { installation };

/** Every action the audit log records (`recordAudit` takes only these; the web translates each). */
export const auditActions = [
  'agreement.create',
  'agreement.invitation-accept',
  'agreement.invitation-decline',
  'agreement.invite',
  'agreement.limit',
  'agreement.update',
  'agreement.user-add',
  'agreement.user-limit',
  'application-type.create',
  'application-type.rotate-keys',
  'application-type.update',
  'chart.apply',
  'chart.revert',
  'chart.s63-upload',
  'chart.upload',
  'deny',
  'device.download',
  'device.exchange-set',
  'device.license-file',
  'device.s100-exchange-set',
  'device.s100-user-permit',
  'distributor.member-add',
  'distributor.member-remove',
  'installation.attach',
  'installation.detach',
  'installation.swap',
  'ledger.adjustment',
  'ledger.refund',
  'ledger.top-up',
  'license-key.rotate',
  'license.issue',
  'license.remove',
  'nav-message.post',
  'nav-message.remove',
  'ntm.add',
  'ntm.remove',
  'order.cancel',
  'order.create',
  'order.owner-approve',
  'order.paid',
  'order.payment-ignored',
  'order.process',
  'permit.request',
  'permit.status',
  'poi.change',
  'poi.create',
  'poi.publish',
  'poi.remove',
  'product.create',
  'product.disable',
  'product.enable',
  'product.update',
  'raw-depth.add',
  'raw-depth.hide',
  'raw-depth.publish',
  'raw-depth.remove',
  's100.upload',
  'webhook.register',
  'webhook.remove',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ email: z.string() }).nullable(),
  subject: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The short product description of the cabinets: licence type plus ENC AIS NTM POI WTHR NMSG. */
export function describeProduct(p: { licType: string } & Record<'enc' | 'ais' | 'ntm' | 'poi' | 'weather' | 'navMsg', boolean>): string {
  const codes: [boolean, string][] = [
    [p.enc, 'ENC'],
    [p.ais, 'AIS'],
    [p.ntm, 'NTM'],
    [p.poi, 'POI'],
    [p.weather, 'WTHR'],
    [p.navMsg, 'NMSG'],
  ];
  return [p.licType, ...codes.filter(([on]) => on).map(([, code]) => code)].join(' ');
}
