import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { createStorage, type MediaStorage, type StorageConfig } from '../src/lib/storage.js';

interface KoaContext {
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface TestS3 {
  /** Environment for loadConfig / createTestApp that selects this server. */
  env: Record<string, string>;
  config: Extract<StorageConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

const rawPathHeader = 'x-test-raw-path';

/**
 * s3rver builds the canonical URI of a bucket-level request as `/<bucket>`, while SigV4 (and
 * AWS S3, MinIO) sign the path as sent: the SDK sends `/<bucket>/` for ListObjectsV2 and
 * DeleteObjects, so their signatures never matched. The canonical URI is taken from the raw
 * request path instead; signatures are still checked.
 */
let signingPatched = false;
function patchCanonicalUri() {
  if (signingPatched) return;
  signingPatched = true;
  const require = createRequire(import.meta.url);
  const v4 = require('@20minutes/s3rver/lib/signature/v4.js') as {
    getStringToSign: (
      canonical: { uri: string; headers: Record<string, string> },
      r: unknown,
    ) => string;
  };
  const original = v4.getStringToSign;
  v4.getStringToSign = (canonical, request) => {
    const raw = canonical.headers[rawPathHeader];
    return original(raw ? { ...canonical, uri: raw } : canonical, request);
  };
}

/**
 * A local S3-compatible server (s3rver, files in a temporary directory) on a loopback port (0:
 * a free one), with one bucket. Signatures are checked (key and secret `S3RVER`).
 */
export async function startTestS3(bucket = 'carol-media', port = 0): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'carol-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  patchCanonicalUri();
  (
    server as unknown as {
      middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
    }
  ).middleware.unshift((ctx, next) => {
    ctx.headers[rawPathHeader] = ctx.path;
    return next();
  });
  const bound = ((await server.run()) as { port: number }).port;
  const endpoint = `http://127.0.0.1:${bound}`;
  return {
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      prefix: '',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The storage backends every parametrised storage test runs on. */
export const storageBackends = ['local', 's3'] as const;
export type StorageBackend = (typeof storageBackends)[number];

export interface TestStorage {
  storage: MediaStorage;
  /** Environment for createTestApp selecting this backend (MEDIA_DIR or the S3 variables). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh, empty storage of the given kind (a temporary directory or a bucket). */
export async function startTestStorage(backend: StorageBackend): Promise<TestStorage> {
  if (backend === 's3') {
    const s3 = await startTestS3();
    return { storage: createStorage(s3.config), env: s3.env, close: () => s3.close() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'carol-media-'));
  return {
    storage: createStorage({ kind: 'local', dir }),
    env: { MEDIA_DIR: dir },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
