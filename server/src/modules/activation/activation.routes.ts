import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateBody, activateResult } from '@chartroom/contracts/activation';
import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import { errorBody } from '@chartroom/contracts/errors';
import type { Db } from '../../db/client.js';
import { activations } from '../../db/schema/index.js';
import { checkActivationTarget } from '../application-types/manufacturer-keys.js';

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
      onRequest: async function (request, reply) {
        if (request.headers.authorization) await app.authenticate.call(this, request, reply);
      },
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['devices'],
        summary: 'Activate a device: returns the activation code',
        description:
          `The code (\`id\`) is redeemed on the device (POST /api/app/v1/activations/{code}/redeem) with the same \`deviceId\` and \`applicationTypeId\`. ` +
          `It expires ${activationCodeTtlHours} hours after it is made (\`expiresAt\`); a code never redeemed leaves no device in the user's installations. ` +
          "Sent signed in, the code is the user's; sent as a guest, whoever redeems it signed in makes it theirs. `durationMonths` is kept with the code.",
        body: activateBody,
        response: { 200: activateResult, 400: errorBody },
      },
    },
    async (request) => {
      const body = request.body;
      await checkActivationTarget(db, body);
      // A code is redeemed soon or never: it lasts a day, whatever the licence's months (issue 35).
      const expiresAt = new Date(Date.now() + activationCodeTtlHours * 3_600_000);
      const [row] = await db
        .insert(activations)
        .values({
          code: generateActivationCode(),
          deviceId: body.deviceId,
          applicationTypeId: body.applicationTypeId,
          platformId: body.platformId,
          durationMonths: body.durationMonths,
          userId: request.actor?.id ?? null,
          expiresAt,
        })
        .returning();
      return { id: row!.code, expiresAt: row!.expiresAt.toISOString() };
    },
  );
};
