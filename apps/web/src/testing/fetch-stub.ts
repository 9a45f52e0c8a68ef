import { vi } from 'vitest';
import { allEndpoints, type EndpointContract } from '@carol/contracts';
import { baseUrls } from '../lib/api/config';
import { buildSuccess, checkSuccessBody, jsonResponse, type SuccessBodyOf } from './responses';

/** What the web client sent: the URL, the fetch options and the form-data body. */
export interface StubbedRequest {
  url: string;
  init: RequestInit;
  form: FormData;
}

type Answer<C extends EndpointContract> =
  | SuccessBodyOf<C>
  | Response
  | ((
      request: StubbedRequest,
    ) => SuccessBodyOf<C> | Response | Promise<SuccessBodyOf<C> | Response>);

/** One stubbed endpoint: its contract and its answer (see `on`). */
export interface EndpointStub {
  url: string;
  answer: (request: StubbedRequest) => Promise<Response>;
}

/** The URL the web client calls for a contract (lib/api/config.ts). */
export function urlOf(contract: EndpointContract): string {
  return `${baseUrls[contract.base]}${contract.path}`;
}

/**
 * Answers `contract`'s calls with a success body (checked against the contract on every call), a
 * ready `Response` (errors, odd statuses) or a function of the request returning either.
 */
export function on<C extends EndpointContract>(contract: C, answer: Answer<C>): EndpointStub {
  return {
    url: urlOf(contract),
    answer: async (request) => {
      const result = typeof answer === 'function' ? await answer(request) : answer;
      if (result instanceof Response) return result.clone();
      checkSuccessBody(contract, result);
      return jsonResponse(result);
    },
  };
}

interface StubOptions {
  /** Sees every request, stubbed or not, before it is answered (to record what was sent). */
  onRequest?: (request: StubbedRequest) => void;
  /** Answer for any URL no stub names; by default a bodiless 502, as from a proxy. */
  otherwise?: (url: string, init: RequestInit) => Response | Promise<Response>;
}

/**
 * Replaces the global `fetch` with a mock answering the given endpoints. Returns the mock, so a
 * test can read what was sent (`fetchMock.mock.calls[0]`).
 */
export function stubEndpoints(stubs: EndpointStub[], options: StubOptions = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
    const form = init.body instanceof FormData ? init.body : new FormData();
    options.onRequest?.({ url, init, form });
    const stub = stubs.find((candidate) => candidate.url === url);
    if (!stub)
      return options.otherwise ? options.otherwise(url, init) : new Response('', { status: 502 });
    return stub.answer({ url, init, form });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The empty success answer of whichever endpoint `url` names (logout, delete, the change_*
 * calls), checked against that contract: one whose answer carries data fails the test here.
 * An unknown URL gets a bodiless 404.
 */
export function emptySuccessAt(url: string): Response {
  const contract = allEndpoints.find((candidate) => urlOf(candidate) === url);
  if (!contract) return new Response('', { status: 404 });
  return jsonResponse(buildSuccess(contract, {}));
}
