import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

describe('loadConfig', () => {
  it('runs with nothing set: embedded PGlite under ./data, all three bases, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/data\/pglite$/);
    expect(config.mediaDir).toMatch(/data\/media$/);
    expect(config.serviceBases).toEqual(['main', 'shop', 'ml']);
    expect(config.appOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('fails fast with one clear line per bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVICE_BASES: 'main,admin' }),
    ).toThrowError(
      /PORT[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*SERVICE_BASES/,
    );
  });

  it('reads lists and booleans the way .env.example writes them', () => {
    const config = loadConfig({
      SERVICE_BASES: 'main, shop',
      COOKIE_SECURE: 'false',
      APP_ORIGINS: 'https://carol.example.com',
    });
    expect(config.serviceBases).toEqual(['main', 'shop']);
    expect(config.cookieSecure).toBe(false);
    expect(config.appOrigins).toEqual(['https://carol.example.com']);
  });
});
