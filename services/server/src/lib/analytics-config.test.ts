import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.js';
import { analyticsCspSources, analyticsMeta, withAnalyticsMeta } from './analytics-config.js';

const page = '<!doctype html><html><head><title>Carol</title></head><body></body></html>';

describe('analytics configuration (ADR 030)', () => {
  it('is off without a measurement id: no meta, no extra CSP source', () => {
    const config = loadConfig({});
    expect(config.analytics).toBeNull();
    expect(withAnalyticsMeta(page, config.analytics)).toBe(page);
    expect(analyticsCspSources(config.analytics)).toEqual({
      scriptSrc: [],
      connectSrc: [],
      imgSrc: [],
    });
  });

  it('defaults to the Google tag manager and the two collection hosts', () => {
    const config = loadConfig({ ANALYTICS_MEASUREMENT_ID: 'G-ABC123XYZ9' });
    expect(config.analytics).toEqual({
      measurementId: 'G-ABC123XYZ9',
      scriptOrigin: 'https://www.googletagmanager.com',
      connectOrigins: ['https://www.google-analytics.com', 'https://region1.google-analytics.com'],
    });
    expect(analyticsCspSources(config.analytics)).toEqual({
      scriptSrc: ['https://www.googletagmanager.com'],
      connectSrc: ['https://www.google-analytics.com', 'https://region1.google-analytics.com'],
      imgSrc: ['https://www.google-analytics.com', 'https://region1.google-analytics.com'],
    });
  });

  it('takes other origins, reduced to their origin', () => {
    const config = loadConfig({
      ANALYTICS_MEASUREMENT_ID: 'G-TEST1234',
      ANALYTICS_SCRIPT_ORIGIN: 'http://127.0.0.1:9/ignored/path',
      ANALYTICS_CONNECT_ORIGINS: 'https://a.example/x, https://a.example/y,https://b.example',
    });
    expect(config.analytics).toEqual({
      measurementId: 'G-TEST1234',
      scriptOrigin: 'http://127.0.0.1:9',
      connectOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('refuses an id that is not a Google tag id', () => {
    for (const bad of ['UA-12345-1', 'G-abc123', 'G-1', 'G-ABCD"><script>', 'GTM-ABCD123']) {
      expect(() => loadConfig({ ANALYTICS_MEASUREMENT_ID: bad })).toThrowError(
        /ANALYTICS_MEASUREMENT_ID must look like G-XXXXXXXXXX/,
      );
    }
    expect(() =>
      loadConfig({ ANALYTICS_MEASUREMENT_ID: 'G-TEST1234', ANALYTICS_SCRIPT_ORIGIN: 'gtm' }),
    ).toThrowError(/ANALYTICS_SCRIPT_ORIGIN/);
  });

  it('puts the meta at the end of the head, or first without a head', () => {
    const config = loadConfig({ ANALYTICS_MEASUREMENT_ID: 'G-TEST1234' }).analytics;
    const meta =
      '<meta name="carol-analytics" content="G-TEST1234" data-script-origin="https://www.googletagmanager.com" />';
    expect(analyticsMeta(config)).toBe(meta);
    expect(withAnalyticsMeta(page, config)).toBe(
      `<!doctype html><html><head><title>Carol</title>${meta}\n</head><body></body></html>`,
    );
    expect(withAnalyticsMeta('<!doctype html><title>Carol</title>', config)).toBe(
      `<!doctype html>${meta}<title>Carol</title>`,
    );
  });
});
