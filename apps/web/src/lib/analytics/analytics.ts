import { pagePath, pageUrl } from './page-path';

/**
 * Anonymous usage statistics with the Google tag (ADR 030). The server puts the measurement id
 * into index.html at runtime (`<meta name="carol-analytics">`); without it nothing is loaded.
 * A member who turned statistics off never requests the script; turning them off later stops
 * every further hit. Page views carry the path only; events carry only what `events.ts` allows.
 */
export const ANALYTICS_META_NAME = 'carol-analytics';
const MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;
const DEFAULT_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

export interface AnalyticsTag {
  measurementId: string;
  scriptOrigin: string;
}

/** Event parameters: plain numbers and short codes, never text a member typed. */
export type EventParams = Record<string, string | number>;

type TagWindow = Window & { dataLayer?: unknown[] } & Record<string, unknown>;

/** The tag the server configured, or null (no meta, a malformed id or origin). */
export function readAnalyticsTag(doc: Document): AnalyticsTag | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_META_NAME}"]`);
  if (!meta || !MEASUREMENT_ID.test(meta.content)) return null;
  try {
    const origin = new URL(meta.dataset.scriptOrigin || DEFAULT_SCRIPT_ORIGIN);
    if (origin.protocol !== 'https:' && origin.protocol !== 'http:') return null;
    return { measurementId: meta.content, scriptOrigin: origin.origin };
  } catch {
    return null;
  }
}

export interface AnalyticsOptions {
  /** The member's choice (persisted); read before anything is requested. */
  isEnabled: () => boolean;
  /** Calls back with the new choice whenever it changes; answers the unsubscribe. */
  subscribe: (listener: (enabled: boolean) => void) => () => void;
  /** Test seams; default the page's own. */
  document?: () => Document;
  window?: () => Window;
}

export interface Analytics {
  /** Reads the meta and, unless turned off, loads the tag. Idempotent. */
  start: () => void;
  /** A page view for the route's path (query and fragment dropped, personal segments hidden). */
  pageView: (path: string) => void;
  /** A named event with non-personal parameters. */
  event: (name: string, params: EventParams) => void;
  /** True while hits are sent. */
  isActive: () => boolean;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const doc = options.document ?? (() => document);
  const win = options.window ?? (() => window);
  let tag: AnalyticsTag | null = null;
  let isStarted = false;
  let isLoaded = false;
  let lastPath: string | null = null;

  function gtag(..._args: unknown[]): void {
    const w = win() as TagWindow;
    w.dataLayer = w.dataLayer ?? [];
    // The tag reads each command as the `arguments` object, exactly as Google's snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  }

  const isActive = () => tag !== null && isLoaded && options.isEnabled();

  function setDisabled(disabled: boolean): void {
    if (!tag) return;
    (win() as TagWindow)[`ga-disable-${tag.measurementId}`] = disabled;
  }

  function load(): void {
    if (!tag || isLoaded) return;
    isLoaded = true;
    setDisabled(false);
    const origin = win().location.origin;
    gtag('js', new Date());
    gtag('config', tag.measurementId, {
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
      page_location: pageUrl(win().location.pathname, origin),
      page_referrer: doc().referrer ? pageUrl(doc().referrer) : '',
    });
    const script = doc().createElement('script');
    script.async = true;
    script.src = `${tag.scriptOrigin}/gtag/js?id=${encodeURIComponent(tag.measurementId)}`;
    doc().head.appendChild(script);
  }

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      tag = readAnalyticsTag(doc());
      if (!tag) return;
      options.subscribe((enabled) => {
        if (enabled) {
          setDisabled(false);
          load();
        } else {
          setDisabled(true);
        }
      });
      if (options.isEnabled()) load();
    },
    pageView(path) {
      if (!isActive()) return;
      const page = pagePath(path);
      if (page === lastPath) return;
      lastPath = page;
      const location = `${win().location.origin}${page}`;
      // Later events (the booking funnel) report this page too, without its query string.
      gtag('set', { page_location: location });
      gtag('event', 'page_view', { page_path: page, page_location: location });
    },
    event(name, params) {
      if (!isActive()) return;
      gtag('event', name, params);
    },
    isActive,
  };
}
