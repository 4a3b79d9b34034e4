import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from '@/lib/navigation';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of this app (`/terms`). */
  to: string;
}

/**
 * A link to an address of the app that the current navigation (lib/navigation.tsx) follows without a
 * page load, like React Router's `<Link>`; a modified click (new tab or window) or another target is
 * left to the browser.
 */
export function AppLink({ to, onClick, target, children, ...props }: AppLinkProps) {
  const { navigate } = useNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a {...props} href={to} target={target} onClick={follow}>
      {children}
    </a>
  );
}
