import { z } from 'zod';
import { idParam } from './common.js';
import { applicationTypeId } from './application-types.js';
import { platformIds } from './constants.js';
import { entitledS100Dataset, s100UserPermit } from './s100.js';

// The device API (/api/app/v1): what navigation apps call with the token a redeemed code gives them.

const cellName = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/, 'an 8-character cell name'));

export const redeemParams = z.object({
  code: z
    .string()
    .transform((v) => v.replaceAll('-', '').trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z2-9]{16}$/, 'an activation code of 16 letters and digits (dashes allowed)')),
});

const s63UserPermit = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{28}$/, 'the 28 hexadecimal characters of the S-63 user permit'));

export const redeemBody = z
  .object({
    deviceId: z.string().trim().min(1, 'device code is required').max(128),
    platformId: z.coerce
      .number()
      .int()
      .refine((v) => (platformIds as readonly number[]).includes(v), { message: `one of ${platformIds.join(', ')}` }),
    // Any registered application type (issue 35); the server checks it is registered and enabled.
    applicationTypeId,
    /** The S-63 user permit (28 hex); at least one of it and `s100UserPermit`. */
    userPermit: s63UserPermit.optional(),
    /** The S-100 user permit (Part 15, 46 characters). */
    s100UserPermit: s100UserPermit.optional(),
    licenseId: idParam.optional(),
  })
  .refine((v) => v.userPermit !== undefined || v.s100UserPermit !== undefined, {
    message: 'a user permit is required: userPermit (S-63), s100UserPermit (S-100) or both',
    path: ['userPermit'],
  });
export type RedeemBody = z.infer<typeof redeemBody>;

export const redeemResult = z.object({
  /** Bearer token for /api/app/v1, scoped to this device's installations. Shown once. */
  token: z.string(),
  /** The first installation (licence slot) the device was attached to. */
  installationId: z.number().int(),
  installationIds: z.array(z.number().int()),
  licenseIds: z.array(z.number().int()),
  /** The S-63 HW_ID (null without an S-63 user permit). */
  hwId: z.string().nullable(),
  /** The S-100 HW_ID, 32 hex (null without an S-100 user permit). */
  s100HwId: z.string().nullable(),
  deviceId: z.string(),
});
export type RedeemResult = z.infer<typeof redeemResult>;

export const entitledCell = z.object({
  name: z.string(),
  edition: z.number().int(),
  update: z.number().int(),
  /** YYYY-MM-DD */
  issueDate: z.string().nullable(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  band: z.number().int().nullable(),
});
export type EntitledCell = z.infer<typeof entitledCell>;

/**
 * The other kinds of data a licence's product may switch on (issue 35), each with the version a
 * device compares: an NTM document (`ntm` flag), a POI release (`poi`), a navigation message
 * (`navMsg`) and a published raw depth file (`s102`: raw soundings go with the bathymetry).
 */
export const entitledNtm = z.object({
  id: z.number().int(),
  geocontentId: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  description: z.string().nullable(),
  /** When it was added (ISO): an NTM document never changes, a new one gets a new id. */
  addDate: z.string(),
});
export type EntitledNtm = z.infer<typeof entitledNtm>;

export const entitledPoiRelease = z.object({
  id: z.number().int(),
  geocontentId: z.number().int(),
  itemsCount: z.number().int(),
  /** When it was published (ISO): a release is frozen, the next one gets a new id. */
  timestamp: z.string(),
});
export type EntitledPoiRelease = z.infer<typeof entitledPoiRelease>;

export const entitledNavMessage = z.object({
  id: z.number().int(),
  geocontentId: z.number().int(),
  text: z.string(),
  lat: z.number(),
  lng: z.number(),
  createdAt: z.string(),
  /** Its pictures: download each at /api/app/v1/nav-messages/images/{id}. */
  images: z.array(z.object({ id: z.number().int(), mimetype: z.string(), size: z.number().int() })),
});
export type EntitledNavMessage = z.infer<typeof entitledNavMessage>;

export const entitledRawDepthFile = z.object({
  id: z.number().int(),
  geocontentId: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  description: z.string().nullable(),
  /** When the file was uploaded (ISO). */
  timestamp: z.string(),
});
export type EntitledRawDepthFile = z.infer<typeof entitledRawDepthFile>;

/** What a device is licensed for besides cells and S-100 datasets (in entitlements and update checks). */
export const entitledData = z.object({
  ntms: z.array(entitledNtm),
  poiReleases: z.array(entitledPoiRelease),
  navMessages: z.array(entitledNavMessage),
  rawDepthFiles: z.array(entitledRawDepthFile),
});
export type EntitledData = z.infer<typeof entitledData>;

export const entitlements = z.object({
  installationId: z.number().int(),
  installationIds: z.array(z.number().int()),
  deviceId: z.string(),
  hwId: z.string().nullable(),
  s100HwId: z.string().nullable(),
  products: z.array(
    z.object({
      licenseId: z.number().int(),
      productId: z.number().int(),
      geocontentId: z.number().int(),
      title: z.string(),
      licType: z.string(),
      expiresAt: z.string().nullable(),
    }),
  ),
  /** The latest licence expiry (null: one licence never expires). */
  expiresAt: z.string().nullable(),
  cells: z.array(entitledCell),
  /** The S-100 datasets of the same products (S-101, S-102, S-104, S-111). */
  s100Datasets: z.array(entitledS100Dataset),
  /** NTM documents of the products with `ntm` switched on; download each at /api/app/v1/ntm/{id}. */
  ntms: entitledData.shape.ntms,
  /** POI releases of the products with `poi` on; download at /api/app/v1/poi-releases/{id}. */
  poiReleases: entitledData.shape.poiReleases,
  /** Navigation messages of the products with `navMsg` on (also at /api/app/v1/nav-messages). */
  navMessages: entitledData.shape.navMessages,
  /** Published raw depth files of the products with `s102` on; download at /api/app/v1/raw-depth/{id}. */
  rawDepthFiles: entitledData.shape.rawDepthFiles,
  serverTime: z.string(),
});
export type Entitlements = z.infer<typeof entitlements>;

export const productVersion = z.object({ name: cellName, edition: z.number().int().min(0), update: z.number().int().min(0) });

export const exchangeSetBody = z.union([
  z.object({ productVersions: z.array(productVersion).max(20000) }).strict(),
  z.object({ sinceDateTime: z.iso.datetime({ offset: true }) }).strict(),
]);
export type ExchangeSetBody = z.infer<typeof exchangeSetBody>;

export const notIncludedReasons = ['not_licensed', 'cancelled', 'unknown'] as const;

export const exchangeSetResult = z.object({
  id: z.string(),
  /** Where to download the zip (GET, with the same token; Range supported). */
  url: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  serverTime: z.string(),
  cells: z.array(z.object({ name: z.string(), edition: z.number().int(), files: z.array(z.string()) })),
  notIncluded: z.array(z.object({ name: z.string(), reason: z.enum(notIncludedReasons) })),
});
export type ExchangeSetResult = z.infer<typeof exchangeSetResult>;

export const exchangeSetParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'an exchange set id') });

