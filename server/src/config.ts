import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The environment, parsed once at boot by one schema; a bad value stops the start naming it.
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const bytes = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(12 * 3600),
  /** A response carries a `new-token` header once a token has less than this left. */
  TOKEN_RENEW_SECONDS: z.coerce.number().int().min(0).default(4 * 3600),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Chartroom <no-reply@chartroom.local>'),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().optional(),
  MAX_CHART_UPLOAD_BYTES: bytes.default(2 * 1024 ** 3),
  MAX_UPLOAD_BYTES: bytes.default(200 * 1024 ** 2),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  JOBS: bool.default(true),
  /** Behind a reverse proxy: trust its X-Forwarded-For for client addresses (rate limits, audit). */
  TRUST_PROXY: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Env & { dataDir: string; jwtSecret: string; webDist: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const values = { ...parsed.data, ...overrides };
  const dataDir = resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...values,
    dataDir,
    jwtSecret: values.JWT_SECRET ?? persistentSecret(dataDir),
    webDist: resolve(values.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

/** Without JWT_SECRET, a random secret is made once and kept in the data folder (0600). */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
