// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalyticsStore } from '../stores/analytics.store';
import { ANALYTICS_META_NAME, createAnalytics, readAnalyticsTag } from './analytics';
import { bookingParams } from './events';
import { pagePath } from './page-path';

type TagWindow = Window & { dataLayer?: IArguments[] } & Record<string, unknown>;
const tagWindow = () => window as unknown as TagWindow;

function setMeta(content: string, scriptOrigin?: string) {
  const meta = document.createElement('meta');
  meta.name = ANALYTICS_META_NAME;
  meta.content = content;
  if (scriptOrigin) meta.dataset.scriptOrigin = scriptOrigin;
  document.head.appendChild(meta);
}

const tagScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) =>
    s.src.includes('/gtag/js'),
  );

/** The dataLayer as plain arrays ([command, ...args]). */
const commands = (): unknown[][] =>
  (tagWindow().dataLayer ?? []).map((entry) => Array.from(entry) as unknown[]);
const events = () =>
  commands()
    .filter((c) => c[0] === 'event')
    .map((c) => ({ name: c[1] as string, params: c[2] as Record<string, unknown> }));

function setup(stored?: { usageStatsEnabled: boolean }) {
  if (stored) {
    localStorage.setItem('carol-analytics', JSON.stringify({ state: stored, version: 1 }));
  }
  const store = createAnalyticsStore();
  const analytics = createAnalytics({
    isEnabled: () => store.getState().usageStatsEnabled,
    subscribe: (listener) =>
      store.subscribe((state, previous) => {
        if (state.usageStatsEnabled !== previous.usageStatsEnabled) {
          listener(state.usageStatsEnabled);
        }
      }),
  });
  return { store, analytics };
}

