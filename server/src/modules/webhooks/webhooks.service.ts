import { randomBytes } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint } from '@chartroom/contracts/device-api';
import type { Db } from '../../db/client.js';
import type { WebhookEndpointRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findDistributorByUser } from '../distributor-permits/permits.repository.js';
import { resolveWebhookTarget, type TargetPolicy } from './webhook-target.js';
import { deleteEndpoint, insertEndpoint, listDeliveries, listEndpoints } from './webhooks.repository.js';

const MAX_ENDPOINTS = 10;

async function requireDistributor(db: Db, actor: Actor) {
  const distributor = await findDistributorByUser(db, actor.id);
  if (!distributor) throw notFound('distributor');
  return distributor;
}

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({ id: row.id, url: row.url, createdAt: row.createdAt.toISOString() });

export async function listWebhookEndpoints(opts: { db: Db; actor: Actor }): Promise<WebhookEndpoint[]> {
  const distributor = await requireDistributor(opts.db, opts.actor);
  return (await listEndpoints(opts.db, distributor.id)).map(toEndpoint);
}

/** Registers an endpoint; its signing secret is returned this once and kept sealed. */
export async function registerWebhookEndpoint(opts: {
  db: Db;
  box: SecretBox;
  actor: Actor;
  url: string;
  policy: TargetPolicy;
  ip: string | null;
}): Promise<WebhookEndpoint> {
  const distributor = await requireDistributor(opts.db, opts.actor);
  await resolveWebhookTarget(opts.url, opts.policy);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return opts.db.transaction(async (tx) => {
    if ((await listEndpoints(tx, distributor.id)).length >= MAX_ENDPOINTS) {
      throw new AppError('limit_exceeded', `A distributor can register up to ${MAX_ENDPOINTS} webhook endpoints`, {
        params: { limit: 'webhooks', max: MAX_ENDPOINTS },
      });
    }
    const row = await insertEndpoint(tx, { distributorId: distributor.id, url: opts.url, secretSealed: opts.box.seal(secret) });
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'webhook.register',
      geocontentId: null,
      subject: { distributorId: distributor.id, endpointId: row.id, url: row.url },
      ip: opts.ip,
    });
    return { ...toEndpoint(row), secret };
  });
}

export async function removeWebhookEndpoint(opts: { db: Db; actor: Actor; id: number; ip: string | null }): Promise<void> {
  const distributor = await requireDistributor(opts.db, opts.actor);
  await opts.db.transaction(async (tx) => {
    const row = await deleteEndpoint(tx, distributor.id, opts.id);
    if (!row) throw notFound('webhook_endpoint');
    await recordAudit(tx, {
      actor: opts.actor,
      action: 'webhook.remove',
      geocontentId: null,
      subject: { distributorId: distributor.id, endpointId: row.id, url: row.url },
      ip: opts.ip,
    });
  });
}

export async function listWebhookDeliveries(opts: { db: Db; actor: Actor }): Promise<WebhookDelivery[]> {
  const distributor = await requireDistributor(opts.db, opts.actor);
  return (await listDeliveries(opts.db, distributor.id, 200)).map(({ delivery: d, url }) => ({
    id: d.id,
    endpointId: d.endpointId,
    url,
    eventId: d.eventId,
    eventType: d.eventType,
    state: d.state as WebhookDelivery['state'],
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  }));
}
