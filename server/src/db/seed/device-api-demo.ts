import type { SecretBox } from '../../lib/secret-box.js';
import { demoDeviceApplication, seedDeviceApplication } from '../../modules/device-api/device-apps.seed.js';
import { findDistributorByUser } from '../../modules/distributor-permits/permits.repository.js';
import { insertEndpoint } from '../../modules/device-api/webhooks.repository.js';
import type { DemoExtension } from './demo.js';

/**
 * Demo: mKart ECDIS (101) carries the IHO S-63 test kit's manufacturer (M_ID 10, M_KEY 10121), so a
 * tester makes a user permit for any HW_ID (`npx s63 userpermit --hwid 12345 --mkey 10121 --mid 10`) and redeems codes from
 * user@demo.test; the Demo Chart Agency has one webhook endpoint for its delivery log.
 */
export function seedDeviceApiDemo(box: SecretBox): DemoExtension {
  return async (db, accounts) => {
    await seedDeviceApplication(db, box, demoDeviceApplication);
    const agent = accounts['distributor@demo.test'];
    const agency = agent ? await findDistributorByUser(db, agent.id) : undefined;
    if (agency)
      await insertEndpoint(db, {
        distributorId: agency.id,
        url: 'http://127.0.0.1:9/chart-updates',
        secretSealed: box.seal('whsec_demo-agency-secret'),
      });
  };
}