export const jwks = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      kid: z.string(),
      x: z.string(),
      use: z.literal('sig'),
      alg: z.literal('EdDSA'),
    }),
  ),
});
export type Jwks = z.infer<typeof jwks>;

/** A licence-file signing key as the portal's operator sees it (never the private half). */
export const signingKeyInfo = z.object({
  kid: z.string(),
  createdAt: z.string(),
  /** When it stopped signing; null for the key in use. */
  retiredAt: z.string().nullable(),
  /** When it leaves the JWKS (every file it signed has passed its time-to-live); null while in use. */
  expiresAt: z.string().nullable(),
  published: z.boolean(),
});
export type SigningKeyInfo = z.infer<typeof signingKeyInfo>;
export const signingKeyList = z.array(signingKeyInfo);
export const signingKeyRotation = z.object({ kid: z.string(), retired: z.array(z.string()) });

export const updatesQuery = z.object({ since: z.iso.datetime({ offset: true }).optional() });
export const updatesResult = z.object({
  serverTime: z.string(),
  cells: z.array(entitledCell),
  /** What else changed since `since` (every item without it), as in entitlements; this server always sends them. */
  ntms: entitledData.shape.ntms.optional(),
  poiReleases: entitledData.shape.poiReleases.optional(),
  navMessages: entitledData.shape.navMessages.optional(),
  rawDepthFiles: entitledData.shape.rawDepthFiles.optional(),
});

/** `GET /api/app/v1/ntm/{id}`, `/poi-releases/{id}`, `/raw-depth/{id}`. */
export const deviceDataParams = z.object({ id: idParam });
export const deviceNavMessagesQuery = updatesQuery;
export const deviceNavMessages = z.object({ serverTime: z.string(), navMessages: entitledData.shape.navMessages });
export type DeviceNavMessages = z.infer<typeof deviceNavMessages>;
export type UpdatesResult = z.infer<typeof updatesResult>;

export const appSwapBody = z
  .object({
    deviceId: z.string().trim().min(1).max(128),
    platformId: redeemBody.shape.platformId,
    /** The new device's S-63 and S-100 user permits: at least one, as for a redeem. */
    userPermit: s63UserPermit.optional(),
    s100UserPermit: s100UserPermit.optional(),
  })
  .refine((v) => v.userPermit !== undefined || v.s100UserPermit !== undefined, {
    message: 'a user permit is required: userPermit (S-63), s100UserPermit (S-100) or both',
    path: ['userPermit'],
  });
export type AppSwapBody = z.infer<typeof appSwapBody>;

export const swapResult = z.object({
  /** The freed installation(s), now revoked. */
  revokedInstallationIds: z.array(z.number().int()),
  swapsLeft: z.number().int(),
  /** For a swap made by the app: the new device's token and installations. */
  token: z.string().optional(),
  installationIds: z.array(z.number().int()).optional(),
});
export type SwapResult = z.infer<typeof swapResult>;

export const webhookEndpointBody = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
});
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  /** Shown once, when the endpoint is registered. */
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookParams = z.object({ id: idParam });
