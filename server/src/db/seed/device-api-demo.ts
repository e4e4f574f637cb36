import type { SecretBox } from '../../lib/secret-box.js';
import { demoDeviceApplications, seedDeviceApplication } from '../../modules/device-api/device-apps.seed.js';
import { findDistributorByUser } from '../../modules/distributor-permits/permits.repository.js';
import { insertEndpoint } from '../../modules/webhooks/webhooks.repository.js';
import type { DemoExtension } from './demo.js';

/**
 * Demo: mKart ECDIS (101) carries the IHO S-63 test kit's manufacturer (M_ID 10, M_KEY 10121), so a
 * tester makes a user permit for any HW_ID (`npx s63 userpermit --hwid 12345 --mkey 10121 --mid 10`) and redeems codes from
 * user@demo.test; dKart Navigator (102: M_ID 12, M_KEY A1B2C) and dKart Fishing (105: M_ID 15, M_KEY 5E5E5) likewise; the Demo Chart Agency has one webhook endpoint for its delivery log.
 */
export function seedDeviceApiDemo(box: SecretBox): DemoExtension {
  return async (db, accounts) => {
    for (const app of demoDeviceApplications) await seedDeviceApplication(db, box, app);
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
