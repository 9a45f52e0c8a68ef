// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/api/query-client';
import { LazyPlaceMap } from './lazy-place-map';

/** jsdom has no IntersectionObserver: this one reports what the test says is on screen. */
const observed: Array<{ callback: IntersectionObserverCallback; target: Element }> = [];
class TestObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push({ callback: this.callback, target });
  }
  disconnect() {}
}

function comeIntoView() {
  for (const { callback, target } of observed)
    callback(
      [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
}

function renderMap() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <LazyPlaceMap
          lat={37.567}
          lng={126.979}
          label="지도: 헤어샵 라온"
          to="/find/map?at=37.56700,126.97900,16"
          offlineNote="지도를 불러올 수 없어요"
        />
      ),
    },
  ]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  observed.length = 0;
  vi.unstubAllGlobals();
});

describe('LazyPlaceMap', () => {
  it('is the link to the full map with the paper grid until it comes near the screen, then the map', async () => {
    vi.stubGlobal('IntersectionObserver', TestObserver);
    // The map's config call: refused here, the map then keeps its grid.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    const { container } = renderMap();
    const link = await screen.findByRole('link', { name: '지도: 헤어샵 라온' });
    expect(link.getAttribute('href')).toBe('/find/map?at=37.56700,126.97900,16');
    // Not near yet: no map code ran (the real map's container is inert).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('[inert]')).toBeNull();
    expect(observed).toHaveLength(1);

    act(() => comeIntoView());
    await waitFor(() => expect(container.querySelector('[inert]')).not.toBeNull(), {
      timeout: 15_000,
    });
    expect(screen.getByRole('link', { name: '지도: 헤어샵 라온' }).getAttribute('href')).toBe(
      '/find/map?at=37.56700,126.97900,16',
    );
  }, 30_000);
});
