import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { customProductRoutes } from '../custom-products/custom-products.routes.js';
import { deviceRoutes } from '../devices/devices.routes.js';
import { permitRoutes } from '../distributor-permits/distributor-permits.routes.js';
import { productRoutes } from '../products/products.routes.js';
import { licenseRoutes } from './licenses.routes.js';

/** Every licensing route: products, licences, devices, distributor permits, custom products, audit. */
export const licensingRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  await app.register(productRoutes, { db });
  await app.register(licenseRoutes, { db, publicUrl });
  await app.register(deviceRoutes, { db, detachPerMinute: 30 });
  await app.register(permitRoutes, { db, publicUrl });
  await app.register(customProductRoutes, { db, publicUrl });
  await app.register(auditRoutes, { db });
};
