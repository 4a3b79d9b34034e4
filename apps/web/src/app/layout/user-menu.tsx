import { useEffect, useState } from 'react';
import { LogOut, UserRound } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { DropdownMenu, MenuPanel, menuItemClass } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
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
        <MenuPanel menu={Menu} title={name || 'Signed in'} detail={email}>
          <Menu.Item onSelect={() => void onLogout()} className={cn(menuItemClass, 'text-ink')}>
            <LogOut aria-hidden="true" className="size-4" />
            {messages.auth.logout}
          </Menu.Item>
        </MenuPanel>
      )}
    </DropdownMenu>
  );
}
