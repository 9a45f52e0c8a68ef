// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelByLink, getLinkedBooking, type LinkedBooking } from '@carol/contracts';
import { AppProviders } from '../app/providers';
import { answerCalls, failure } from '../features/records/test-server';
import { createQueryClient } from '../lib/api/query-client';
import { i18n } from '../lib/i18n/i18n';
import { useCommonStore } from '../lib/stores/common.store';
import ReminderLinkScreen from './reminder-link';

const booking = (patch: Partial<LinkedBooking> = {}): LinkedBooking => ({
  booking_number: 'C2612100001',
  status: 'reserved',
  shop_name: 'Hair Raon Gangnam',
  designer_name: 'Bonnie Park',
  starts_at: '2026-12-10T05:00:00.000Z',
  date: '2026-12-10',
  time: '14:00',
  time_zone: 'Asia/Seoul',
  menu_names: ['Cut', 'Clinic'],
  ...patch,
});

const patiently = { timeout: 10_000 };

function renderScreen() {
  const router = createMemoryRouter([{ path: '/r/:token', element: <ReminderLinkScreen /> }], {
    initialEntries: ['/r/abc.def'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'en', server: 'kr', loginID: 0, loginFlag: false });
  await i18n.changeLanguage('en');
});

describe('A reminder link', { timeout: 30_000 }, () => {
  it('cancels only after the confirmation step', async () => {
    let cancelled = false;
    const calls = answerCalls({
      [getLinkedBooking.path]: () => ({
        body: {
          purpose: 'cancel',
          can_cancel: !cancelled,
          booking: booking(cancelled ? { status: 'cancelled' } : {}),
        },
      }),
      [cancelByLink.path]: () => {
        cancelled = true;
        return { body: { booking: booking({ status: 'cancelled' }) } };
      },
    });
    renderScreen();
    expect(await screen.findByText('Hair Raon Gangnam', {}, patiently)).toBeTruthy();
    expect(screen.getByText('Cut, Clinic')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    expect(calls.some((c) => c.path.endsWith(cancelByLink.path))).toBe(false);
    // "Go back" leaves the booking as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your booking has been cancelled.', {}, patiently)).toBeTruthy();
    const cancelCall = calls.find((c) => c.path.endsWith(cancelByLink.path));
    expect(cancelCall?.form.get('token')).toBe('abc.def');
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeTruthy(), patiently);
  });

  it('shows a view link without a cancel button, and a refused link with its message', async () => {
    answerCalls({
      [getLinkedBooking.path]: () => ({
        body: { purpose: 'view', can_cancel: false, booking: booking() },
      }),
    });
    renderScreen();
    expect(await screen.findByText('Bonnie Park', {}, patiently)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).toBeNull();
  });

  it('tells a forged or expired link apart from a booking', async () => {
    answerCalls({
      [getLinkedBooking.path]: () => failure(400, 'LINK_INVALID', 'This link is not valid.'),
    });
    renderScreen();
    expect(await screen.findByText('This link is not valid.', {}, patiently)).toBeTruthy();
  });
});
