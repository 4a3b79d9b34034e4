import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { mayBeOAuthPopupReturn } from '@/lib/google-sign-in';
import { OAuthPopupDone } from '@/features/auth/components/oauth-popup-done';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
const root = createRoot(container);

function start(handledPopup: boolean) {
  root.render(
    <StrictMode>
      {handledPopup ? (
        <OAuthPopupDone />
      ) : (
        <AppProvider>
          <AppRouter />
        </AppProvider>
      )}
    </StrictMode>,
  );
}

// In the Google sign-in popup: hand the result to the opener and close, without starting the app. Only a
// window that may be that popup loads the code that reads the result (lib/oauth-popup.ts).
if (mayBeOAuthPopupReturn(window)) {
  void import('@/lib/oauth-popup').then(
    ({ completeOAuthPopup }) => start(completeOAuthPopup()),
    () => start(false),
  );
} else {
  start(false);
}
