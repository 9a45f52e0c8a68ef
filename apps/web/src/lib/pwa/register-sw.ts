import { registerSW } from 'virtual:pwa-register';
import { usePwaUpdateStore } from './update.store';

/** How often an open tab asks the server whether a new version was deployed. */
const updateCheckMs = 60 * 60 * 1000;

/**
 * Registers the service worker built by vite-plugin-pwa (ADR 029), once the page has loaded.
 * A new version never takes over by itself: it waits, the update prompt asks, and only this
 * tab's Reload activates it and reloads the page, so nothing half-typed is lost behind the
 * person's back (not even when they tapped Reload in another tab: this one then keeps its page
 * and reloads on its own tap).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let registration: ServiceWorkerRegistration | undefined;
  let isRequested = false;

  const update = async () => {
    isRequested = true;
    // Already activated from another tab: only this page is left to reload.
    if (!registration?.waiting) window.location.reload();
    else await updateSW(true);
  };

  const updateSW = registerSW({
    onNeedRefresh() {
      usePwaUpdateStore.getState().showPrompt(update);
    },
    onNeedReload() {
      if (isRequested) window.location.reload();
    },
    onRegisteredSW(_url, found) {
      registration = found;
      if (!found) return;
      setInterval(() => {
        // Not while offline, nor while a new version is already installing.
        if (!navigator.onLine || found.installing) return;
        void found.update().catch(() => undefined);
      }, updateCheckMs);
    },
  });
}
