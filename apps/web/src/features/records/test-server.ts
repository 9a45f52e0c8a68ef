import { vi } from 'vitest';
import { allEndpoints, type ErrorCode } from '@carol/contracts';
import { urlOf } from '../../testing/fetch-stub';
import { buildError, buildSuccess, jsonResponse } from '../../testing/responses';

export type Answer = { status?: number; body: Record<string, unknown> };
export type Handler = (form: FormData) => Answer | Promise<Answer>;

/**
 * Answers the app's form-data POSTs by endpoint path and records each call. A success payload
 * is checked against the contract whose path it answers (testing/responses.ts) and gets its
 * envelope; a failure is built with `failure`, the error envelope with its HTTP status.
 */
export function answerCalls(handlers: Record<string, Handler>) {
  const calls: Array<{ path: string; form: FormData }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const form = init?.body instanceof FormData ? init.body : new FormData();
      calls.push({ path, form });
      const handler = Object.entries(handlers).find(([suffix]) => path.endsWith(suffix))?.[1];
      if (!handler) return new Response('', { status: 404 });
      const { status = 200, body } = await handler(form);
      if (status !== 200) return jsonResponse(body, status);
      const contract = allEndpoints.find((candidate) => urlOf(candidate) === url);
      if (!contract) throw new Error(`No contract answers ${url}`);
      return jsonResponse(buildSuccess(contract, body as never));
    }),
  );
  return calls;
}

/** A failure answer: the contract-checked error envelope (testing/responses.ts). */
export const failure = (status: number, resCode: ErrorCode, resMessage: string): Answer => ({
  status,
  body: { ...buildError(resCode, resMessage) },
});
