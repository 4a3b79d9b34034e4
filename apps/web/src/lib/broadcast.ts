import type * as ExtensionContract from '@mediadiet/contract/extension';
import { BROADCAST_CHANNEL_NAME, type UserUpdateMessage } from '@mediadiet/contract/extension';
import type { User } from '@mediadiet/contract/user';
import { lazyModule } from '@/lib/lazy-module';

/** The message schema (zod) loads with the first message: a tab that hears none never needs it. */
const schemas = lazyModule(() => import('@mediadiet/contract/extension'));

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
    let active = true;
    const deliver = ({ UserUpdateMessageSchema }: typeof ExtensionContract, data: unknown) => {
      const parsed = UserUpdateMessageSchema.safeParse(data);
      if (parsed.success && active) listener(parsed.data);
    };
    const onMessage = (event: MessageEvent) => {
      const loaded = schemas.current();
      if (loaded) deliver(loaded, event.data);
      else
        void schemas.load().then(
          (module) => deliver(module, event.data),
          () => {},
        );
    };
    channel.addEventListener('message', onMessage);
    return () => {
      active = false;
      channel.removeEventListener('message', onMessage);
    };
  }

  close(): void {
    this.channel?.close();
  }
}

/** This tab's bus. */
export const tabBus = new TabBus();
