import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from '@/lib/navigation';

/** The full app's navigation for the router-free parts (lib/navigation.tsx): React Router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const value = useMemo<Navigation>(
    () => ({ search, navigate: (to, options) => void navigate(to, options) }),
    [navigate, search],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
