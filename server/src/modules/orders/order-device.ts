import type { CreateOrderBody, Order } from '@chartroom/contracts/orders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { actorFromUser, type Actor } from '../../plugins/auth.js';
import {
  findInstallationWithOwner,
  findUserInstallation,
  findUserInstallationByDevice,
  syncUserInstallations,
} from '../agreements/installations.repository.js';
import { deviceAuthenticator, type DeviceContext } from '../device-api/device-context.js';
import { readDeviceToken } from '../device-api/device-token.js';
import { findUserById } from '../users/users.repository.js';

// One installation id (issue 35, decision "one installation id"): the app's order calls take the
// device token as well as the user's sign-in token, and name the device by the id redeem gave
// (`deviceInstallationId`) or, as before, by the account's device record (`installationId`).

/**
 * onRequest hook of the app's order calls: a device token (the device's user acts, and the device
 * is kept in `request.device`), else a signed-in user.
 */
export function deviceOrUser(app: FastifyInstance, db: Db) {
  const asUser = app.requireRole('user');
  const asDevice = deviceAuthenticator(db);
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (!readDeviceToken(request.headers.authorization)) return asUser.call(this, request, reply);
    await asDevice(request);
    const user = await findUserById(db, request.device!.registration.userId);
    if (!user) throw new AppError('unauthorized', 'This device token is not valid (revoked or replaced): activate the device again');
    request.actor = actorFromUser(user);
  };
}

/** The device of a request that came with a device token (deviceOrUser); null for a signed-in user. */
export function requestDevice(request: FastifyRequest): DeviceContext | null {
  return request.device ?? null;
}

/**
 * The account's record of the device an order names (`installationId` of the order as placed):
 * - `deviceInstallationId`: an installation on one of the user's licences (the id redeem gave); a
 *   device token may name only its own (403), a user only their own (404);
 * - `installationId`: the record itself (GET /api/app/v1/installations `id`); a device token may
 *   name only its own device's (403);
 * - neither: with a device token its own device; else 400 naming `installationId`.
 */
export async function resolveOrderInstallation(
  db: Db,
  actor: Actor,
  device: DeviceContext | null,
  body: Pick<CreateOrderBody, 'installationId' | 'deviceInstallationId'>,
): Promise<number> {
  const notOwn = () => forbidden('A device token orders only for its own installation');
  if (body.deviceInstallationId !== undefined) {
    const installation = await findInstallationWithOwner(db, body.deviceInstallationId);
    if (device && !device.installationIds.includes(body.deviceInstallationId)) throw notOwn();
    if (!installation || installation.userId !== actor.id) throw notFound('installation');
    return recordOf(db, actor.id, installation.deviceId);
  }
  if (body.installationId !== undefined) {
    if (!device) return body.installationId;
    let record = await findUserInstallation(db, actor.id, body.installationId);
    if (!record) {
      await syncUserInstallations(db, actor.id);
      record = await findUserInstallation(db, actor.id, body.installationId);
    }
    if (!record || record.deviceId !== device.registration.deviceId) throw notOwn();
    return record.id;
  }
  if (device) return recordOf(db, actor.id, device.registration.deviceId);
  const message = 'name the device: installationId (GET /api/app/v1/installations id) or deviceInstallationId (the id redeem gave)';
  throw new AppError('validation', message, [{ path: 'body.installationId', message }]);
}

async function recordOf(db: Db, userId: number, deviceId: string): Promise<number> {
  const found = await findUserInstallationByDevice(db, userId, deviceId);
  if (found) return found.id;
  await syncUserInstallations(db, userId);
  const synced = await findUserInstallationByDevice(db, userId, deviceId);
  if (!synced) throw notFound('installation');
  return synced.id;
}

/** A device token reads the orders of its own device only (404 for the user's other devices' orders). */
export function ownOrderFor(device: DeviceContext | null, found: Order): Order {
  if (device && found.device.deviceId !== device.registration.deviceId) throw notFound('order');
  return found;
}
