import { createHmac } from 'node:crypto';
import type { JobHandler } from '../../jobs/runner.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { postToWebhook, type TargetPolicy } from './webhook-target.js';
import { findDeliveryWithEndpoint, markDeliveryDelivered, updateDelivery } from './webhooks.repository.js';

export const webhookDeliveryJobKind = 'webhook.deliver';
export const webhookMaxAttempts = 6;
const TIMEOUT_MS = 10_000;

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's
 * secret; the receiver recomputes it and refuses old timestamps (replays).
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** Posts one CloudEvent; a non-2xx answer or a network error throws, so the runner retries with backoff. */
export function webhookDeliveryJob(box: SecretBox, policy: TargetPolicy): JobHandler {
  return async (payload, { db, job }) => {
    const { deliveryId } = payload as { deliveryId: number };
    const found = await findDeliveryWithEndpoint(db, deliveryId);
    if (!found || found.delivery.state === 'delivered') return { skipped: true };
    const body = JSON.stringify(found.delivery.payload);
    const isLast = job.attempts >= job.maxAttempts;
    let status: number | null = null;
    try {
      // Resolved and checked again at each try (a public name may since point at a private address),
      // and the request goes to the address checked.
      status = await postToWebhook(found.endpoint.url, {
        headers: {
          'content-type': 'application/cloudevents+json; charset=utf-8',
          'webhook-id': found.delivery.eventId,
          'x-chartroom-signature': signWebhook(box.open(found.endpoint.secretSealed).toString('utf8'), body, Math.floor(Date.now() / 1000)),
        },
        body,
        timeoutMs: TIMEOUT_MS,
        policy,
      });
      if (status < 200 || status >= 300) throw new Error(`endpoint answered ${status}`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await updateDelivery(db, deliveryId, {
        attempts: job.attempts,
        lastStatus: status,
        lastError: reason.slice(0, 300),
        state: isLast ? 'failed' : 'pending',
      });
      throw err;
    }
    await markDeliveryDelivered(db, deliveryId, { attempts: job.attempts, lastStatus: status });
    return { status };
  };
}
