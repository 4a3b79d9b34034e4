// First: zod must not try `new Function` under the Content-Security-Policy (lib/zod-without-eval.ts).
import '@/lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LOGIN_PATH } from '@mediadiet/contract/auth';
import { mayBeOAuthPopupReturn } from '@/lib/google-sign-in';
import { hasAuthToken } from '@/lib/storage';
import { OAuthPopupDone } from '@/features/auth/components/oauth-popup-done';
import './index.css';

/**
 * Which app this page starts (docs/decisions/073-route-javascript-budget.md):
 * - in the Google sign-in popup: hand the result to the opener and close, without starting an app (only a
 *   window that may be that popup loads the code that reads the result, lib/oauth-popup.ts);
 * - `/auth/login` without a session: the sign-in page alone (app/login-app.tsx), without React Router and
 *   TanStack Query; it hands over to the full app when the visitor leaves it;
 * - anything else: the full app (app/app.tsx).
 * index.html preloads the chosen app's code with the screen's (vite-plugins.ts, preloadScreenChunks).
 */
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
const root = createRoot(container);

function startApp(target: Root): void {
  void import('@/app/app').then(({ startApp: start }) => start(target));
}

function isSignedOutLogin(): boolean {
  return window.location.pathname.replace(/\/+$/, '') === LOGIN_PATH && !hasAuthToken();
}

if (mayBeOAuthPopupReturn(window)) {
  void import('@/lib/oauth-popup').then(
    ({ completeOAuthPopup }) => {
      if (!completeOAuthPopup()) return startApp(root);
      root.render(
        <StrictMode>
          <OAuthPopupDone />
        </StrictMode>,
      );
    },
    () => startApp(root),
  );
} else if (isSignedOutLogin()) {
  void import('@/app/login-app').then(({ startLoginApp }) => startLoginApp(root));
} else {
  startApp(root);
}
