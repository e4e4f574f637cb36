import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseS3Url, type S3Location } from './storage/s3-url.js';

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
  /** Connections each process keeps to PostgreSQL (DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /** A response carries a `new-token` header once a token has less than this left. */
  TOKEN_RENEW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(4 * 3600),
  /** No renewal carries a session past this many seconds from its sign-in. */
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Chartroom <no-reply@chartroom.local>'),
  /** Links in mail; by default http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().optional(),
  MAX_CHART_UPLOAD_BYTES: bytes.default(2 * 1024 ** 3),
  MAX_UPLOAD_BYTES: bytes.default(200 * 1024 ** 2),
  /** Uncompressed bytes one zipped upload may unpack to, and one user's open staged uploads together. */
  MAX_UNZIPPED_BYTES: bytes.default(2 * 1024 ** 3),
  MAX_UNZIPPED_BYTES_PER_USER: bytes.default(10 * 1024 ** 3),
  /** One zip entry's largest uncompressed size (an S-57 cell is at most 5 MB), entries per zip, ratio. */
  MAX_ZIP_ENTRY_BYTES: bytes.default(64 * 1024 ** 2),
  MAX_ZIP_ENTRIES: z.coerce.number().int().positive().default(10_000),
  MAX_ZIP_RATIO: z.coerce.number().int().min(2).default(100),
  /** A whole request (headers and body) must arrive within this; a connection silent this long is closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(3600),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
  /** A staged chart upload neither applied nor reverted is removed with its files after this. */
  STAGED_UPLOAD_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** true: web and jobs (one process); false: web only; only: jobs only, no web (`npm run worker`). */
  JOBS: z
    .enum(['true', 'false', '1', '0', 'only'])
    .default('true')
    .transform((v) => (v === 'only' ? ('only' as const) : v === 'true' || v === '1')),
  /** Blobs in an S3-compatible store instead of DATA_DIR/blobs: http(s)://ACCESS_KEY:SECRET@host:port/bucket (path-style). */
  S3_URL: z.string().optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  /** How long a presigned download link (NTM PDFs, raw depth files on S3) stays valid. */
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** On S3: answer NTM PDF and raw depth downloads with a redirect to a presigned URL (needs CORS on the bucket). */
  S3_REDIRECT_DOWNLOADS: bool.default(false),
  /** Memory for the chart map's made tiles, S-102 grids and opened tile packs (least recently used dropped first). */
  TILE_CACHE_MB: z.coerce.number().int().min(16).default(512),
  /** Worker threads that make map tiles (decision 0031); default: the cores less one, 2 to 4. */
  TILE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  /**
   * Map tiles per minute and process, per map task and per client address: a full-screen map asks
   * for 20–60 tiles a view, a fast pan a few hundred a minute; a scraper is stopped (decision 0012).
   */
  TILES_PER_MINUTE_PER_TASK: z.coerce.number().int().positive().default(3000),
  TILES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(6000),
  /** Behind a reverse proxy: trust its X-Forwarded-For for client addresses (rate limits, audit). */
  TRUST_PROXY: bool.default(false),
  /** Stripe's endpoint signing secret (whsec_…): without it, card orders by Stripe are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** YooMoney's notification secret: without it, YooMoney orders are refused. */
  YOOMONEY_NOTIFICATION_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /** How far a signed webhook's timestamp may be from now (Stripe's default is 300 s). */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** 32 bytes (base64) sealing secrets at rest (M_KEYs, cell keys, signing keys); generated into DATA_DIR when absent. */
  DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** The two-character S-63 data server id written into PERMIT.TXT and SERIAL.ENC. */
  S63_DATA_SERVER_ID: z
    .string()
    .regex(/^[A-Z0-9]{2}$/, 'must be 2 upper-case letters or digits')
    .default('CR'),
  /** PEM DSA private key of the data server, and its SA-signed certificate (S-63 text form); generated when absent. */
  S63_DS_KEY_FILE: z.string().optional(),
  S63_DS_CERT_FILE: z.string().optional(),
  /** The S-63 Scheme Administrator's public key (IHO.PUB text form or PEM) that signed S63_DS_CERT_FILE, served to apps. */
  S63_SA_PUBLIC_KEY_FILE: z.string().optional(),
  /**
   * S-100 Part 15: the scheme administrator's certificate (PEM), and the data server's certificate it
   * issued with its P-384 key (PEM). All three, or none: then a test scheme administrator and data
   * server certificate are made once into DATA_DIR (the keys sealed in the database).
   */
  S100_SA_CERT_FILE: z.string().optional(),
  S100_DS_CERT_FILE: z.string().optional(),
  S100_DS_KEY_FILE: z.string().optional(),
  /** The data server's name in S-100 PERMIT.XML and CATALOG.XML (its identifier is S63_DATA_SERVER_ID). */
  S100_DATA_SERVER_NAME: z.string().trim().min(1).max(100).default('Chartroom'),
  DEVICE_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Code redemptions per address and minute (guessing codes is the attack). */
  DEVICE_REDEEMS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Activation codes made per address and minute. */
  DEVICE_ACTIVATIONS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Route checks (POST /api/user/route-check) per signed-in session and minute: each reads every chart near the route. */
  ROUTE_CHECKS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  DEVICE_SWAPS_PER_LICENSE: z.coerce.number().int().min(0).default(3),
  DEVICE_SWAP_PERIOD_DAYS: z.coerce.number().int().positive().default(30),
  /** Let webhooks call loopback and private addresses (development and tests only). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** How long an app may work offline on a licence file before it must check in. */
  LICENSE_FILE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 86400),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Omit<Env, 'PUBLIC_URL' | 'S3_URL'> & {
  PUBLIC_URL: string;
  dataDir: string;
  webDist: string;
  dataKey: Buffer;
  /** The S3 store when S3_URL is set, else null (blobs on the local disk). */
  s3: S3Location | null;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const { S3_URL, ...values } = { ...parsed.data, ...overrides };
  const s3 = S3_URL ? parseS3Url(S3_URL, values.S3_REGION) : null;
  // The reason never repeats the URL: it holds the secret.
  if (typeof s3 === 'string') throw new ConfigError(`Invalid configuration: S3_URL: ${s3}`);
  const dataDir = resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    ...values,
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir,
    s3,
    dataKey: values.DATA_KEY ? Buffer.from(values.DATA_KEY, 'base64') : persistentDataKey(dataDir),
    webDist: resolve(values.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

/** Without DATA_KEY, a random 256-bit key is made once and kept in the data folder (0600). */
function persistentDataKey(dataDir: string): Buffer {
  const file = join(dataDir, 'data-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
