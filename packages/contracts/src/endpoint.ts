import type { z } from 'zod';
import type { Envelope } from './envelope.js';
import type { ServiceBase } from './common.js';
import { withTextRule } from './text.js';

/** Who may call an endpoint. `member` needs a session; `console` needs a shop console key. */
export type Access = 'public' | 'member' | 'console';

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
