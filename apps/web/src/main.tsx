import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles/global.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/routes';
import { startLocale } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register-sw';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The current language's catalog first (its own chunk, preloaded by index.html), then the app.
void startLocale().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The app runs: index.html's boot fallback stands down (ADR 023).
  window.__carolBoot?.done();
  // Offline shell and the update prompt (ADR 029).
  registerServiceWorker();
});
