import type { z } from 'zod';
import type { Envelope } from './envelope.js';
import type { ServiceBase } from './common.js';

/** Who may call an endpoint. `member` needs a session; `console` needs a shop console key. */
export type Access = 'public' | 'member' | 'console';

/**
 * One contract per endpoint: the server registers it, the web client calls it, OpenAPI is
 * generated from it. Paths are the spec's, relative to their service base.
 */
export interface EndpointContract<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> {
  base: ServiceBase;
  path: `/${string}`;
  summary: string;
  tag: string;
  access: Access;
  envelope: Envelope;
  /** Request body, without the common `server`/`country_code` fields (added by the server). */
  request: Req;
  /** Response payload, without the envelope markers (added when presenting). */
  response: Data;
}

export function defineEndpoint<Req extends z.ZodType, Data extends z.ZodType>(
  contract: EndpointContract<Req, Data>,
): EndpointContract<Req, Data> {
  return contract;
}

export type RequestOf<C> = C extends EndpointContract<infer R, z.ZodType> ? z.input<R> : never;
export type ParsedRequestOf<C> = C extends EndpointContract<infer R, z.ZodType> ? z.output<R> : never;
export type ResponseOf<C> = C extends EndpointContract<z.ZodType, infer D> ? z.infer<D> : never;
