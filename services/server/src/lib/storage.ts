import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * Every stored file (gallery, review photos, styling-history photos and videos, scalp images,
 * generated seed images) goes through this interface (ADR 041). A key is the path under
 * `/media/`: `<folder>/<yyyy-mm>/<random><suffix>.<ext>` or `seed/<version>/...`.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Writes a new object. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Size and modification time; undefined when there is no such object. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** The bytes `start..end` (inclusive) or the whole object, as a stream. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  readAll(key: string): Promise<Buffer>;
  /** Removes objects; missing ones are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: ends with `/`). */
  list(prefix: string): AsyncIterable<ObjectInfo & { key: string }>;
  /**
   * A URL the browser may fetch the object from without a session for `seconds`; only the S3
   * backend has one (the local directory is served by the app itself).
   */
  presign?(
    key: string,
    options: { seconds: number; contentType: string; cacheControl: string },
  ): Promise<string>;
  /** The object's path on this machine, when it has one (sharp reads it without a copy). */
  localPath?(key: string): string;
}

export interface ObjectInfo {
  size: number;
  modified: Date;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string | undefined;
      forcePathStyle: boolean;
      /** Prepended to every key (e.g. `carol/`), so one bucket can hold several deployments. */
      prefix: string;
      credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/**
 * Keys this app writes: lowercase-insensitive letters, digits, `-`, `_`, `.` in `/`-separated
 * segments, none empty or starting with a dot. Anything else never reaches a backend.
 */
const keyPattern = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && keyPattern.test(key);
}

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error('invalid storage key');
  return key;
}

export class MissingObjectError extends Error {
  constructor() {
    super('no such object');
  }
}

export function createStorage(config: StorageConfig): MediaStorage {
  return config.kind === 'local' ? localStorage(config.dir) : s3Storage(config);
}

/** Files under one directory: `<dir>/<key>`, written once, never overwritten. */
export function localStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => join(root, checkKey(key));
  const missing = (error: unknown) =>
    (error as NodeJS.ErrnoException).code === 'ENOENT' ? new MissingObjectError() : error;
  return {
    kind: 'local',
    localPath: pathOf,
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => undefined);
      return info?.isFile() ? { size: info.size, modified: info.mtime } : undefined;
    },
    async read(key, range) {
      const file = pathOf(key);
      // Opened before returning, so a missing file fails here and not mid-response.
      const info = await stat(file).catch((error: unknown) => {
        throw missing(error);
      });
      if (!info.isFile()) throw new MissingObjectError();
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    readAll: (key) =>
      readFile(pathOf(key)).catch((error: unknown) => {
        throw missing(error);
      }),
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async *list(prefix) {
      const base = join(root, prefix);
      const start = prefix.endsWith('/') || prefix === '' ? base : dirname(base);
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = join(entry.parentPath, entry.name);
        const key = relative(root, file).split(sep).join('/');
        if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
        const info = await stat(file).catch(() => undefined);
        if (info) yield { key, size: info.size, modified: info.mtime };
      }
    },
  };
}

/** Any S3-compatible store through the AWS SDK v3. */
export function s3Storage(config: Extract<StorageConfig, { kind: 's3' }>): MediaStorage & {
  client: S3Client;
} {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API requires them: several S3-compatible stores reject the
    // SDK's default CRC32 trailer on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + checkKey(key);
  const absent = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  async function get(key: string, range?: { start: number; end: number }) {
    try {
      const out = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!out.Body) throw new MissingObjectError();
      return out.Body as Readable;
    } catch (error) {
      throw absent(error) ? new MissingObjectError() : error;
    }
  }

  return {
    kind: 's3',
    client,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
        }),
      );
    },
    async stat(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0) };
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
    read: get,
    readAll: async (key) => bufferOf(await get(key)),
    async remove(keys) {
      // DeleteObjects takes at most 1000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
          }),
        );
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0) {
          throw new Error(`could not delete ${failed.length} object(s): ${failed[0]!.Code}`);
        }
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: config.prefix + prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const item of out.Contents ?? []) {
          const key = item.Key?.slice(config.prefix.length);
          if (!key || !isStorageKey(key)) continue;
          yield { key, size: item.Size ?? 0, modified: item.LastModified ?? new Date(0) };
        }
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
    },
    presign(key, options) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ResponseContentType: options.contentType,
          ResponseCacheControl: options.cacheControl,
        }),
        { expiresIn: options.seconds },
      );
    },
  };
}

/** Reads a whole stream (tests, small objects). */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Copies every object of `from` under `prefix` that `to` does not hold yet (the demo seed
 * renders into the local media directory; with an S3 bucket its files are then uploaded).
 */
export async function copyMissing(
  from: MediaStorage,
  to: MediaStorage,
  prefix: string,
  contentTypeOf: (key: string) => string | undefined,
): Promise<{ copied: number; bytes: number }> {
  const have = new Set<string>();
  for await (const o of to.list(prefix)) have.add(o.key);
  let copied = 0;
  let bytes = 0;
  for await (const o of from.list(prefix)) {
    const type = contentTypeOf(o.key);
    if (have.has(o.key) || !type) continue;
    await to.put(o.key, await from.readAll(o.key), type);
    copied++;
    bytes += o.size;
  }
  return { copied, bytes };
}
