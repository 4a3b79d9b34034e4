import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/**
 * Several instances as one (decision 090). With Redis:
 * - socket.io's Redis adapter: an event emitted on any instance reaches the user's sockets on every instance;
 * - a broadcast channel for what one instance must tell the others: forget a revoked session or a user's
 *   extension keys (the credential caches), drop a user's cached history pages and insights, drop a changed
 *   user, disconnect a user's sockets.
 *
 * Both use the same two Redis connections, so a message published before an event is handled before that
 * event everywhere (a history page is invalidated before the `analysis_created` that makes the page refetch).
 * Without Redis `broadcast` does nothing: the instance that acts has already done its own part. When Redis is
 * down the messages are lost and the caches' TTLs (2–5 s) bound what another instance may still serve.
 */

const ClusterMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forget-session'), sessionId: z.string() }),
  z.object({ kind: z.literal('forget-user-sessions'), userId: z.string() }),
  z.object({ kind: z.literal('forget-user-keys'), userId: z.string() }),
  z.object({ kind: z.literal('recent-analyses'), userId: z.string() }),
  z.object({ kind: z.literal('forget-user'), userId: z.string() }),
  z.object({ kind: z.literal('disconnect-sockets'), userId: z.string(), sessionId: z.string().optional() }),
]);
export type ClusterMessage = z.infer<typeof ClusterMessageSchema>;
type Kind = ClusterMessage['kind'];
type Handler<K extends Kind> = (message: Extract<ClusterMessage, { kind: K }>) => void;

export interface Cluster {
  /** This process, as the other instances see it. */
  readonly instanceId: string;
  /**
   * Tells every other instance (nothing without Redis; lost while Redis is down). Resolves once Redis has
   * handed the message on (or failed to, within its command timeout): a revocation awaits it before it
   * answers, so the instance the person reaches next has already heard of it. Never rejects.
   */
  broadcast(message: ClusterMessage): Promise<void>;
  /** Runs `handler` when another instance broadcasts a message of `kind`. */
  on<K extends Kind>(kind: K, handler: Handler<K>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster;
  }
}

const Envelope = z.object({ from: z.string(), message: z.unknown() });

export default fp(
  async function cluster(app: FastifyInstance) {
    const instanceId = randomUUID();
    const handlers = new Map<Kind, ((message: ClusterMessage) => void)[]>();
    const redis = app.redis;

    const on = <K extends Kind>(kind: K, handler: Handler<K>) => {
      const list = handlers.get(kind) ?? [];
      list.push(handler as (message: ClusterMessage) => void);
      handlers.set(kind, list);
    };

    if (!redis) {
      app.decorate('cluster', { instanceId, broadcast: async () => {}, on });
      return;
    }

    const { createAdapter } = await import('@socket.io/redis-adapter');
    app.io.adapter(createAdapter(redis.command, redis.subscriber, { key: `${redis.prefix}socket.io` }));

    const channel = `${redis.prefix}cluster`;
    const log = app.log.child({ component: 'cluster' });
    redis.subscriber.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      let parsed: ClusterMessage;
      try {
        const envelope = Envelope.parse(JSON.parse(raw));
        if (envelope.from === instanceId) return;
        parsed = ClusterMessageSchema.parse(envelope.message);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed cluster message');
        return;
      }
      for (const handler of handlers.get(parsed.kind) ?? []) {
        try {
          handler(parsed);
        } catch (error) {
          log.error({ err: error, kind: parsed.kind }, 'cluster message handler failed');
        }
      }
    });
    // ioredis sends the subscription once connected (and again after every reconnect); start-up waits for it
    // only while Redis answers.
    const subscribed = redis.subscriber.subscribe(channel).catch((error: unknown) => {
      log.warn({ err: error }, 'could not subscribe to the cluster channel');
    });
    if (redis.isUp())
      await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);

    app.decorate('cluster', {
      instanceId,
      broadcast: async (message: ClusterMessage) => {
        try {
          await redis.command.publish(channel, JSON.stringify({ from: instanceId, message }));
        } catch (error) {
          log.warn({ err: error, kind: message.kind }, 'could not broadcast a cluster message');
        }
      },
      on,
    });
  },
  { name: 'cluster', dependencies: ['redis', 'socket'] },
);
