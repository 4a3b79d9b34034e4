import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { env } from '@/config/env';
import { cn } from '@/lib/cn';
import { useIsAtTop } from '@/app/layout/scroll';

export interface HeaderProps {
  /** The extension status LED (spec §2 Header) — filled by the extension issue. */
  statusSlot?: ReactNode;
  /** The user menu, shown when signed in. */
  userSlot?: ReactNode;
}

export function Header({ statusSlot, userSlot }: HeaderProps) {
  const atTop = useIsAtTop();
  return (
    <header
      data-at-top={atTop}
      className={cn(
        'sticky top-0 z-30 border-b bg-canvas/90 backdrop-blur transition-shadow print:hidden',
        atTop ? 'border-transparent' : 'border-line shadow-card',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <AppLink
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight text-ink"
        >
          <img src="/favicon.svg" alt="" className="size-8 shrink-0" />
          {/* Under 420 px the status LED and the avatar leave no room for the whole name: the mark alone
              shows, and the name stays the link's accessible name (decision 147). */}
          <span className="sr-only min-[420px]:not-sr-only min-[420px]:truncate">{env.serviceName}</span>
        </AppLink>
        <div className="flex items-center gap-3">
          {statusSlot}
          {userSlot}
        </div>
      </div>
    </header>
  );
}
