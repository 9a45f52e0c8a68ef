import { vi } from 'vitest';

export type Answer = { status?: number; body: Record<string, unknown> };
export type Handler = (form: FormData) => Answer | Promise<Answer>;

/**
 * Answers the app's form-data POSTs by path (the records endpoints' envelope is `result:
 * 'success'`; a failure is the error envelope with its HTTP status), and records each call.
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
      return new Response(JSON.stringify(status === 200 ? { result: 'success', ...body } : body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const failure = (status: number, resCode: string, resMessage: string): Answer => ({
  status,
  body: { resCode, resMessage },
});
