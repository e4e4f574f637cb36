import { activationApplications } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { upsertDeviceApplication } from './device-api.repository.js';

/** Registers an application's S-63 (and S-100, when given) manufacturer id and key (the keys sealed). */
export async function seedDeviceApplication(
  db: DbOrTx,
  box: SecretBox,
  app: { applicationTypeId: number; mId: string; mKey: string; name?: string; s100MId?: string; s100MKey?: string },
) {
  const name =
    app.name ??
    activationApplications[app.applicationTypeId as keyof typeof activationApplications] ??
    `application ${app.applicationTypeId}`;
  await upsertDeviceApplication(db, {
    applicationTypeId: app.applicationTypeId,
    name,
    mId: app.mId,
    mKeySealed: box.seal(app.mKey.toUpperCase()),
    s100MId: app.s100MId ?? null,
    s100MKeySealed: app.s100MKey ? box.seal(app.s100MKey.toUpperCase()) : null,
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
