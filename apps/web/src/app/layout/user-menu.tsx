import { useEffect, useState } from 'react';
import { LogOut, UserRound } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { isAtTop } from '@/app/layout/scroll';

export interface UserMenuProps {
  name?: string | undefined;
  email?: string | undefined;
  onLogout: () => void | Promise<void>;
}

function initialOf(name?: string, email?: string): string | null {
  const source = name?.trim() || email?.trim() || '';
  return source ? source.charAt(0).toLocaleUpperCase() : null;
}

/** Avatar initial, name, e-mail and Logout (spec §2 Header). Closes when the page scrolls away from the top. */
export function UserMenu({ name, email, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const initial = initialOf(name, email);

  useEffect(() => {
    if (!open) return;
    const onScroll = () => {
      if (!isAtTop(window.scrollY)) setOpen(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [open]);

  return (
    // Not modal: a modal menu would lock page scroll, and scrolling is what closes this one.
    <DropdownMenu
      open={open}
      onOpenChange={setOpen}
      modal={false}
      triggerProps={{
        'aria-label': 'Account menu',
        className:
          'inline-flex size-10 items-center justify-center rounded-full bg-accent text-base font-semibold text-white transition-colors hover:bg-accent-hover',
      }}
      trigger={
        initial ? (
          <span aria-hidden="true">{initial}</span>
        ) : (
          <UserRound aria-hidden="true" className="size-5" />
        )
      }
    >
      {(Menu) => (
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={8}
            className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-surface p-2 shadow-overlay"
          >
            <div className="px-3 pt-2 pb-3">
              <p className="truncate font-semibold text-ink">{name || 'Signed in'}</p>
              {email ? <p className="truncate text-sm text-ink-muted">{email}</p> : null}
            </div>
            <Menu.Separator className="mx-1 my-1 h-px bg-line" />
            <Menu.Item
              onSelect={() => void onLogout()}
              className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm font-medium text-ink outline-none data-highlighted:bg-sunken"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {messages.auth.logout}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      )}
    </DropdownMenu>
  );
}
