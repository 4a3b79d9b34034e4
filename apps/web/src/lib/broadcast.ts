import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BROADCAST_CHANNEL_NAME,
  UserUpdateMessageSchema,
  type UserUpdateMessage,
} from '@mediadiet/contract/extension';
import type { User } from '@mediadiet/contract/user';
import { queryKeys } from '@/lib/query-keys';

/**
 * Messages between the app's tabs (spec §4 Auth, §7: "USER_UPDATE"), over a BroadcastChannel.
 * A channel never hears its own posts, so each tab keeps one `TabBus` for posting and listening: the
 * tab that changed the user does not refresh itself again. Without BroadcastChannel it does nothing.
 */
export class TabBus {
  private readonly channel: BroadcastChannel | null;

  constructor(name: string = BROADCAST_CHANNEL_NAME) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  }

  /** Tell the other tabs the user changed (`null`: signed out). */
  postUserUpdate(user: User | null): void {
    const message: UserUpdateMessage = { type: 'USER_UPDATE', user };
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel or an uncloneable value must never break the action that changed the user.
    }
  }

  subscribe(listener: (message: UserUpdateMessage) => void): () => void {
    const channel = this.channel;
    if (!channel) return () => {};
    const onMessage = (event: MessageEvent) => {
      const parsed = UserUpdateMessageSchema.safeParse(event.data);
      if (parsed.success) listener(parsed.data);
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }

  close(): void {
    this.channel?.close();
  }
}

/** This tab's bus. */
export const tabBus = new TabBus();

/** Another tab changed the user: refetch the session and the account info here. */
export function useUserUpdateSync(bus: TabBus = tabBus): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bus.subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      }),
    [bus, queryClient],
  );
}
