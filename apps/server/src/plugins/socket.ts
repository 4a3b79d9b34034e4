import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';

/** What a socket carries once authenticated. */
export interface SocketData {
  userId?: string;
  /** The session the socket authenticated with (its sockets are dropped when the session is revoked). */
  sessionId?: string;
}

export type AppServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * Handshake check, decorated as `app.authenticateSocket` by the sign-in module: resolves the user id
 * of a connecting socket, or throws to refuse it.
 */
export type SocketAuthenticator = (socket: AppSocket) => Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
    authenticateSocket: SocketAuthenticator;
    /** Emit to every socket of one user (room `user:{userId}`), across instances once an adapter is set. */
    emitToUser(userId: string, event: string, payload?: unknown): void;
  }
}

export const userRoom = (userId: string) => `user:${userId}`;

export interface SocketOptions {
  /** Allowed browser origins for socket.io's CORS (the web app's origin in development). */
  corsOrigin?: string | string[];
  /**
   * Accept socket connections on the HTTP server (default). A worker-only instance does not: its io only
   * emits, through the Redis adapter, to the sockets of the API instances.
   */
  attach?: boolean;
}

/** socket.io on the same HTTP server as the API; one room per user. */
export default fp<SocketOptions>(
  function socket(app: FastifyInstance, options) {
    const serverOptions = {
      path: '/socket.io',
      serveClient: false,
      ...(options.corsOrigin ? { cors: { origin: options.corsOrigin, credentials: true } } : {}),
    };
    const attached = options.attach ?? true;
    const io: AppServer = attached ? new Server(app.server, serverOptions) : new Server(serverOptions);

    io.use((socket, next) => {
      // Until sign-in exists (app.authenticateSocket), sockets connect anonymously and join no user room.
      if (!app.hasDecorator('authenticateSocket')) return next();
      app.authenticateSocket(socket).then(
        (userId) => {
          socket.data.userId = userId;
          void socket.join(userRoom(userId));
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error('Unauthorized')),
      );
    });

    app.decorate('io', io);
    app.decorate('emitToUser', (userId: string, event: string, payload?: unknown) => {
      io.to(userRoom(userId)).emit(event, payload);
    });

    // Before the HTTP server closes: drop socket connections, otherwise server.close() waits for them.
    // (io.close() is not used: it would also close the HTTP server, which is Fastify's job.) The connections
    // are closed underneath socket.io, without its "server disconnect" packet: a client told that never
    // reconnects, while one whose connection just closed reconnects on its own — so after a restart (a deploy)
    // every open tab is live again within seconds (issue 28). Revoked sessions still get the packet (auth).
    app.addHook('preClose', (done) => {
      if (attached) io.engine.close();
      else io.local.disconnectSockets(true);
      done();
    });
  },
  { name: 'socket' },
);
