import { describe, expect, it } from 'vitest';
import { catalogs } from '@carol/i18n';
import { createAppRoutes } from '../routes';
import { deepestHandle } from '../route-handle';
import { descriptionOf, screenOf } from './document-title';

describe('per-screen meta description (ADR 028)', () => {
  it("uses the screen's description, else the site's", () => {
    const pages = catalogs.ko.seo.pages;
    expect(descriptionOf(pages, 'salonInfo')).toBe(pages.salonInfo);
    expect(descriptionOf(pages, 'changePassword')).toBe(pages.default);
    expect(descriptionOf(pages, undefined)).toBe(pages.default);
    expect(descriptionOf(catalogs.ja.seo.pages, 'findList')).toBe(catalogs.ja.seo.pages.findList);
  });

  it('describes only screens that exist', () => {
    const screens = new Set<string>();
    const visit = (routes: ReturnType<typeof createAppRoutes>) => {
      for (const route of routes) {
        const screen = screenOf(deepestHandle([{ handle: route.handle }]));
        if (screen) screens.add(screen);
        if (route.children) visit(route.children);
      }
    };
    visit(createAppRoutes());
    for (const key of Object.keys(catalogs.ko.seo.pages)) {
      if (key !== 'default') expect(screens, key).toContain(key);
    }
  });
});
