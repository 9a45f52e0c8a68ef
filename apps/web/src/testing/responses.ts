import { z } from 'zod';
import {
  ErrorResponseSchema,
  httpStatusOf,
  successMarker,
  successSchemaOf,
  type EndpointContract,
  type ErrorCode,
  type ErrorResponse,
  type ResponseOf,
} from '@carol/contracts';

/** The envelope markers each contract's envelope adds around its payload. */
interface SuccessMarkers {
  main: { result: 'success' };
  shop: { success: true };
  resCode: { resCode: '200'; resMessage: string };
}

/** The whole JSON body an endpoint answers with on success: envelope markers plus payload. */
export type SuccessBodyOf<C extends EndpointContract> = SuccessMarkers[C['envelope']] &
  ResponseOf<C>;

function drifted(what: string, error: z.ZodError): Error {
  return new Error(`${what} no longer matches its contract:\n${z.prettifyError(error)}`);
}

/**
 * Checks a success body against the endpoint's response schema, so that a test answering with
 * something the server can no longer send fails where the body is built, not three screens later.
 */
export function checkSuccessBody<C extends EndpointContract>(contract: C, body: unknown): void {
  const parsed = successSchemaOf(contract.envelope, contract.response).safeParse(body);
  if (!parsed.success) throw drifted(`Stubbed answer of ${contract.path}`, parsed.error);
}

/** A full, contract-checked success body of `contract` carrying `data`. */
export function buildSuccess<C extends EndpointContract>(
  contract: C,
  data: ResponseOf<C>,
): SuccessBodyOf<C> {
  const body = { ...successMarker(contract.envelope), ...data } as SuccessBodyOf<C>;
  checkSuccessBody(contract, body);
  return body;
}

/**
 * A builder for one endpoint's success body: `defaults` is a complete, realistic payload and
 * each call may override any of its fields (`buildMember({ language: 'ja' })`).
 */
export function responseBuilder<C extends EndpointContract>(contract: C, defaults: ResponseOf<C>) {
  return (overrides: Partial<ResponseOf<C>> = {}): SuccessBodyOf<C> =>
    buildSuccess(contract, { ...defaults, ...overrides });
}

/** A contract-checked error body, as every endpoint sends it (envelope.ts). */
export function buildError(
  resCode: ErrorCode,
  resMessage = '',
  extra: Pick<ErrorResponse, 'fields' | 'retry_after' | 'request_id'> = {},
): ErrorResponse {
  const body: ErrorResponse = { result: 'fail', success: false, resCode, resMessage, ...extra };
  const parsed = ErrorResponseSchema.safeParse(body);
  if (!parsed.success) throw drifted(`Error body ${resCode}`, parsed.error);
  return body;
}

/** A JSON `Response` as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error `Response`; the status defaults to the one the server maps the code to. */
export function errorResponse(
  resCode: ErrorCode,
  status = httpStatusOf(resCode),
  resMessage = '',
  extra: Pick<ErrorResponse, 'fields' | 'retry_after' | 'request_id'> = {},
): Response {
  return jsonResponse(buildError(resCode, resMessage, extra), status);
}
