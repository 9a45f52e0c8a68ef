import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body for app.inject (the shape browsers send). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Uint8Array },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----carol-ml-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `server` and `country_code`, which every ML call carries. */
export const commonFields = { server: 'kr', country_code: 'kr' };

/** POSTs a photo (or no photo) as multipart to an ML endpoint, in `lang`. */
export function postPhoto(
  app: FastifyInstance,
  url: string,
  data: Uint8Array | undefined,
  options: { fields?: Record<string, string>; type?: string; lang?: string } = {},
) {
  const body = multipartBody(
    { ...commonFields, ...options.fields },
    data && { name: 'photo.jpg', type: options.type ?? 'image/jpeg', data },
  );
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': options.lang ?? 'ko' },
  });
}

/** The error envelope's fields the tests read. */
export interface ErrorBody {
  result?: string;
  resCode?: string;
  resMessage?: string;
  fields?: Array<{ field: string }>;
}
export const errorBody = (res: { json: () => unknown }) => res.json() as ErrorBody;

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG announcing width × height pixels with almost no data (a "pixel bomb": tiny file, huge image). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
