import { createContext, use, type ReactNode } from 'react';

/**
 * Moving to another address of the app, for the parts that both the signed-out sign-in page
 * (`app/login-app.tsx`, which runs without React Router: docs/decisions/073) and the full app render —
 * the header, the footer, the sign-in screen. The full app provides React Router's navigation
 * (`app/routes/router-navigation.tsx`); the sign-in page provides its hand-over to the full app. Without
 * a provider the document itself navigates.
 */
export interface Navigation {
  /** The current address's query string (`?…`, or ''). */
  search: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const documentNavigation: Navigation = {
  get search() {
    return window.location.search;
  },
  navigate: (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to)),
};

const NavigationContext = createContext<Navigation>(documentNavigation);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function useNavigation(): Navigation {
  return use(NavigationContext);
}
