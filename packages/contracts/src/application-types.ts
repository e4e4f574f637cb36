import { z } from 'zod';
import { text } from './common.js';
import { platformIds } from './constants.js';

// Application types (issue 35): the navigation apps devices activate with, registered by the portal's
// admin with their manufacturers' keys. A key goes in and never comes out: answers say only whether
// it is set, its M_ID, version and when it was set.

/** Activation application ids start at 100: below are the spec's agreement application ids (0, 1, 2, 10, 11). */
export const applicationTypeIdMin = 100;
export const applicationTypeIdMax = 99_999;

export const applicationTypeId = z.coerce
  .number({ message: 'a number' })
  .int('a whole number')
  .min(applicationTypeIdMin, `at least ${applicationTypeIdMin}`)
  .max(applicationTypeIdMax, `at most ${applicationTypeIdMax}`);

export const applicationTypeParams = z.object({ id: applicationTypeId });

const platformList = z
  .array(
    z
      .number({ message: 'a number' })
      .int()
      .refine((v) => (platformIds as readonly number[]).includes(v), { message: `one of ${platformIds.join(', ')}` }),
  )
  .min(1, 'at least one platform')
  .max(platformIds.length)
  .refine((v) => new Set(v).size === v.length, { message: 'each platform once' });

/** An S-63 manufacturer (S-63 Ed 1.2 §4.2): M_ID two printable characters, M_KEY five hexadecimal digits. */
export const s63ManufacturerKey = z.object({
  mId: z
    .string({ message: 'a text' })
    .trim()
    .regex(/^[\x20-\x7E]{2}$/, 'two printable characters (e.g. 10)'),
  mKey: z
    .string({ message: 'a text' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{5}$/, 'five hexadecimal digits (e.g. 10121)')),
});
export type S63ManufacturerKey = z.infer<typeof s63ManufacturerKey>;

/** An S-100 manufacturer (Part 15 15-7.3): M_ID six letters or digits, M_KEY 16 bytes as 32 hexadecimal digits. */
export const s100ManufacturerKey = z.object({
  mId: z
    .string({ message: 'a text' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{6}$/, 'six letters or digits (e.g. CR0101)')),
  mKey: z
    .string({ message: 'a text' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{32}$/, '32 hexadecimal digits (16 bytes)')),
});
export type S100ManufacturerKey = z.infer<typeof s100ManufacturerKey>;

export const createApplicationTypeBody = z.object({
  id: applicationTypeId,
  name: text(100, { min: 1 }),
  platforms: platformList,
  enabled: z.boolean().default(true),
  s63: s63ManufacturerKey.optional(),
  s100: s100ManufacturerKey.optional(),
});
export type CreateApplicationTypeBody = z.infer<typeof createApplicationTypeBody>;

export const updateApplicationTypeBody = z
  .object({ name: text(100, { min: 1 }).optional(), platforms: platformList.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.platforms !== undefined || v.enabled !== undefined, {
    message: 'nothing to change: name, platforms or enabled',
    path: ['name'],
  });
export type UpdateApplicationTypeBody = z.infer<typeof updateApplicationTypeBody>;

/** New keys for one or both standards; the keys they replace keep reading the permits of devices that redeemed with them. */
export const rotateApplicationTypeKeysBody = z
  .object({ s63: s63ManufacturerKey.optional(), s100: s100ManufacturerKey.optional() })
  .refine((v) => v.s63 !== undefined || v.s100 !== undefined, { message: 'a new S-63 key, S-100 key or both', path: ['s63'] });
export type RotateApplicationTypeKeysBody = z.infer<typeof rotateApplicationTypeKeysBody>;

/** What is known of a key without the key: its M_ID, version and when it was set. */
export const manufacturerKeyInfo = z.object({ mId: z.string(), version: z.number().int(), setAt: z.string() });
export type ManufacturerKeyInfo = z.infer<typeof manufacturerKeyInfo>;

export const applicationType = z.object({
  id: z.number().int(),
  name: z.string(),
  platforms: z.array(z.number().int()),
  enabled: z.boolean(),
  /** The S-63 manufacturer key in use; null when none is registered (S-63 user permits are refused). */
  s63: manufacturerKeyInfo.nullable(),
  /** The S-100 manufacturer key in use; null when none is registered. */
  s100: manufacturerKeyInfo.nullable(),
  /** Older key versions still read for the devices that redeemed with them. */
  retiredKeys: z.array(manufacturerKeyInfo.extend({ standard: z.enum(['s63', 's100']), retiredAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationType = z.infer<typeof applicationType>;
export const applicationTypeList = z.array(applicationType);

/** What the activation form offers (open to guests): the enabled types, their names and platforms. */
export const activatableApplicationType = applicationType.pick({ id: true, name: true, platforms: true });
export type ActivatableApplicationType = z.infer<typeof activatableApplicationType>;
export const activatableApplicationTypeList = z.array(activatableApplicationType);
