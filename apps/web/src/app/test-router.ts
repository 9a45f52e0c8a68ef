import { createMemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { createAppRoutes, routerFuture } from './routes';

/** The app's real routes in memory, started at `path`; resolves once the first navigation settles. */
export async function startRouterAt(path: string) {
  const router = createMemoryRouter(createAppRoutes(), {
    initialEntries: [path],
    future: routerFuture,
  });
  await settle(router);
  return router;
}

export async function settle(router: ReturnType<typeof createMemoryRouter>) {
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 10_000, interval: 10 },
  );
}
