import { describe, expect, it } from 'vitest';
import {
  connectionReducer,
  initialConnectionState,
  type ConnectionState,
} from '@/features/extension/utils/connection-machine';

const at = (status: ConnectionState['status'], rest: Partial<ConnectionState> = {}): ConnectionState => ({
  ...initialConnectionState,
  status,
  ...rest,
});

describe('extension connection state machine (spec §3, §4)', () => {
  it('starts disconnected, with no error and no last-connected time', () => {
    expect(initialConnectionState).toEqual({ status: 'disconnected', error: null, lastConnected: null });
  });

  it('disconnected → connecting on a connect request, clearing an old error', () => {
    expect(connectionReducer(at('error', { error: 'x' }), { type: 'connect' })).toEqual(at('connecting'));
    expect(connectionReducer(at('disconnected'), { type: 'connect' }).status).toBe('connecting');
  });

  it('connecting → connected when the extension accepted the key, recording the time', () => {
    expect(connectionReducer(at('connecting'), { type: 'succeeded', at: 42 })).toEqual({
      status: 'connected',
      error: null,
      lastConnected: 42,
    });
  });

  it('connecting → error with the message on any failure', () => {
    expect(connectionReducer(at('connecting'), { type: 'failed', error: 'Failed to connect extension' })).toEqual(
      at('error', { error: 'Failed to connect extension' }),
    );
  });

  it('ignores results that arrive when no attempt is running', () => {
    const idle = at('disconnected');
    expect(connectionReducer(idle, { type: 'succeeded', at: 1 })).toBe(idle);
    expect(connectionReducer(idle, { type: 'failed', error: 'x' })).toBe(idle);
    const busy = at('connecting');
    expect(connectionReducer(busy, { type: 'connect' })).toBe(busy);
  });

  it('disconnect returns to disconnected from any state, keeping the last-connected time', () => {
    for (const status of ['connected', 'connecting', 'error'] as const) {
      expect(connectionReducer(at(status, { lastConnected: 7, error: 'e' }), { type: 'disconnected' })).toEqual(
        at('disconnected', { lastConnected: 7 }),
      );
    }
  });

  it('the check loop syncs connected ⇄ disconnected but leaves an attempt in progress alone', () => {
    expect(connectionReducer(at('disconnected'), { type: 'synced', connected: true, at: 9 })).toEqual({
      status: 'connected',
      error: null,
      lastConnected: 9,
    });
    expect(connectionReducer(at('connected', { lastConnected: 9 }), { type: 'synced', connected: false, at: 10 })).toEqual(
      at('disconnected', { lastConnected: 9 }),
    );
    const busy = at('connecting');
    expect(connectionReducer(busy, { type: 'synced', connected: true, at: 1 })).toBe(busy);
    const failed = at('error', { error: 'e' });
    expect(connectionReducer(failed, { type: 'synced', connected: false, at: 1 })).toBe(failed);
  });
});
