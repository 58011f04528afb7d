import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SHOP_NAME } from '#contract';

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A few browsers' worth of kept-alive connections (six each), a tenth of MAX_CONNECTIONS' default. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 50;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The embedded database's shared buffers: resident memory of the process, so kept small (issue 30). */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** `readable`: one line a person reads per request and event; `json`: pino's JSON lines; `auto`: readable on a terminal. */
  LOG_FORMAT: z.enum(['auto', 'readable', 'json']).default('auto'),
  /** Requests a client address may make per minute, across the whole API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  /** Pages (the web app's HTML, rendered on the server) a client address may load per minute. */
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Sign-ups (accounts asked for, taken emails too) a client address may make per hour. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Origins allowed to call the API from a browser (comma-separated); same-origin always works. */
  CORS_ORIGINS: z.string().default(''),
  /** Set when a reverse proxy sits in front, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  /** The built web app to serve (npm start builds it there). */
  WEB_ROOT: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  /** A request's headers must have arrived within this (slow-header attacks). */
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  /** A whole request, headers and body, must have arrived within this (stalled or dripped bodies). */
  REQUEST_TIMEOUT_MS: milliseconds(60_000),
  /** A request body that stops arriving for this long is answered 408 and closed; shorter than the idle timeout. */
  BODY_TIMEOUT_MS: milliseconds(10_000),
  /** A connection with no traffic either way, before or during a request, is closed after this. */
  IDLE_TIMEOUT_MS: milliseconds(30_000),
  /** How long a kept-alive connection waits for its next request; longer than a load balancer's usual 60 s. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  /** Connections one process holds open at once; more are closed as they arrive. */
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(500),
  /**
   * Connections one client address may hold at once; more are closed as they
   * arrive. Unset: 50, or no bound behind a trusted proxy (every connection
   * comes from the proxy, which bounds its clients itself).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  /** argon2id cost: OWASP's (D14) always, except `test`, which only test runs may choose. */
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  /** The mail server (smtp://user:pass@host:587, smtps:// for TLS); without it every email is held in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every email. */
  MAIL_FROM: z.string().min(3).default(`${SHOP_NAME} <no-reply@localhost>`),
  /** The shop's address as shoppers reach it: links in emails, the sitemap, robots.txt; http://localhost:PORT when unset. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** The mail worker looks for due messages this often. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** How long a worker's claim on a message lasts; after it another process may send it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(300_000),
  /** The first retry waits this long; each next one twice as long. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
  /** Attempts before a message is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Memory for the catalogue read cache, per process, in MiB; 0 turns it off (decision 026). */
  CATALOGUE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** 'strict' (no answer after a commit shows the old catalogue) or 'notify' (LISTEN alone; decision 026). */
  CATALOGUE_CONSISTENCY: z.enum(['strict', 'notify']).default('strict'),
  /** MiB of design images one address may upload as a guest in a day (decision 031); past it, 429. */
  DESIGN_UPLOAD_GUEST_MB_PER_DAY: z.coerce.number().positive().max(2000).default(50),
  /** MiB stored for all guests' design uploads no design has claimed yet; while full, 503 (decision 031). */
  DESIGN_UPLOAD_GUEST_UNCLAIMED_MB: z.coerce.number().positive().default(1024),
  /** Where backups are written (decision 034); outside DATA_DIR, so losing one folder never loses both. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** A backup is made this often, in hours (fractions allowed); 0 turns scheduled backups off. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** Backups kept; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Razorpay's key id (rzp_test_… or rzp_live_…); with its secret, shoppers pay through Razorpay. */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id: rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  /** The secret set on the shop's webhook in Razorpay's dashboard. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Razorpay's API; tests and development point it at a local stand-in. */
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.razorpay.com'),
  /** Razorpay Checkout's script, loaded by the browser where the shopper pays. */
  RAZORPAY_CHECKOUT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Minutes an online order waits for its payment before the sweep settles it (fractions allowed: a test shop's 0.5 is 30 s). */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().positive().max(1440).default(30),
  /** The sweep of unpaid online orders runs this often, in every process. */
  PAYMENT_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /** The sweep that closes group orders past their deadline (issue 29) runs this often, in every process. */
  GROUP_ORDER_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
});

// Node refuses a headers timeout longer than the request timeout.
const ConsistentEnvSchema = EnvSchema.refine(
  (vars) => vars.HEADERS_TIMEOUT_MS <= vars.REQUEST_TIMEOUT_MS,
  { path: ['HEADERS_TIMEOUT_MS'], message: 'must not be longer than REQUEST_TIMEOUT_MS' },
)
  .refine((vars) => vars.PASSWORD_HASH_COST === 'owasp' || vars.NODE_ENV === 'test', {
    path: ['PASSWORD_HASH_COST'],
    message: 'test is for test runs only (NODE_ENV=test); a shop hashes at OWASP cost',
  })
  .refine(
    (vars) => (vars.RAZORPAY_KEY_ID === undefined) === (vars.RAZORPAY_KEY_SECRET === undefined),
    {
      path: ['RAZORPAY_KEY_SECRET'],
      message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set together, or neither',
    },
  )
  .refine(
    (vars) => vars.RAZORPAY_KEY_ID === undefined || vars.RAZORPAY_WEBHOOK_SECRET !== undefined,
    {
      path: ['RAZORPAY_WEBHOOK_SECRET'],
      message:
        'is needed with RAZORPAY_KEY_ID: payments the browser never reports arrive by webhook',
    },
  )
  .refine((vars) => !isInside(resolve(vars.BACKUP_DIR), resolve(vars.DATA_DIR)), {
    path: ['BACKUP_DIR'],
    message: 'must be outside DATA_DIR (a restore --force empties DATA_DIR)',
  });

