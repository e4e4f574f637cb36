import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { queueMail } from '../mail/mail.service.js';
import { composeUpdateMail, type UpdatedCell } from './update-mail.js';
import { webhookDeliveryJobKind, webhookMaxAttempts } from '../webhooks/webhook-delivery.job.js';
import { findGeocontentTitle, listCellHolders } from './update-notices.repository.js';
import { insertDelivery, listEndpointsOfDistributors } from '../webhooks/webhooks.repository.js';

export const cellsUpdatedJobKind = 'device-api.cells-updated';

export interface CellsUpdatedPayload {
  geocontentId: number;
  cells: UpdatedCell[];
}

/** Queued in ApplyEnc's own transaction: the notices exist exactly when the new cells do. */
export async function queueCellsUpdated(tx: DbOrTx, payload: CellsUpdatedPayload): Promise<void> {
  if (payload.cells.length > 0) await enqueueJob(tx, cellsUpdatedJobKind, payload, { maxAttempts: 5 });
}

/**
 * Tells each installation holding the changed cells: one e-mail per user (in their language) and a
 * signed CloudEvent per installation to the webhooks of each distributor it is under (its licence's
 * issuer and the agreements its user joined with it).
 */
export function cellsUpdatedJob(opts: { publicUrl: string }): JobHandler {
  return async (payload, { db }) => {
    const { geocontentId, cells } = payload as CellsUpdatedPayload;
    const holders = await listCellHolders(db, geocontentId);
    if (holders.length === 0) return { mails: 0, webhooks: 0 };
    const title = (await findGeocontentTitle(db, geocontentId)) ?? `#${geocontentId}`;
    return db.transaction(async (tx) => {
      const byUser = new Map(holders.map((h) => [h.userId, h]));
      for (const h of byUser.values()) {
        await queueMail(tx, composeUpdateMail({ to: h.email, locale: h.locale, geocontentTitle: title, cells, publicUrl: opts.publicUrl }));
      }
      const distributorsOf = (h: (typeof holders)[number]) =>
        new Set([...(h.distributorId === null ? [] : [h.distributorId]), ...h.agreementDistributorIds.map(Number)]);
      const endpoints = await listEndpointsOfDistributors(tx, [...new Set(holders.flatMap((h) => [...distributorsOf(h)]))]);
      let webhooks = 0;
      for (const h of holders) {
        const under = distributorsOf(h);
        for (const endpoint of endpoints.filter((e) => under.has(e.distributorId))) {
          const eventId = randomUUID();
          const event = {
            specversion: '1.0',
            id: eventId,
            source: `${opts.publicUrl}/api/app/v1`,
            type: 'com.chartroom.cells.updated',
            subject: `installations/${h.installationId}`,
            time: new Date().toISOString(),
            datacontenttype: 'application/json',
            data: {
              geocontentId,
              geocontentTitle: title,
              licenseId: h.licenseId,
              installationId: h.installationId,
              deviceId: h.deviceId,
              userId: h.userId,
              cells,
            },
          };
          const delivery = await insertDelivery(tx, { endpointId: endpoint.id, eventId, eventType: event.type, payload: event });
          await enqueueJob(tx, webhookDeliveryJobKind, { deliveryId: delivery.id }, { maxAttempts: webhookMaxAttempts });
          webhooks += 1;
        }
      }
      return { mails: byUser.size, webhooks };
    });
  };
}
