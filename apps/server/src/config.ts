import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './paths.ts';

/** PostgreSQL connections per instance when DATABASE_POOL_SIZE is not set (decision 099). */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

/**
 * The server's configuration. This module is the only place that reads `process.env`; everything
 * else receives a `Config`. A bad value stops start-up with a message naming the variable.
 */

const optionalString = z.string().trim().min(1).optional();
const optionalUrl = z.url().optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Loopback by default (decision 102): containers and servers set HOST=0.0.0.0 explicitly. */
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),

    DATABASE_URL: z
      .url()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * PostgreSQL connections each instance keeps at most (decision 099). Upload batches, the worker's
     * transactions and a burst of cache misses share them; size PostgreSQL's max_connections for all instances.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(DEFAULT_DATABASE_POOL_SIZE),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    REDIS_URL: z
      .url()
      .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL')
      .optional(),
    /** Prefix of every Redis key and channel, so several deployments (or tests) can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -')
      .default('mediadiet:'),
    /** What this process does: HTTP + sockets (api), the job workers (worker) or both (all). */
    ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /**
     * Whether GET /metrics, the API docs (/api/docs) and the web app's source maps are served (decision 101).
     * Default: on outside production; in production off (/metrics: on when METRICS_TOKEN is set).
     */
    METRICS: z.enum(['on', 'off']).optional(),
    API_DOCS: z.enum(['on', 'off']).optional(),
    SOURCE_MAPS: z.enum(['on', 'off']).optional(),
    PUBLIC_URL: optionalUrl,
    WEB_DIST_DIR: optionalString,
    /** Key of the keyed hashes (sessions, PINs) and of signed cookies. APP_SECRET is accepted as an alias. */
    SESSION_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    /** Behind a reverse proxy: `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/, 'must be true, false, a hop count or a list of addresses')
      .optional(),
    /** Sign-in calls (register + pin + verify) one IP address may make per 15 minutes. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),

    SMTP_URL: z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: optionalString,
    /** Production without SMTP_URL: write mails (sign-in PINs included) to the log instead of refusing to start. */
    MAIL_LOG_ONLY: z.enum(['true', 'false']).default('false'),
    SUPPORT_EMAIL: z.email().optional(),
    SERVICE_NAME: z.string().trim().min(1).default('Media Diet'),

    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalUrl,

    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Where the Stripe SDK sends requests (tests: a local fake). Default: Stripe's API. */
    STRIPE_API_BASE: optionalUrl,
    /** How often the local provider's billing sweep runs (ms); 0 = never (tests run it by hand). */
    BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /** How often the weekly letters due are looked for (ms); 0 = never (tests run it by hand). */
    WEEKLY_LETTER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),

    /** The touch-point worker in this process: on (default) or off (tests drive it with runOnce). */
    TOUCHPOINT_WORKER: z.enum(['on', 'off']).optional(),
    /** A touch point locked longer than this (ms) by a worker is taken to be orphaned and reclaimed. */
    TOUCHPOINT_STALE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** First retry delay of a failed analysis (ms); doubles per attempt. */
    TOUCHPOINT_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    /** Offline analyzer threads: 0 = on the main thread. Default: cores − 1 (at least 1); 0 in tests. */
    TOUCHPOINT_ANALYZE_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    /** The analyzer threads' nice value on Linux (0 = the process's priority; decision 096). */
    TOUCHPOINT_ANALYZE_NICE: z.coerce.number().int().min(0).max(19).default(19),
    /** With this many requests in flight or more, the worker pauses between passes (0: never; decision 095). */
    TOUCHPOINT_WORKER_YIELD_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(64),
    /** How long it pauses (ms). */
    TOUCHPOINT_WORKER_YIELD_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),

    /** The questionnaire worker in this process: on (default) or off (tests drive it with runOnce). */
    QUESTIONNAIRE_WORKER: z.enum(['on', 'off']).optional(),
    /** How long a submitted questionnaire waits before it is processed (ms). Default 15 s, 0 in tests. */
    QUESTIONNAIRE_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),

    ANALYZER: z.enum(['offline', 'llm']).default('offline'),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.ANALYZER === 'llm') {
      for (const name of ['LLM_BASE_URL', 'LLM_MODEL'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when ANALYZER=llm' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (at least 32 random characters, e.g. `openssl rand -base64 48`)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_LOG_ONLY !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production: without it sign-in PINs cannot be mailed. Set SMTP_URL, or set MAIL_LOG_ONLY=true to write mails (PINs included) to the log instead',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other Google client variable is set',
      });
    }
  });

