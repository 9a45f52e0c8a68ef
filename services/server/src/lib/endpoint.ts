import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CommonRequestSchema,
  ErrorResponseSchema,
  successMarker,
  successSchemaOf,
  type CommonRequest,
  type EndpointContract,
  type Language,
  type ParsedRequestOf,
  type ResponseOf,
} from '@carol/contracts';
import { languageFromRequest } from '@carol/i18n';
import { AppError } from './errors.js';
import type { SessionMember } from './session.js';
import type { ConsoleShop } from './console-auth.js';
import type { Database } from '../db/index.js';
import type { ReadRouter } from './read-routing.js';

export interface HandlerContext<C extends EndpointContract> {
  input: ParsedRequestOf<C> & CommonRequest;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in member, or null. `access: 'member'` endpoints never see null. */
  member: SessionMember | null;
  requireMember(): SessionMember;
  /** The shop whose console key authorized the call; set on (and only on) `access: 'console'`. */
  shop: ConsoleShop | null;
  /**
   * On `reads: 'replica'` routes with DATABASE_READ_URL set: the database this request reads
   * from (the replica, or the primary after this client's recent write, on lag, or when the
   * replica is down; ADR 047). Null everywhere else: use the primary (`deps.db`).
   */
  readDb: Database | null;
}

export type Handler<C extends EndpointContract> = (
  ctx: HandlerContext<C>,
) => Promise<ResponseOf<C>>;

/** Which URL prefix serves each service base on this instance (configurable per deployment). */
export type BasePaths = Record<EndpointContract['base'], string>;

export interface EndpointDeps {
  basePaths: BasePaths;
  handlerTimeoutMs: number;
  loadMember(request: FastifyRequest): Promise<SessionMember | null>;
  /** `Authorization: Bearer <console key>` → the key's shop (lib/console-auth.ts). Absent: console calls are refused. */
  loadConsoleShop?(request: FastifyRequest): Promise<ConsoleShop | null>;
  /** Present when DATABASE_READ_URL is set: picks the database of `reads: 'replica'` routes. */
  reads?: ReadRouter;
}

/**
 * Registers one contract: POST at `<base prefix><spec path>`, body validated by the contract
 * plus `server`/`country_code`, session resolved, handler raced against the server-side
 * timeout, success wrapped in the spec's envelope. Routes stay thin: parse, authorize, call
 * the service, present.
 */
export interface EndpointOptions {
  /** Per-route rate limit, instead of the API one (e.g. sign-in, code sending, forms; ADR 023). */
  rateLimit?: {
    max: number;
    timeWindow: string;
    keyGenerator?: (request: FastifyRequest) => string;
  };
  /**
   * `replica`: a public read that may be served by a read replica (ADR 047). Only for routes
   * that never write and whose answer a few seconds' staleness cannot harm; the handler reads
   * through `ctx.readDb ?? deps.db`.
   */
  reads?: 'replica';
}

export function registerEndpoint<C extends EndpointContract>(
  app: FastifyInstance,
  deps: EndpointDeps,
  contract: C,
  handler: Handler<C>,
  options: EndpointOptions = {},
): void {
  // Binary answers (responseType 'blob', e.g. the ML hair colour) are raw routes, not envelopes.
  if (contract.responseType === 'blob')
    throw new Error(`${contract.path} answers a blob: register it as a raw route`);
  const body = CommonRequestSchema.extend(contract.request.shape);
  const url = `${deps.basePaths[contract.base]}${contract.path}`;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url,
    // The matched route's access and uploads decide the Origin check and multipart reading
    // (app.ts, lib/uploads.ts), whatever the URL's spelling.
    config: {
      access: contract.access,
      ...(contract.uploads ? { uploads: contract.uploads } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.reads ? { reads: options.reads } : {}),
    },
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      body,
      response: {
        200: successSchemaOf(contract.envelope, contract.response),
        '4xx': ErrorResponseSchema,
        '5xx': ErrorResponseSchema,
      },
    },
    // Who may call is decided before the body is read or validated: a stranger on a
    // member-only or console route is refused (401) from the cookie or key alone, whatever
    // the body holds (after the app's rate limit and Origin check, also onRequest).
    onRequest: async (request) => {
      if (contract.access === 'member' && !(await deps.loadMember(request)))
        throw new AppError('UNAUTHORIZED');
      if (contract.access === 'console' && !(await deps.loadConsoleShop?.(request)))
        throw new AppError('UNAUTHORIZED');
    },
    handler: async (request, reply) => {
      const input = request.body as ParsedRequestOf<C> & CommonRequest;
      const language = languageFromRequest(request.headers['accept-language'], input.server);
      // Console calls authenticate by shop key only; a browser session never counts for them.
      const isConsole = contract.access === 'console';
      const shop = isConsole ? ((await deps.loadConsoleShop?.(request)) ?? null) : null;
      if (isConsole && !shop) throw new AppError('UNAUTHORIZED');
      const member = isConsole ? null : await deps.loadMember(request);
      if (contract.access === 'member' && !member) throw new AppError('UNAUTHORIZED');
      const run = (readDb: Database | null) =>
        withTimeout(
          handler({
            input,
            language,
            request,
            reply,
            member,
            shop,
            readDb,
            requireMember() {
              if (!member) throw new AppError('UNAUTHORIZED');
              return member;
            },
          }),
          deps.handlerTimeoutMs,
        );
      const reads = options.reads === 'replica' ? deps.reads : undefined;
      let data: ResponseOf<C>;
      if (!reads) {
        data = await run(null);
      } else {
        const choice = await reads.choose(request);
        try {
          data = await run(choice.db);
        } catch (error) {
          // A replica that died mid-request is never the client's problem: the read is
          // repeated on the primary (these routes only read).
          if (choice.source !== 'replica' || error instanceof AppError) throw error;
          reads.replicaFailed(error);
          data = await run(reads.primary);
        }
      }
      return { ...data, ...successMarker(contract.envelope) };
    },
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVER_TIMEOUT')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
