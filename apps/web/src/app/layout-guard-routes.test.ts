import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guardRoutes } from '../../../../e2e/specs/layout-guard.routes';
import { createAppRoutes } from './routes';

// The layout guard (e2e/specs/layout-guard.spec.ts) visits every route of the app.
// A route added to the table without a guard entry fails here, so it cannot be forgotten.

/** Every full path pattern of the route table that shows a screen or redirects. */
function patternsOf(routes: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent === '/' ? '' : parent}/${route.path}`;
    const rendersOrRedirects =
      route.index || route.element !== undefined || route.lazy !== undefined || route.loader;
    if (
      rendersOrRedirects &&
      !(route.children?.length && route.element === undefined && !route.lazy)
    )
      out.push(path === '/*' ? '*' : path);
    if (route.children) out.push(...patternsOf(route.children, path));
  }
  return [...new Set(out)];
}

describe('layout guard route list', () => {
  const table = patternsOf(createAppRoutes());
  const guarded = guardRoutes.map((r) => r.pattern);

  it('reads the route table', () => {
    expect(table).toContain('/reservation/second');
    expect(table).toContain('/find/saloninfo/:salonid/stylebook/:gender/:type/:style/:substyle');
    expect(table).toContain('/mirror');
  });

  it('lists every route of the table', () => {
    expect(table.filter((p) => !guarded.includes(p))).toEqual([]);
  });

  it('lists no route the table lacks', () => {
    expect(guarded.filter((p) => !table.includes(p))).toEqual([]);
  });

  it('visits every route that shows a screen, in at least one way', () => {
    expect(guardRoutes.filter((r) => !r.redirect && r.visits.length === 0)).toEqual([]);
  });
});
