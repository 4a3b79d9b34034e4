import type { ExtensionConnectionState } from '@mediadiet/contract/extension';

/**
 * The extension connection (spec §3, §4) as a pure state machine:
 *
 *   disconnected ──connect──▶ connecting ──succeeded──▶ connected
 *        ▲                        └──────failed──────▶ error
 *        └────────────── disconnected (from any state) ──┘
 *
 * `synced` is what the 5 s check loop reports: whether the extension counts as connected right now
 * (user status on, installed, key not rejected). It moves connected ⇄ disconnected and leaves an
 * attempt in progress (connecting) alone; an error stays visible until the next connect or a check that
 * finds the extension connected.
 */
export interface ConnectionState {
  status: ExtensionConnectionState;
  /** Why the last attempt failed (catalogue text), or null. */
  error: string | null;
  /** When the connection was last seen or made (ms since the epoch), or null. */
  lastConnected: number | null;
}

export type ConnectionEvent =
  | { type: 'connect' }
  | { type: 'succeeded'; at: number }
  | { type: 'failed'; error: string }
  | { type: 'disconnected' }
  | { type: 'synced'; connected: boolean; at: number };

export const initialConnectionState: ConnectionState = {
  status: 'disconnected',
  error: null,
  lastConnected: null,
};

export function connectionReducer(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'connect':
      if (state.status === 'connecting') return state;
      return { ...state, status: 'connecting', error: null };
    case 'succeeded':
      if (state.status !== 'connecting') return state;
      return { status: 'connected', error: null, lastConnected: event.at };
    case 'failed':
      if (state.status !== 'connecting') return state;
      return { ...state, status: 'error', error: event.error };
    case 'disconnected':
      return { ...state, status: 'disconnected', error: null };
    case 'synced':
      if (state.status === 'connecting') return state;
      if (event.connected) return { status: 'connected', error: null, lastConnected: event.at };
      if (state.status === 'connected') return { ...state, status: 'disconnected' };
      return state;
  }
}
