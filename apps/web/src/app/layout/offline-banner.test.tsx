// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { createQueryClient } from '../../lib/api/query-client';
import { AppProviders } from '../providers';
import { OfflineBanner } from './offline-banner';

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

const networkError = () =>
  new ApiError({ resCode: 'NETWORK_ERROR', resMessage: 'network', status: 0 });

function Data({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['data'], queryFn: load, retry: false });
  return <p>{query.data ?? query.status}</p>;
}

function renderBanner(load?: () => Promise<string>) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <OfflineBanner />
      {load && <Data load={load} />}
    </AppProviders>,
  );
  return queryClient;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('stays hidden while online and the data loads', async () => {
    renderBanner(() => Promise.resolve('loaded'));
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('follows the browser going offline and back online', () => {
    renderBanner();
    setOnline(false);
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toContain('인터넷에 연결되어 있지 않아요');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows after a data call fails for want of a network; Retry loads it again and hides it', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValue('loaded');
    renderBanner(load);
    expect(await screen.findByTestId('offline-banner')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('loaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores failures that are not the network (a 500 has its own screen)', async () => {
    renderBanner(() =>
      Promise.reject(new ApiError({ resCode: 'INTERNAL', resMessage: 'x', status: 500 })),
    );
    expect(await screen.findByText('error')).toBeTruthy();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
