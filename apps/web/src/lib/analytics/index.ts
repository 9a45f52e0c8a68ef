import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAnalyticsStore } from '../stores/analytics.store';
import { createAnalytics } from './analytics';
import { bookingParams, type BookingEventParams, type BookingStep } from './events';

export type { BookingEventParams, BookingStep } from './events';

/** The app's one analytics instance, following the member's choice in Settings. */
export const analytics = createAnalytics({
  isEnabled: () => useAnalyticsStore.getState().usageStatsEnabled,
  subscribe: (listener) =>
    useAnalyticsStore.subscribe((state, previous) => {
      if (state.usageStatsEnabled !== previous.usageStatsEnabled) {
        listener(state.usageStatsEnabled);
      }
    }),
});

/** A step of the booking funnel (no-op without a tag or when statistics are off). */
export function trackBooking(step: BookingStep, params: BookingEventParams): void {
  analytics.event(step, bookingParams(params));
}

/** In the root layout: starts the tag once and reports a page view on every route change. */
export function useAnalyticsPageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => analytics.start(), []);
  useEffect(() => analytics.pageView(pathname), [pathname]);
}