beforeEach(() => {
  document.head.innerHTML = '';
  delete tagWindow().dataLayer;
  delete tagWindow()['ga-disable-G-TEST1234'];
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('the tag is loaded only when configured and allowed', () => {
  it('loads nothing without the meta, and sends nothing', () => {
    const { analytics } = setup();
    analytics.start();
    analytics.pageView('/find/map');
    analytics.event('booking_date_selected', { shop_id: 3 });
    expect(tagScripts()).toHaveLength(0);
    expect(tagWindow().dataLayer).toBeUndefined();
    expect(analytics.isActive()).toBe(false);
  });

  it('ignores a malformed id or script origin', () => {
    setMeta('UA-1234-1');
    expect(readAnalyticsTag(document)).toBeNull();
    document.head.innerHTML = '';
    setMeta('G-TEST1234', 'javascript:alert(1)');
    expect(readAnalyticsTag(document)).toBeNull();
  });

  it('loads the tag asynchronously from the configured origin, without its own page view', () => {
    setMeta('G-TEST1234', 'http://127.0.0.1:9');
    const { analytics } = setup();
    analytics.start();
    analytics.start();
    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.async).toBe(true);
    expect(scripts[0]!.src).toBe('http://127.0.0.1:9/gtag/js?id=G-TEST1234');
    const config = commands().find((c) => c[0] === 'config');
    expect(config).toEqual([
      'config',
      'G-TEST1234',
      expect.objectContaining({
        send_page_view: false,
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      }),
    ]);
  });

  it('defaults the script origin to the Google tag manager', () => {
    setMeta('G-TEST1234');
    expect(readAnalyticsTag(document)?.scriptOrigin).toBe('https://www.googletagmanager.com');
  });

  it('never requests the script for a member who opted out', () => {
    setMeta('G-TEST1234');
    const { analytics } = setup({ usageStatsEnabled: false });
    analytics.start();
    analytics.pageView('/');
    analytics.event('booking_reserved', { shop_id: 3 });
    expect(tagScripts()).toHaveLength(0);
    expect(tagWindow().dataLayer).toBeUndefined();
  });

  it('stops sending once turned off, and resumes when turned on again', () => {
    setMeta('G-TEST1234');
    const { analytics, store } = setup();
    analytics.start();
    analytics.pageView('/');
    store.getState().setUsageStatsEnabled(false);
    expect(tagWindow()['ga-disable-G-TEST1234']).toBe(true);
    analytics.pageView('/find/map');
    analytics.event('booking_date_selected', { shop_id: 3 });
    expect(events().map((e) => e.params.page_path ?? e.name)).toEqual(['/']);
    store.getState().setUsageStatsEnabled(true);
    expect(tagWindow()['ga-disable-G-TEST1234']).toBe(false);
    analytics.pageView('/stylebook');
    expect(events().map((e) => e.params.page_path)).toEqual(['/', '/stylebook']);
    expect(tagScripts()).toHaveLength(1);
  });

  it('loads the tag when a member who had opted out turns statistics on', () => {
    setMeta('G-TEST1234');
    const { analytics, store } = setup({ usageStatsEnabled: false });
    analytics.start();
    expect(tagScripts()).toHaveLength(0);
    store.getState().setUsageStatsEnabled(true);
    expect(tagScripts()).toHaveLength(1);
  });
});

describe('page views', () => {
  it('report the path only, once per route change', () => {
    setMeta('G-TEST1234');
    const { analytics } = setup();
    analytics.start();
    analytics.pageView('/reservation/first?shop_id=3&phone=01012345678#top');
    analytics.pageView('/reservation/first');
    analytics.pageView('/mypage/reservationdetail?booking=77');
    const views = events().filter((e) => e.name === 'page_view');
    expect(views.map((v) => v.params)).toEqual([
      { page_path: '/reservation/first', page_location: `${location.origin}/reservation/first` },
      {
        page_path: '/mypage/reservationdetail',
        page_location: `${location.origin}/mypage/reservationdetail`,
      },
    ]);
    expect(JSON.stringify(commands())).not.toMatch(/shop_id=|0101234|booking=/);
  });

  it('hide e-mail addresses, phone numbers and one-time tokens in the path', () => {
    expect(pagePath('/login/registeruserbyemail/hana%40example.com')).toBe(
      '/login/registeruserbyemail/:email',
    );
    expect(pagePath('/login/resetpassword/hana@example.com')).toBe('/login/resetpassword/:email');
    expect(pagePath('/login/registeruserafteremail/abc')).toBe(
      '/login/registeruserafteremail/:token',
    );
    expect(pagePath('/login/findpasswordafteremail/abc')).toBe(
      '/login/findpasswordafteremail/:token',
    );
    expect(pagePath('/mypage/setting/changeemailsendafter/kr/abc')).toBe(
      '/mypage/setting/changeemailsendafter/:country/:token',
    );
    expect(pagePath('/anything/someone@example.com/010-1234-5678')).toBe('/anything/:email/:phone');
    expect(pagePath('/x/3f9a0c27b1e84d6aa0c1d2e3f4a5b6c7')).toBe('/x/:token');
    expect(pagePath('/stylebook/style/w/-1/0/0')).toBe('/stylebook/style/w/-1/0/0');
    expect(pagePath('/find/saloninfo/42/images')).toBe('/find/saloninfo/42/images');
  });
});

describe('booking funnel events', () => {
  it('carry the salon, counts and the price only, whatever the caller passes', () => {
    const personal = {
      shop_id: 3,
      menu_count: 2,
      value: 110000,
      currency: 'KRW' as const,
      member_id: 7,
      booker_name: '박서연',
      booker_phone: '010-7300-4411',
      email: 'hana@example.com',
      booking_id: 91,
      request_note: '앞머리는 짧게',
    };
    expect(bookingParams(personal)).toEqual({
      shop_id: 3,
      menu_count: 2,
      value: 110000,
      currency: 'KRW',
    });
    expect(bookingParams({ shop_id: 3, value: 5, currency: 'USD' as never })).toEqual({
      shop_id: 3,
    });
  });

  it('are sent through the tag with only the allowed parameters', () => {
    setMeta('G-TEST1234');
    const { analytics } = setup();
    analytics.start();
    analytics.event(
      'booking_reserved',
      bookingParams({ shop_id: 3, menu_count: 1, value: 30000, currency: 'KRW' }),
    );
    expect(events()).toEqual([
      {
        name: 'booking_reserved',
        params: { shop_id: 3, menu_count: 1, value: 30000, currency: 'KRW' },
      },
    ]);
  });
});
