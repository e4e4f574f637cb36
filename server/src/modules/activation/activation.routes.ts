import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateBody, activateResult } from '@chartroom/contracts/activation';
import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import { checkActivationTarget } from '../application-types/manufacturer-keys.js';
import { insertActivation } from './activation.repository.js';
import { describeGuard } from '../../plugins/route-guards.js';

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 characters of a 32-letter alphabet: 80 random bits, shown as XXXX-XXXX-XXXX-XXXX. */
export function generateActivationCode(): string {
  return [...randomBytes(16)].map((b) => codeAlphabet[b % 32]).join('');
}

export const activationRoutes: FastifyPluginAsyncZod<{ db: Db; perMinute: number }> = async (app, { db, perMinute }) => {
  app.post(
    '/api/installation/activate',
    {
      // Open to guests; a signed-in user's token makes the code (and the device it activates) theirs.
      onRequest: describeGuard(
        async function (this: typeof app, request: FastifyRequest, reply: FastifyReply) {
          if (request.headers.authorization) await app.authenticate.call(this, request, reply);
        },
        { scheme: 'bearer', optional: true },
      ),
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['devices'],
        summary: 'Activate a device: returns the activation code',
        description:
          'The first step of a navigation app (docs/devices.md). The code is made for this `deviceId` and this `applicationTypeId`: ' +
          '`POST /api/app/v1/activations/{code}/redeem` must send the same two, or it is refused (400 naming the field). ' +
          "Sent with the user's sign-in token (`Authorization: Bearer <JWT>`), the code is that user's: the redeemed device joins their licences, " +
          "and a redeem sent with another user's token gets 404. A code made without a token is redeemed with a sign-in token (401 without one) and becomes that user's. " +
          'No HW_ID is sent here: the device gives its S-63 user permit (28 hex characters: the HW_ID — 5 characters 0-9 and A-F, e.g. `1A2B3` — ' +
          "encrypted with the application's M_KEY, a CRC-32 and the M_ID) and/or its S-100 user permit at redeem. " +
          `The code expires ${activationCodeTtlHours} hours after it is made (\`expiresAt\`); a code never redeemed leaves no device in the user's installations. ` +
          'Example: `{"deviceId":"SHIP-1","applicationTypeId":101,"platformId":1}` → `{"id":"ABCDEFGHJKLMNPQR","expiresAt":"2026-11-28T12:00:00.000Z"}`.',
        body: activateBody,
        response: { 200: activateResult, 400: errorBody },
      },
    },
    async (request) => {
      const body = request.body;
      await checkActivationTarget(db, body);
      // A code is redeemed soon or never: it lasts a day, whatever the licence's months (issue 35).
      const expiresAt = new Date(Date.now() + activationCodeTtlHours * 3_600_000);
      const row = await insertActivation(db, {
        code: generateActivationCode(),
        deviceId: body.deviceId,
        applicationTypeId: body.applicationTypeId,
        platformId: body.platformId,
        durationMonths: body.durationMonths,
        userId: request.actor?.id ?? null,
        expiresAt,
      });
      return { id: row.code, expiresAt: row.expiresAt.toISOString() };
    },
  );
};
