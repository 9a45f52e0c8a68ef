import { expect, test } from '@playwright/test';

/**
 * First load (ADR 032): a first visit loads its market's font and its language's catalog only,
 * compressed, and the page raises no Content-Security-Policy report (zod's eval probe did).
 */
for (const visitor of [
  { locale: 'ko-KR', language: 'ko', market: 'kr', otherMarket: 'jp', font: 'noto-sans-kr' },
  { locale: 'ja-JP', language: 'ja', market: 'jp', otherMarket: 'kr', font: 'noto-sans-jp' },
] as const) {
  test(`a ${visitor.language} first visit loads the ${visitor.market} font and the ${visitor.language} catalog only`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: visitor.locale,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const paths: string[] = [];
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      paths.push(url.pathname);
      encodings.set(url.pathname, response.headers()['content-encoding']);
    });
    await page.addInitScript(() => {
      (window as unknown as { cspReports: string[] }).cspReports = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspReports: string[] }).cspReports.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    // The subset is fetched once the text is laid out, which on a busy machine can come after
    // the network has been idle for a moment.
    const subset = page.waitForResponse((r) => r.url().includes(`${visitor.font}-first-400`));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', visitor.language);
    await expect(page.locator('html')).toHaveAttribute('data-server', visitor.market);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await subset;
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle');

    const stylesheets = paths.filter((p) => /\/assets\/fonts-(kr|jp)-/.test(p));
    expect(stylesheets).toEqual([expect.stringMatching(`/assets/fonts-${visitor.market}-`)]);
    expect(paths.filter((p) => p.includes(`fonts-${visitor.otherMarket}-`))).toEqual([]);
    const fontFiles = paths.filter((p) => p.endsWith('.woff2'));
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(file).toContain(visitor.font);
    // The home's first screen is drawn from the build's first-screen subset alone: no
    // unicode-range slice is fetched for it (ADR 032; 23 Korean / 49 Japanese files before).
    expect(fontFiles.filter((p) => p.includes(`${visitor.font}-first-400`))).toHaveLength(1);
    expect(fontFiles.filter((p) => !p.includes(`${visitor.font}-first-`))).toEqual([]);

    const catalogs = paths.filter((p) => /\/assets\/(ko|en|ja)-[\w-]+\.js$/.test(p));
    expect(catalogs).toEqual([expect.stringMatching(`/assets/${visitor.language}-`)]);

    // Scripts and styles come compressed (the build's .br, ADR 028).
    const entry = paths.find((p) => /\/assets\/index-[\w-]+\.js$/.test(p));
    expect(entry).toBeDefined();
    expect(encodings.get(entry!)).toBe('br');

    expect(
      await page.evaluate(() => (window as unknown as { cspReports: string[] }).cspReports),
    ).toEqual([]);
    await context.close();
  });
}
