/**
 * A stand-in for `socket.io-client` in component tests (installed in setup-tests.ts): records every
 * connection and lets a test play the server with `emitFromServer`.
 */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  readonly handlers = new Map<string, Set<Handler>>();
  connected = true;
  constructor(
    readonly uri: string | undefined,
    readonly options: { path?: string; auth?: unknown } | undefined,
  ) {}
  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }
  /** How many times the client asked to connect again (`socket.connect()`). */
  connectCalls = 0;
  disconnect(): this {
    this.connected = false;
    return this;
  }
  connect(): this {
    this.connectCalls += 1;
    return this;
  }
  emitFromServer(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

export const fakeSockets: FakeSocket[] = [];

export function io(uriOrOptions?: unknown, maybeOptions?: unknown): FakeSocket {
  const uri = typeof uriOrOptions === 'string' ? uriOrOptions : undefined;
  const options = (typeof uriOrOptions === 'string' ? maybeOptions : uriOrOptions) as FakeSocket['options'];
  const socket = new FakeSocket(uri, options);
  fakeSockets.push(socket);
  return socket;
}
