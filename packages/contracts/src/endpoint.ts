import type { z } from 'zod';
import type { Envelope } from './envelope.js';
import type { ServiceBase } from './common.js';
import { withTextRule } from './text.js';

/** Who may call an endpoint. `member` needs a session; `console` needs a shop console key. */
export type Access = 'public' | 'member' | 'console';

/**
 * The file parts an endpoint takes (multipart form-data). An endpoint without one takes no file:
 * the server refuses a file part (415) before reading it, and any body above its JSON/form limit
 * (413). Limits are checked against Content-Length before the body is read, and while it is read.
 */
export interface UploadRule {
  /** Each file field and the most files it may carry. */
  files: Record<string, number>;
  /** Largest file, in bytes. */
  fileBytes: number;
  /** Largest whole body, in bytes (default: every file at its largest plus 1 MiB of fields). */
  totalBytes?: number;
}

/**
 * One contract per endpoint: the server registers it, the web client calls it, OpenAPI is
 * generated from it. Paths are the spec's, relative to their service base.
 */
export interface EndpointContract<
  Req extends z.ZodObject = z.ZodObject,
  Data extends z.ZodObject = z.ZodObject,
> {
  base: ServiceBase;
  path: `/${string}`;
  summary: string;
  tag: string;
  access: Access;
  envelope: Envelope;
  /**
   * Request body, without the common `server`/`country_code` fields (added by the server).
   * `defineEndpoint` puts the text rule (text.ts) on every string in it.
   */
  request: Req;
  /** Response payload, without the envelope markers (added when presenting). */
  response: Data;
  /**
   * `json` (default): the envelope + `response`. `blob`: success is a binary body (e.g. an
   * image; `response` is then empty) and only failures use the JSON error envelope.
   */
  responseType?: 'json' | 'blob';
  /** File parts this endpoint takes; absent: none (see UploadRule). */
  uploads?: UploadRule;
}

export function defineEndpoint<Req extends z.ZodObject, Data extends z.ZodObject>(
  contract: EndpointContract<Req, Data>,
): EndpointContract<Req, Data> {
  // Every string of every request refuses control characters, whoever writes the contract.
  return { ...contract, request: withTextRule(contract.request) };
}

export type RequestOf<C> = C extends EndpointContract<infer R, z.ZodObject> ? z.input<R> : never;
export type ParsedRequestOf<C> =
  C extends EndpointContract<infer R, z.ZodObject> ? z.output<R> : never;
export type ResponseOf<C> = C extends EndpointContract<z.ZodObject, infer D> ? z.infer<D> : never;
