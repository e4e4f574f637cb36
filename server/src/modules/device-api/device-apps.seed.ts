import { activationApplications } from '@chartroom/contracts/constants';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { ensureApplicationType } from '../application-types/application-types.service.js';

/** Registers an application's S-63 (and S-100, when given) manufacturer id and key (the keys sealed). */
export async function seedDeviceApplication(
  db: Db,
  box: SecretBox,
  app: { applicationTypeId: number; mId: string; mKey: string; name?: string; s100MId?: string; s100MKey?: string },
) {
  const name =
    app.name ??
    activationApplications[app.applicationTypeId as keyof typeof activationApplications] ??
    `application ${app.applicationTypeId}`;
  await ensureApplicationType(db, box, {
    id: app.applicationTypeId,
    name,
    s63: { mId: app.mId, mKey: app.mKey },
    ...(app.s100MId && app.s100MKey ? { s100: { mId: app.s100MId, mKey: app.s100MKey } } : {}),
  });
}

/**
 * The IHO S-63 test kit's manufacturer (M_ID 10, M_KEY 10121) as mKart ECDIS, and an S-100
 * manufacturer of the portal's own (M_ID CR0101): any tester can simulate a device with either.
 */
export const demoDeviceApplication = {
  applicationTypeId: 101,
  mId: '10',
  mKey: '10121',
  s100MId: 'CR0101',
  s100MKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5',
} as const;

/** The demo's other two apps (issue 35), so their codes redeem too: dKart Navigator and dKart Fishing. */
export const demoDeviceApplications = [
  demoDeviceApplication,
  {
    applicationTypeId: 102,
    mId: '12',
    mKey: 'A1B2C',
    s100MId: 'CR0102',
    s100MKey: 'D0A1B2C3D4E5F60718293A4B5C6D7E8F',
  },
  {
    applicationTypeId: 105,
    mId: '15',
    mKey: '5E5E5',
    s100MId: 'CR0105',
    s100MKey: '5E5E5E5E00112233445566778899AABB',
  },
] as const;
