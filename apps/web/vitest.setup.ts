import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// No globals in vitest: Testing Library cannot register its own cleanup, so do it here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
