import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { catalogs } from '@carol/i18n';
import { addCatalog, i18n } from './src/lib/i18n/i18n';
import { loadToastSanitizer } from './src/app/layout/toast';

// The app loads one language's catalog at a time (lib/i18n/i18n.ts); tests switch between them
// freely, so the shared instance holds all three.
for (const language of ['ko', 'en', 'ja'] as const) addCatalog(i18n, language, catalogs[language]);

// The toast's sanitizer is its own chunk in the app; tests show toasts at once.
await loadToastSanitizer();

// No globals in vitest: Testing Library cannot register its own cleanup, so do it here.
afterEach(() => {
  cleanup();
  globalThis.window?.localStorage.clear();
});
