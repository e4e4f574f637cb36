import { activationApplications } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { upsertDeviceApplication } from './device-api.repository.js';

/** Registers an application's S-63 manufacturer id and key (the key sealed). */
export async function seedDeviceApplication(
  db: DbOrTx,
  box: SecretBox,
  app: { applicationTypeId: number; mId: string; mKey: string; name?: string },
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
  });
}

/** The IHO S-63 test kit's manufacturer (M_ID 10, M_KEY 10121) as mKart ECDIS: any tester can simulate a device. */
export const demoDeviceApplication = { applicationTypeId: 101, mId: '10', mKey: '10121' } as const;
