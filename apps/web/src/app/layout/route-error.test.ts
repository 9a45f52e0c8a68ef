import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { routeFailureOf } from './route-error';

describe('routeFailureOf (a failed load never leaves a blank page)', () => {
  it('reads a lazy screen whose code did not arrive as a load failure, in every browser', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/find-list-Ab1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(routeFailureOf(new TypeError(message)), message).toBe('load');
    }
  });

  it('reads a refused or failing server as busy, and anything else as other', () => {
    const api = (status: number, resCode: ConstructorParameters<typeof ApiError>[0]['resCode']) =>
      new ApiError({ status, resCode, resMessage: 'x' });
    expect(routeFailureOf(api(429, 'RATE_LIMITED'))).toBe('busy');
    expect(routeFailureOf(api(503, 'SERVICE_UNAVAILABLE'))).toBe('busy');
    expect(routeFailureOf(api(0, 'NETWORK_ERROR'))).toBe('load');
    expect(routeFailureOf(api(404, 'NOT_FOUND'))).toBe('other');
    expect(routeFailureOf(new Error('render bug'))).toBe('other');
  });
});
