/**
 * The attack suite's plumbing: raw HTTP (node:http, so a path is sent exactly as spelled: fetch
 * would resolve `/x/../api` and drop nothing else), a cookie jar per client, request bodies of
 * every kind, and the tally of checks and request figures per category.
 */
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: Record<string, unknown> | undefined;
  ms: number;
}

export interface Body {
  contentType?: string;
  data: Buffer;
}

export type Fields = Record<string, string | number | boolean | Array<string | number>>;

export interface FilePart {
  field: string;
  name: string;
  type: string;
  data: Uint8Array;
}

const common = { server: 'kr', country_code: 'kr' } as const;

function flat(fields: Fields): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries({ ...common, ...fields })) {
    if (Array.isArray(value)) for (const v of value) pairs.push([key, String(v)]);
    else pairs.push([key, String(value)]);
  }
  return pairs;
}

export const bodies = {
  json(fields: Fields): Body {
    const value = { ...common, ...fields };
    return { contentType: 'application/json', data: Buffer.from(JSON.stringify(value)) };
  },
  urlencoded(fields: Fields): Body {
    return {
      contentType: 'application/x-www-form-urlencoded',
      data: Buffer.from(new URLSearchParams(flat(fields)).toString()),
    };
  },
  /** multipart/form-data as a browser's FormData sends it. */
  async multipart(fields: Fields, files: FilePart[] = []): Promise<Body> {
    const form = new FormData();
    for (const [k, v] of flat(fields)) form.append(k, v);
    for (const f of files) form.append(f.field, new Blob([f.data], { type: f.type }), f.name);
    const response = new Response(form);
    return {
      contentType: response.headers.get('content-type') ?? 'multipart/form-data',
      data: Buffer.from(await response.arrayBuffer()),
    };
  },
  text(text: string): Body {
    return { contentType: 'text/plain', data: Buffer.from(text) };
  },
  raw(contentType: string | undefined, data: Buffer | string): Body {
    return { ...(contentType ? { contentType } : {}), data: Buffer.from(data) };
  },
};

