import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { RouteDef } from '@mediadiet/contract/http';
import { allRoutes } from '@mediadiet/contract/routes';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, Role } from './config.ts';
import type { Database } from './db/database.ts';
import { redactingLoggerOptions } from './http/logging.ts';
import { MAX_PARAM_LENGTH } from './http/route.ts';
import { strictTransportSecurity } from './http/security-headers.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import accountModule from './modules/account/plugin.ts';
import analysisModule from './modules/analysis/plugin.ts';
import type { Scorer } from './modules/analysis/scorer.ts';
import type { OidcProvider } from './modules/auth/oidc.ts';
import authModule from './modules/auth/plugin.ts';
import billingModule from './modules/billing/plugin.ts';
import devRoutes from './modules/dev/routes.ts';
import digestModule from './modules/digest/plugin.ts';
import devicesRoutes from './modules/devices/routes.ts';
import extensionModule from './modules/extension/plugin.ts';
import goalsModule from './modules/goals/plugin.ts';
import healthRoutes from './modules/health/routes.ts';
import labelsModule from './modules/labels/plugin.ts';
import moodModule from './modules/mood/plugin.ts';
import questionnaireModule from './modules/questionnaire/plugin.ts';
import touchpointsModule from './modules/touchpoints/plugin.ts';
import type { TouchpointWorkerOptions } from './modules/touchpoints/worker.ts';
import urlsModule from './modules/urls/plugin.ts';
import usersModule from './modules/users/plugin.ts';
import clusterPlugin from './plugins/cluster.ts';
import dbPlugin, { openAppDatabase } from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorHandler, { frameworkErrors } from './plugins/error-handler.ts';
import mailPlugin, { type Mailer } from './plugins/mail.ts';
import metricsPlugin, { METRICS_PATH } from './plugins/metrics.ts';
import rateLimitPlugin, { type RateLimitStore } from './plugins/rate-limit.ts';
import redisPlugin from './plugins/redis.ts';
import socketPlugin from './plugins/socket.ts';
import webPlugin from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The current time (tests move it). */
    clock: Clock;
  }
}

export interface AppDeps {
  /** An open, migrated database (tests pass a clone of the template). Default: `createDatabase(config)`. */
  database?: Database;
  /** The contract routes documented at /api/docs. Default: the contract's `allRoutes`. */
  routes?: readonly RouteDef[];
  /** Where the JSON log goes. Default: stdout. */
  logStream?: Writable;
  /** The current time. Default: the system clock. */
  clock?: Clock;
  /** Outgoing mail. Default: SMTP when SMTP_URL is set, otherwise the development outbox. */
  mailer?: Mailer;
  /** Rate-limit counters. Default: the database. */
  rateLimitStore?: RateLimitStore;
  /** The OpenID Connect provider. Default: built from GOOGLE_CLIENT_ID/SECRET and OIDC_ISSUER. */
  oidc?: OidcProvider;
  /** Scores touch-point text. Default: the analyzer chosen by ANALYZER. */
  scorer?: Scorer;
  /** Touch-point worker tuning (tests shorten backoff and stale times). */
  touchpointWorker?: Partial<TouchpointWorkerOptions>;
}

const REQUEST_ID = Symbol('requestId');
type RawRequest = IncomingMessage & { [REQUEST_ID]?: string };

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** The liveness probe: answered with the least work per request (no request id, headers or child logger). */
const HEALTH_PATH = '/healthz';

/** What a worker-only instance answers over HTTP; anything else is 404 before Fastify sees it. */
const WORKER_PATHS = new Set([HEALTH_PATH, '/readyz', METRICS_PATH]);
const WORKER_NOT_FOUND = JSON.stringify({ success: false, error: 'Not found' });

/**
 * Request ids: a random per-process prefix and a counter (unique across instances and restarts, and far
 * cheaper per request than a UUID).
 */
const REQUEST_ID_PREFIX = randomUUID().slice(0, 8);
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter += 1;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}

/**
 * The HTTP server. Security headers and the request id are set on the raw response here rather than
 * in a Fastify hook: a global hook costs every request a measurable share of throughput. The liveness
 * probe gets neither: it is JSON for load balancers, never rendered by a browser. A worker-only instance
 * (ROLE=worker) answers only the probes and /metrics.
 * (`app.inject` bypasses this server; tests of these headers use a listening app.)
 */