export type Role = 'api' | 'worker' | 'all';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: LogLevel;
  /** Set: PostgreSQL through node-postgres. Unset: PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections of this instance's pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Absolute path of the data directory (PGlite files, lock file). */
  dataDir: string;
  /** Set: Redis carries socket.io events, cache invalidations and rate-limit counters across instances. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (default `mediadiet:`). */
  redisPrefix: string;
  /**
   * api: HTTP and sockets, no job workers. worker: the job workers, and over HTTP only /healthz, /readyz and
   * /metrics. all (default): both.
   */
  role: Role;
  /** Set: /metrics requires this bearer token. */
  metricsToken: string | undefined;
  /** GET /metrics is served (METRICS; in production only when turned on or METRICS_TOKEN is set). */
  metricsEnabled: boolean;
  /** /api/docs (Swagger UI and the OpenAPI document) is served (API_DOCS; off in production by default). */
  apiDocs: boolean;
  /** The web app's source maps are served (SOURCE_MAPS; off in production by default). */
  sourceMaps: boolean;
  /** The address users reach the product at (links in mails, OAuth redirects). */
  publicUrl: string;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /**
   * The server secret from SESSION_SECRET (or APP_SECRET). Unset outside production: the auth plugin
   * generates one and keeps it in the database (`app_settings`) so restarts keep sessions valid.
   */
  sessionSecret: string | undefined;
  /** Fastify's `trustProxy` (which X-Forwarded-For hops to believe for the client IP). */
  trustProxy: boolean | number | string[];
  /** Sign-in calls per IP address per 15 minutes. */
  authRateLimitPerIp: number;
  smtpUrl: string | undefined;
  /** Production without SMTP_URL was explicitly allowed: mails go to the log (MAIL_LOG_ONLY=true). */
  mailLogOnly: boolean;
  mailFrom: string;
  supportEmail: string | undefined;
  serviceName: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiBase: string | undefined } | undefined;
  /** Interval of the local provider's billing sweep, ms (0 = off). Default 60 s, off in tests. */
  billingSweepIntervalMs: number;
  /**
   * How often the weekly letters due are looked for, ms (0 = never). Default 5 minutes, so Monday's letter goes
   * within minutes of 07:00 local time; off in tests and on API-only instances.
   */
  weeklyLetterIntervalMs: number;
  analyzer: { kind: 'offline' } | { kind: 'llm'; baseUrl: string; apiKey: string | undefined; model: string };
  /** The touch-point worker: started with the app unless disabled (default off in tests). */
  touchpointWorker: {
    enabled: boolean;
    staleMs: number;
    backoffMs: number;
    analyzeThreads: number;
    /** The analyzer threads' nice value (0–19; decision 096). */
    analyzeNice: number;
    /** Requests in flight from which the worker yields (0: never), and its pause then (ms). */
    yieldRequests: number;
    yieldPauseMs: number;
  };
  /** The questionnaire worker (decision 081): started with the app unless disabled; processing delay. */
  questionnaire: { workerEnabled: boolean; delayMs: number };
}

/** A configuration value is missing or invalid. The message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
  }
}

type Env = Record<string, string | undefined>;

/** Validate an environment (by default `process.env`) into a `Config`, or throw a `ConfigError`. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  // An empty variable (`FOO=`) means "not set", as in most .env tooling.
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value;
  }

  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const variables: string[] = [];
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      variables.push(name);
      const value = cleaned[name];
      const shown = value === undefined || /SECRET|KEY|PASSWORD|TOKEN|URL/i.test(name) ? '' : ` (got "${value}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`, variables);
  }

  const e = parsed.data;
  const port = e.PORT;
  // An API-only instance runs no job worker, whatever the worker switches say.
  const runsJobs = e.ROLE !== 'api';
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port,
    host: e.HOST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN,
    metricsEnabled: (e.METRICS ?? (e.NODE_ENV !== 'production' || e.METRICS_TOKEN ? 'on' : 'off')) === 'on',
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    sourceMaps: (e.SOURCE_MAPS ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir,
    sessionSecret: e.SESSION_SECRET ?? e.APP_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    smtpUrl: e.SMTP_URL,
    mailLogOnly: e.MAIL_LOG_ONLY === 'true',
    mailFrom: e.MAIL_FROM ?? `${e.SERVICE_NAME} <no-reply@localhost>`,
    supportEmail: e.SUPPORT_EMAIL,
    serviceName: e.SERVICE_NAME,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
          }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : undefined,
    billingSweepIntervalMs: runsJobs ? (e.BILLING_SWEEP_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000)) : 0,
    weeklyLetterIntervalMs: runsJobs
      ? (e.WEEKLY_LETTER_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 300_000))
      : 0,
    touchpointWorker: {
      enabled: runsJobs && (e.TOUCHPOINT_WORKER ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      staleMs: e.TOUCHPOINT_STALE_MS,
      backoffMs: e.TOUCHPOINT_BACKOFF_MS,
      analyzeThreads:
        e.TOUCHPOINT_ANALYZE_THREADS ?? (e.NODE_ENV === 'test' ? 0 : Math.max(1, os.availableParallelism() - 1)),
      analyzeNice: e.TOUCHPOINT_ANALYZE_NICE,
      yieldRequests: e.TOUCHPOINT_WORKER_YIELD_REQUESTS,
      yieldPauseMs: e.TOUCHPOINT_WORKER_YIELD_PAUSE_MS,
    },
    questionnaire: {
      workerEnabled: runsJobs && (e.QUESTIONNAIRE_WORKER ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      delayMs: e.QUESTIONNAIRE_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 15_000),
    },
    analyzer:
      e.ANALYZER === 'llm'
        ? { kind: 'llm', baseUrl: e.LLM_BASE_URL!, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL! }
        : { kind: 'offline' },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
