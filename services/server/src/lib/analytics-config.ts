import type { AnalyticsConfig } from '../env.js';

/**
 * Usage statistics (ADR 030): the measurement id is runtime configuration. The served
 * index.html carries it in a meta tag the SPA reads; the CSP allows the tag manager and the
 * collection hosts only when an id is set. Pure functions, so the per-route head filling can
 * compose with them.
 */

/** The meta tag's name; apps/web/src/lib/analytics reads it. */
export const ANALYTICS_META_NAME = 'carol-analytics';

/** The extra CSP sources the tag needs; none without a measurement id. */
export function analyticsCspSources(config: AnalyticsConfig | null): {
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
} {
  if (!config) return { scriptSrc: [], connectSrc: [], imgSrc: [] };
  return {
    scriptSrc: [config.scriptOrigin],
    connectSrc: config.connectOrigins,
    // The tag falls back to an image request where sendBeacon and fetch are unavailable.
    imgSrc: config.connectOrigins,
  };
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The meta tag telling the SPA the id and where the tag script comes from ('' without an id). */
export function analyticsMeta(config: AnalyticsConfig | null): string {
  if (!config) return '';
  return `<meta name="${ANALYTICS_META_NAME}" content="${escapeAttribute(config.measurementId)}" data-script-origin="${escapeAttribute(config.scriptOrigin)}" />`;
}

/** index.html with the analytics meta tag at the end of its head; unchanged without an id. */
export function withAnalyticsMeta(html: string, config: AnalyticsConfig | null): string {
  const meta = analyticsMeta(config);
  if (!meta) return html;
  const headEnd = html.search(/<\/head>/i);
  if (headEnd !== -1) return `${html.slice(0, headEnd)}${meta}\n${html.slice(headEnd)}`;
  // No head element (a minimal test page): the parser puts a leading meta into the head.
  const afterDoctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = afterDoctype ? afterDoctype[0].length : 0;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