/** A fresh IPv4 address from 10/8 (the app trusts X-Forwarded-For in this suite). */
export function freshAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2]! % 250) + 1}`;
}

export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly name: string,
    /** Sent as X-Forwarded-For; null: a fresh address on every request. */
    public address: string | null = freshAddress(),
  ) {}

  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The session cookie alone (its name depends on COOKIE_SECURE). */
  sessionCookie(): string | undefined {
    for (const [k, v] of this.cookies) if (/carol_sid$/.test(k)) return `${k}=${v}`;
    return undefined;
  }

  async send(
    method: string,
    path: string,
    body?: Body,
    headers: Record<string, string> = {},
    options: { withCookies?: boolean } = {},
  ): Promise<Answer> {
    const all: Record<string, string> = {
      'accept-language': 'en',
      'x-forwarded-for': this.address ?? freshAddress(),
      ...headers,
    };
    const cookie = options.withCookies === false ? undefined : this.cookieHeader();
    if (cookie && !('cookie' in headers)) all.cookie = cookie;
    if (body?.contentType && !('content-type' in headers)) all['content-type'] = body.contentType;
    if (body) all['content-length'] = String(body.data.length);
    const answer = await rawRequest(this.base, method, path, all, body?.data);
    this.keep(answer.headers['set-cookie']);
    tally(answer.status);
    return answer;
  }

  post(path: string, body: Body, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, body, headers);
  }

  /** A JSON call as the web client makes it (same-origin fetch). */
  call(path: string, fields: Fields = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.post(path, bodies.json(fields), headers);
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('GET', path, undefined, headers);
  }

  private keep(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  data?: Buffer,
): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: Record<string, unknown> | undefined;
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(text) as Record<string, unknown>;
            } catch {
              json = undefined;
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            text,
            json,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before the whole body is sent.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        resolve({
          status: 0,
          headers: {},
          bytes: Buffer.alloc(0),
          text: `connection closed: ${error.code}`,
          json: undefined,
          ms: performance.now() - started,
        });
      } else reject(error);
    });
    if (data) req.end(data);
    else req.end();
  });
}

// --- Tally --------------------------------------------------------------------------------

export interface Category {
  name: string;
  passed: number;
  failed: number;
  tried: number;
  refused: number;
  served: number;
  errors5xx: number;
  failures: string[];
  ms: number;
}

const categories: Category[] = [];
let current: Category | undefined;

function tally(status: number): void {
  if (!current) return;
  current.tried++;
  if (status >= 500) current.errors5xx++;
  else if (status >= 400 || status === 0) current.refused++;
  else current.served++;
}

export function categoryList(): readonly Category[] {
  return categories;
}

/** Runs one category's attacks; an exception inside is one failed check, not the end of the run. */
export async function category(name: string, run: () => Promise<void>): Promise<void> {
  const c: Category = {
    name,
    passed: 0,
    failed: 0,
    tried: 0,
    refused: 0,
    served: 0,
    errors5xx: 0,
    failures: [],
    ms: 0,
  };
  categories.push(c);
  current = c;
  const started = performance.now();
  process.stdout.write(`\n▶ ${name}\n`);
  try {
    await run();
  } catch (error) {
    check(`${name} ran to the end`, false, error instanceof Error ? error.stack : String(error));
  }
  c.ms = performance.now() - started;
  current = undefined;
  process.stdout.write(
    `  ${c.passed} passed, ${c.failed} failed · ${c.tried} requests: ${c.refused} refused, ${c.served} served, ${c.errors5xx} × 5xx · ${(c.ms / 1000).toFixed(1)} s\n`,
  );
}

/** One verdict. `detail` is printed only on failure. */
export function check(name: string, ok: boolean, detail?: unknown): boolean {
  const c = current;
  if (!c) throw new Error(`check outside a category: ${name}`);
  if (ok) {
    c.passed++;
    if (process.env.SECURITY_VERBOSE) process.stdout.write(`  ✔ ${name}\n`);
  } else {
    c.failed++;
    const text = detail === undefined ? '' : typeof detail === 'string' ? detail : show(detail);
    c.failures.push(name);
    process.stdout.write(
      `  ✘ ${name}${text ? `\n      ${text.replace(/\n/g, '\n      ')}` : ''}\n`,
    );
  }
  return ok;
}

export function show(value: unknown, max = 600): string {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What an answer looked like, for failure details. */
export function brief(a: Answer): string {
  const body = a.json ? show(a.json, 300) : a.text.slice(0, 200);
  return `${a.status} ${body}`;
}

/** A refusal in the error envelope: 4xx, success false, a resCode and a non-empty message. */
export function isEnvelopeRefusal(a: Answer): boolean {
  const j = a.json;
  return (
    a.status >= 400 &&
    a.status < 500 &&
    !!j &&
    j.success === false &&
    typeof j.resCode === 'string' &&
    typeof j.resMessage === 'string' &&
    j.resMessage.trim().length > 0 &&
    j.resMessage !== j.resCode
  );
}

export function isSuccess(a: Answer): boolean {
  return a.status >= 200 && a.status < 300 && a.json?.success !== false;
}

/** Runs `tasks` with at most `width` in flight. */
export async function pool<T>(width: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= tasks.length) return;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/**
 * A multipart body of `files` parts of `fileBytes` each, streamed from one shared zero buffer, so
 * the client's own memory stays flat and any growth measured in this process is the server's.
 */
export function streamMultipart(
  base: string,
  path: string,
  headers: Record<string, string>,
  files: number,
  fileBytes: number,
): Promise<Answer> {
  const boundary = `----carolstream${randomBytes(6).toString('hex')}`;
  const head = (i: number) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="f${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const fields = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="server"\r\n\r\nkr\r\n--${boundary}\r\nContent-Disposition: form-data; name="country_code"\r\n\r\nkr\r\n`,
  );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  const length =
    fields.length +
    Array.from({ length: files }, (_, i) => head(i).length + fileBytes + 2).reduce(
      (a, b) => a + b,
      0,
    ) +
    end.length;
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, text: string, json?: Record<string, unknown>) =>
      resolve({
        status,
        headers: {},
        bytes: Buffer.from(text),
        text,
        json,
        ms: performance.now() - started,
      });
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent: false,
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | undefined;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
          tally(res.statusCode ?? 0);
          done(res.statusCode ?? 0, text, json);
        });
      },
    );
    req.on('error', () => {
      tally(0);
      done(0, 'connection closed');
    });
    void (async () => {
      const write = (b: Buffer) =>
        new Promise<void>((ok) => (req.write(b) ? ok() : req.once('drain', () => ok())));
      try {
        await write(fields);
        for (let i = 0; i < files; i++) {
          await write(head(i));
          for (let left = fileBytes; left > 0 && !req.destroyed; left -= chunk.length)
            await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
          await write(Buffer.from('\r\n'));
        }
        req.end(end);
      } catch {
        // The server closed the connection early: that is an answer too.
      }
    })();
  });
}