function isInside(path: string, folder: string): boolean {
  const relativePath = relative(folder, path);
  return relativePath === '' || (!relativePath.startsWith('..') && !isAbsolute(relativePath));
}

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgliteSharedBuffersMb: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
  rateLimitPerMinute: number;
  pageRateLimitPerMinute: number;
  signupLimitPerHour: number;
  corsOrigins: string[];
  trustProxy: boolean;
  /** The shop's public origin, without a trailing slash. */
  publicUrl: string;
  webRoot: string;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** Undefined: no bound per address. */
  maxConnectionsPerAddress: number | undefined;
  passwordHashCost: 'owasp' | 'test';
  mail: MailConfig;
  catalogueCache: { maxBytes: number; consistency: 'strict' | 'notify' };
  guestUploads: { bytesPerAddressPerDay: number; unclaimedBytes: number };
  backups: BackupConfig;
  payments: PaymentsConfig;
  /** How often each process sweeps group orders past their deadline (decision 060). */
  groupOrderSweepMs: number;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
}

export interface PaymentsConfig {
  /** Undefined: the built-in test gateway takes payments, and no money moves. */
  razorpay: RazorpayConfig | undefined;
  paymentWindowMs: number;
  /** How often each process sweeps unpaid online orders (every minute unless a test shop asks more). */
  sweepEveryMs: number;
}

export interface BackupConfig {
  dir: string;
  /** 0: scheduled backups are off. */
  everyHours: number;
  keep: number;
}

/** Reads the environment once, at boot, and fails with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ConsistentEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`The environment is not valid:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    pgliteSharedBuffersMb: vars.PGLITE_SHARED_BUFFERS_MB,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    pageRateLimitPerMinute: vars.PAGE_RATE_LIMIT_PER_MINUTE,
    signupLimitPerHour: vars.SIGNUP_LIMIT_PER_HOUR,
    corsOrigins: vars.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: vars.TRUST_PROXY,
    publicUrl,
    webRoot: resolve(vars.WEB_ROOT),
    headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    bodyTimeoutMs: vars.BODY_TIMEOUT_MS,
    idleTimeoutMs: vars.IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: vars.MAX_CONNECTIONS,
    maxConnectionsPerAddress:
      vars.MAX_CONNECTIONS_PER_ADDRESS ??
      (vars.TRUST_PROXY ? undefined : DEFAULT_CONNECTIONS_PER_ADDRESS),
    passwordHashCost: vars.PASSWORD_HASH_COST,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      publicUrl,
      pollMs: vars.MAIL_POLL_MS,
      leaseMs: vars.MAIL_LEASE_MS,
      retryBaseMs: vars.MAIL_RETRY_BASE_MS,
      maxAttempts: vars.MAIL_MAX_ATTEMPTS,
    },
    catalogueCache: {
      maxBytes: Math.round(vars.CATALOGUE_CACHE_MB * 1024 * 1024),
      consistency: vars.CATALOGUE_CONSISTENCY,
    },
    guestUploads: {
      bytesPerAddressPerDay: Math.round(vars.DESIGN_UPLOAD_GUEST_MB_PER_DAY * 1024 * 1024),
      unclaimedBytes: Math.round(vars.DESIGN_UPLOAD_GUEST_UNCLAIMED_MB * 1024 * 1024),
    },
    backups: {
      dir: resolve(vars.BACKUP_DIR),
      everyHours: vars.BACKUP_EVERY_HOURS,
      keep: vars.BACKUP_KEEP,
    },
    payments: {
      razorpay:
        vars.RAZORPAY_KEY_ID && vars.RAZORPAY_KEY_SECRET && vars.RAZORPAY_WEBHOOK_SECRET
          ? {
              keyId: vars.RAZORPAY_KEY_ID,
              keySecret: vars.RAZORPAY_KEY_SECRET,
              webhookSecret: vars.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: vars.RAZORPAY_API_URL.replace(/\/+$/, ''),
              checkoutUrl: vars.RAZORPAY_CHECKOUT_URL,
            }
          : undefined,
      paymentWindowMs: Math.round(vars.PAYMENT_WINDOW_MINUTES * 60_000),
      sweepEveryMs: vars.PAYMENT_SWEEP_MS,
    },
    groupOrderSweepMs: vars.GROUP_ORDER_SWEEP_MS,
  };
}
