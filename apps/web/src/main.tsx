import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { completeOAuthPopup } from '@/lib/oauth-popup';
import { OAuthPopupDone } from '@/features/auth/components/oauth-popup-done';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// In the Google sign-in popup: hand the result to the opener and close, without starting the app.
const handledPopup = completeOAuthPopup();

createRoot(container).render(
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
