import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { webhookResult } from '@chartroom/contracts/orders';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { parseIdField } from '../../lib/id-field.js';
import { toCents } from '../../lib/money.js';
import { checkStripeSignature, checkYooMoneySignature } from './payment-signatures.js';
import { confirmPayment } from './payments.service.js';

export interface WebhookSecrets {
  stripe: string | undefined;
  yoomoney: string | undefined;
  toleranceSeconds: number;
}

const tags = ['payments'];
const stripeEvent = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({
    object: z.object({
      amount_received: z.number().int().optional(),
      amount_total: z.number().int().nullable().optional(),
      currency: z.string().optional(),
      metadata: z.record(z.string(), z.string()).optional(),
    }),
  }),
});
const paidStripeEvents = new Set(['payment_intent.succeeded', 'checkout.session.completed']);

/**
 * Payment providers' notifications. Registered in their own scope: the raw body is what is signed,
 * so these routes keep it as text instead of the app-wide JSON parse.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ db: Db; secrets: WebhookSecrets }> = async (app, { db, secrets }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/app/v1/payments/stripe/webhook',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Stripe event endpoint (Stripe-Signature checked): payment_intent.succeeded or checkout.session.completed with metadata.orderId confirms a pre-order',
        body: z.string(),
        response: { 200: webhookResult, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      if (!secrets.stripe) throw new AppError('not_found', 'Stripe payments are not configured');
      const header = request.headers['stripe-signature'];
      const failure = checkStripeSignature({
        header: typeof header === 'string' ? header : undefined,
        rawBody: request.body,
        secret: secrets.stripe,
        toleranceSeconds: secrets.toleranceSeconds,
      });
      if (failure) throw new AppError('invalid_signature', `Refused: ${failure}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body);
      } catch {
        throw new AppError('bad_request', 'The event is not JSON');
      }
      const event = stripeEvent.safeParse(parsed);
      if (!event.success) throw new AppError('bad_request', 'The event is not a Stripe event');
      const object = event.data.data.object;
      const amount = object.amount_received ?? object.amount_total;
      // A payment that is not the portal's (no orderId) is acknowledged and left alone; an orderId
      // that is not an id is a 400 naming it.
      const rawOrderId = object.metadata?.orderId;
      if (!paidStripeEvents.has(event.data.type) || rawOrderId === undefined || amount == null || !object.currency) {
        return { received: true, orderId: null, status: null };
      }
      const orderId = parseIdField(rawOrderId, 'body.data.object.metadata.orderId', 'an order id');
      return confirmPayment(db, {
        provider: 'stripe',
        eventId: event.data.id,
        orderId,
        amountCents: BigInt(amount),
        currency: object.currency,
        ip: request.ip,
      });
    },
  );

  app.post(
    '/api/app/v1/payments/yoomoney/notification',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'YooMoney HTTP notification (sha1_hash checked): label = order id; the signed amount in RUB, credited (unaccepted=false, codepro=false), confirms a pre-order',
        body: z.string(),
        response: { 200: webhookResult, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      if (!secrets.yoomoney) throw new AppError('not_found', 'YooMoney payments are not configured');
      const fields = Object.fromEntries(new URLSearchParams(request.body));
      const failure = checkYooMoneySignature(fields, secrets.yoomoney);
      if (failure) throw new AppError('invalid_signature', `Refused: ${failure}`);
      // A transfer without a label is not the portal's; a label that is not an id is a 400 naming it.
      if (!fields.label) return { received: true, orderId: null, status: null };
      const orderId = parseIdField(fields.label, 'body.label', 'an order id');
      if (!fields.operation_id) return { received: true, orderId: null, status: null };
      // Only what sha1_hash covers is believed: the signed `amount` (what reached the wallet), never
      // `withdraw_amount`, which anyone may change. `unaccepted` is not signed either: a transfer
      // counts only when it says exactly "false", and every signed operation is recorded on first
      // sight, so a held transfer replayed with the flag flipped is a redelivery that changes nothing.
      const amount = fields.amount ?? '';
      return confirmPayment(db, {
        provider: 'yoomoney',
        eventId: fields.operation_id,
        orderId,
        amountCents: /^\d{1,12}(\.\d{1,2})?$/.test(amount) ? toCents(amount) : -1n,
        currency: fields.currency === '643' ? 'RUB' : 'not RUB',
        credited: fields.unaccepted === 'false' && fields.codepro === 'false',
        ip: request.ip,
      });
    },
  );
};