function createHttpServer(
  role: Role,
  hsts: string | null,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): http.Server {
  return http.createServer((req: RawRequest, res) => {
    if (role === 'worker' && !WORKER_PATHS.has((req.url ?? '').split('?', 1)[0]!)) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(WORKER_NOT_FOUND);
      return;
    }
    if (req.url !== HEALTH_PATH) {
      const id = nextRequestId();
      req[REQUEST_ID] = id;
      res.setHeader('x-request-id', id);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      if (hsts) res.setHeader('strict-transport-security', hsts);
    }
    handler(req, res);
  });
}

/** Builds the whole application without listening (tests use `app.inject`, server.ts listens). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets in URLs, bodies and headers and SQL parameters never reach the log (decision 100).
      ...redactingLoggerOptions,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // HSTS when PUBLIC_URL is https (decision 101).
    serverFactory: (handler) => createHttpServer(config.role, strictTransportSecurity(config.publicUrl), handler),
    genReqId: (req) => (req as RawRequest)[REQUEST_ID] ?? nextRequestId(),
    // The probe is never logged, so it needs no per-request child logger either.
    logController: new LogController({ disableRequestLogging: (req) => req.url === HEALTH_PATH }),
    childLoggerFactory: (logger, bindings, options, rawReq) =>
      rawReq.url === HEALTH_PATH ? logger : logger.child(bindings, options),
    requestIdHeader: false,
    // Each contract route sets its own, smaller limit (bodyLimitFor in http/route.ts, decision 091); this
    // one covers the few routes outside the contract (the payment webhook).
    bodyLimit: 1024 * 1024,
    // Path parameters up to MAX_PARAM_LENGTH reach validation (which answers a 400 naming the field)
    // instead of the router's 414; router errors get the app's JSON error shape.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    // Let in-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A hop count trusts that many proxies in front of us (Fastify's types take it as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', deps.clock ?? systemClock);

  // Node's server.close() reaps only the keep-alive sockets idle at that moment; a socket whose
  // request was in flight would then hold the close open until its keep-alive timeout. Keep reaping.
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(reaper);
    done();
  });

  await app.register(errorHandler);
  // Opened outside the plugins: a first creation of the embedded database, on a busy machine, can outlast
  // their start-up time-out ("Plugin did not start in time: 'db'").
  const database = deps.database ?? (await openAppDatabase(config, () => app.log));
  await app.register(dbPlugin, { database });
  // Redis (REDIS_URL) and what rides on it: socket.io's adapter and the instances' broadcast (decision 090).
  await app.register(redisPlugin, { url: config.redisUrl, prefix: config.redisPrefix });
  await app.register(socketPlugin, { attach: config.role !== 'worker' });
  await app.register(clusterPlugin);
  // Before any route: each route registered from here on is counted (onRoute).
  await app.register(metricsPlugin);
  // Off in production unless API_DOCS=on (decision 101).
  if (config.apiDocs) {
    await app.register(docsPlugin, { routes: deps.routes ?? allRoutes, serviceName: config.serviceName });
  }

  await app.register(mailPlugin, deps.mailer ? { mailer: deps.mailer } : {});
  await app.register(rateLimitPlugin, deps.rateLimitStore ? { store: deps.rateLimitStore } : {});

  // The product: one module per domain (src/modules/<domain>/plugin.ts builds its services once, registers its
  // routes and declares the modules it needs). A module reaches another through its service or an explicit
  // hook, so they register in dependency order.
  await app.register(usersModule);
  // Sessions, app.authenticate / app.authenticateSocket and the sign-in routes: before any authenticated module.
  await app.register(authModule, deps.oidc ? { oidc: deps.oidc } : {});
  await app.register(billingModule);
  await app.register(urlsModule);
  // Extension keys (the 'extension' verifier) and the extension's calls.
  await app.register(extensionModule);
  await app.register(questionnaireModule);
  // Touch-point ingest, its queue and its worker.
  await app.register(touchpointsModule, {
    ...(deps.scorer ? { scorer: deps.scorer } : {}),
    ...(deps.touchpointWorker ? { workerOptions: deps.touchpointWorker } : {}),
  });
  await app.register(analysisModule);
  await app.register(goalsModule);
  await app.register(moodModule);
  // Link labels: the extension's context and counts, and the Insights figures.
  await app.register(labelsModule);
  await app.register(accountModule);
  // The weekly letter: reads the week through the analysis and goals services.
  await app.register(digestModule);
  // Route-only modules: they read through the services above.
  await app.register(healthRoutes);
  await app.register(devicesRoutes);
  await app.register(devRoutes);

  await app.register(webPlugin, {
    distDir: config.webDistDir,
    warnIfMissing: config.isProduction,
    sourceMaps: config.sourceMaps,
  });
  return app;
}
