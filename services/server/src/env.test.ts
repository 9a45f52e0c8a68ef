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

  it('stores files in the local media folder unless MEDIA_STORAGE=s3 picks a bucket', () => {
    expect(loadConfig({}).storage).toEqual({
      kind: 'local',
      dir: expect.stringMatching(/data\/media$/) as string,
    });
    expect(loadConfig({}).privateDelivery).toEqual({
      mode: 'stream',
      presignSeconds: 60,
      origins: [],
    });
    const s3 = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'carol-media',
      S3_REGION: 'ap-northeast-2',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'prod/',
      MEDIA_PRIVATE_DELIVERY: 'presign',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'carol-media',
      region: 'ap-northeast-2',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'prod/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(s3.privateDelivery.origins).toEqual(['http://127.0.0.1:9000']);
  });

  it('refuses an S3 setup that cannot work, one line per problem', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrowError(/S3_BUCKET: required/);
    expect(() =>
      loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'carol-media', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrowError(/set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ MEDIA_PRIVATE_DELIVERY: 'presign' })).toThrowError(
      /presign needs MEDIA_STORAGE=s3/,
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrowError(
      /S3_BUCKET must be a valid bucket name/,
    );
    expect(() => loadConfig({ S3_KEY_PREFIX: 'prod' })).toThrowError(/end with \//);
  });

  it('reads a replica only next to a primary, with its lag and stickiness bounds', () => {
    expect(loadConfig({}).readReplica).toBeNull();
    expect(loadConfig({}).migrateOnStart).toBe(true);
    const config = loadConfig({
      DATABASE_URL: 'postgres://db-primary/carol',
      DATABASE_READ_URL: 'postgres://db-replica/carol',
      DATABASE_READ_MAX_LAG_MS: '2000',
      MIGRATE_ON_START: 'false',
    });
    expect(config.readReplica).toEqual({
      url: 'postgres://db-replica/carol',
      maxLagMs: 2000,
      stickyMs: 5000,
    });
    expect(config.migrateOnStart).toBe(false);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://db-replica/carol' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_READ_URL: 'mysql://a/b' }),
    ).toThrow(/DATABASE_READ_URL must start with postgres/);
  });

  it('fails fast with one clear line per bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVICE_BASES: 'main,admin' }),
    ).toThrowError(
      /PORT[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*SERVICE_BASES/,
    );
  });

  it('takes the purge schedule as five cron fields, hourly by default', () => {
    expect(loadConfig({}).purgeSchedule).toBe('0 * * * *');
    expect(loadConfig({ PURGE_SCHEDULE: '*/5 * * * *' }).purgeSchedule).toBe('*/5 * * * *');
    expect(() => loadConfig({ PURGE_SCHEDULE: 'hourly' })).toThrowError(
      /PURGE_SCHEDULE: PURGE_SCHEDULE must be five cron fields/,
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
