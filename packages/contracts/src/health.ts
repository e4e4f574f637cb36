import { z } from 'zod';

export const healthResult = z.object({ status: z.literal('ok') });
export const readyResult = z.object({ status: z.literal('ready'), database: z.string() });
