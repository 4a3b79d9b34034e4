import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Redis, when REDIS_URL is set (decision 090): two connections — `command` (publishing, rate-limit
 * counters) and `subscriber` (socket.io's adapter and the cluster's invalidations; a subscribed connection
 * can do nothing else). Without REDIS_URL `app.redis` is undefined and the server is one process, as before.
 *
 * Redis is never a reason to stop serving: start-up waits briefly for it and goes on without it; a lost
 * connection is retried for ever (backoff up to 2 s). While it is down, commands fail at once instead of
 * queueing (`enableOfflineQueue: false` — a rate-limit check must not wait for Redis), and a publish resolves 0
 * (nobody received it) instead of rejecting; a command unanswered for 1 s fails: the socket.io adapter publishes without handling a rejection, and
 * an unhandled rejection would end the process. Each change of state (up → down, down → up) is logged once.
 */

export interface RedisConnection {
  command: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel (REDIS_PREFIX). */
  prefix: string;
  /** Both connections are ready. */
  isUp(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis, or undefined without REDIS_URL. */
    redis: RedisConnection | undefined;
  }
}

/** How long start-up waits for Redis before going on without it (it connects later). */
const STARTUP_WAIT_MS = 3_000;
/** Reconnect delay: grows 100 ms per attempt up to this. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** Both connections, watched: `onChange(up)` is called once per transition of "both ready". */
export async function connectRedis(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisConnection & { ready: Promise<boolean>; close(): Promise<void> }> {
  // Loaded only when Redis is configured: a single instance does not pay for it at start-up.
  const { Redis } = await import('ioredis');
  const retryStrategy = (times: number) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS);
  const command = new Redis(url, {
    retryStrategy,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that accepts the connection but does not answer must not hold a request either.
    commandTimeout: 1_000,
    connectionName: 'mediadiet-command',
    // Commands issued in the same turn go out in one write: a stored batch of analyses publishes its events
    // (socket.io adapter, cluster messages) in one round trip instead of one per event.
    enableAutoPipelining: true,
  });
  // Subscriptions issued before the connection is ready wait for it; ioredis subscribes again after a reconnect.
  const subscriber = new Redis(url, {
    retryStrategy,
    maxRetriesPerRequest: null,
    connectionName: 'mediadiet-subscriber',
  });

  const publish: (channel: string, message: string | Buffer) => Promise<number> =
    command.publish.bind(command);
  command.publish = (channel: string, message: string | Buffer) => publish(channel, message).catch(() => 0);

  let up = false;
  let everUp = false;
  // Closing on purpose (shutdown): the connections ending then is not an outage to report.
  let closing = false;
  let lastError: string | undefined;
  const update = () => {
    const now = command.status === 'ready' && subscriber.status === 'ready';
    if (now === up) return;
    up = now;
    if (closing) return;
    if (now) {
      log.info(
        { redis: 'up', event: everUp ? 'redis_recovered' : 'redis_connected' },
        everUp ? 'Redis connection restored' : 'Redis connected',
      );
      everUp = true;
    } else {
      log.warn(
        { redis: 'down', event: 'redis_lost', error: lastError },
        'Redis connection lost: real-time events reach only this instance’s sockets; rate limits use the database',
      );
    }
  };
  for (const client of [command, subscriber]) {
    client.on('ready', update);
    client.on('close', update);
    client.on('end', update);
    // Without a listener ioredis would print every failed reconnect; the transition is what we log.
    client.on('error', (error: Error) => {
      lastError = error.message;
      update();
    });
  }

  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), STARTUP_WAIT_MS);
    const check = () => {
      if (command.status === 'ready' && subscriber.status === 'ready') {
        clearTimeout(timer);
        resolve(true);
      }
    };
    command.on('ready', check);
    subscriber.on('ready', check);
  });

  return {
    command,
    subscriber,
    prefix,
    isUp: () => up,
    ready,
    close: async () => {
      closing = true;
      command.disconnect();
      subscriber.disconnect();
      await Promise.resolve();
    },
  };
}

export interface RedisPluginOptions {
  url: string | undefined;
  prefix: string;
}

export default fp<RedisPluginOptions>(
  async function redis(app: FastifyInstance, options) {
    if (!options.url) {
      app.decorate('redis', undefined);
      return;
    }
    const connection = await connectRedis(options.url, options.prefix, app.log.child({ component: 'redis' }));
    if (!(await connection.ready)) {
      app.log.warn(
        { redis: 'down', event: 'redis_unavailable' },
        'Redis is not reachable yet: starting without it and reconnecting in the background',
      );
    }
    app.decorate('redis', {
      command: connection.command,
      subscriber: connection.subscriber,
      prefix: connection.prefix,
      isUp: () => connection.isUp(),
    });
    app.addHook('onClose', async () => {
      await connection.close();
    });
  },
  { name: 'redis' },
);
