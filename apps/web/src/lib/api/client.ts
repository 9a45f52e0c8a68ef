import {
  ErrorResponseSchema,
  isErrorCode,
  limits,
  type EndpointContract,
  type Envelope,
  type Language,
  type RequestOf,
  type ResponseOf,
} from '@carol/contracts';
import { errorMessage } from '../i18n/i18n';
import { useCommonStore } from '../stores/common.store';
import { ApiError, type ApiErrorCode, type ApiFieldError } from './api-error';
import { baseUrls } from './config';

export interface CallOptions {
  /** Cancels the call (TanStack Query passes one); the call then fails with REQUEST_ABORTED. */
  signal?: AbortSignal;
  /** Defaults to the spec's 30 s. */
  timeoutMs?: number;
  /**
   * Device credentials instead of the browser's session cookie (the smart-mirror page sends its
   * console key or its own session as `Authorization: Bearer`); cookies are then left out.
   */
  bearer?: string;
}

function appendValue(form: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    // File keeps its own name; a bare Blob gets the field name so servers see a file part.
    form.append(key, value, value instanceof File ? value.name : key);
  } else if (value instanceof Date) {
    form.append(key, value.toISOString());
  } else if (Array.isArray(value)) {
    for (const item of value as unknown[]) appendValue(form, key, item);
  } else if (typeof value === 'object') {
    form.append(key, JSON.stringify(value));
  } else if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  ) {
    form.append(key, String(value));
  }
}

/** Form-data body (spec section 7): arrays repeat their key, null/undefined are left out. */
export function toFormData(body: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) appendValue(form, key, value);
  return form;
}

function isEnvelopeSuccess(envelope: Envelope, payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const record = payload as Record<string, unknown>;
  switch (envelope) {
    case 'main':
      return record.result === 'success';
    case 'shop':
      return record.success === true;
    case 'resCode':
      return record.resCode === '200';
  }
}

function clientError(
  code: ApiErrorCode,
  language: Language,
  status = 0,
  cause?: unknown,
): ApiError {
  return new ApiError({
    resCode: code,
    resMessage: errorMessage(code, language, { status }),
    status,
    cause,
  });
}

/** Turns a failed response into an ApiError, trusting our error shape first. */
function failureFrom(payload: unknown, status: number, language: Language): ApiError {
  const strict = ErrorResponseSchema.safeParse(payload);
  if (strict.success) {
    return new ApiError({
      resCode: strict.data.resCode as ApiErrorCode,
      resMessage:
        strict.data.resMessage || errorMessage(strict.data.resCode as ApiErrorCode, language),
      status,
      fields: strict.data.fields,
      retryAfter: strict.data.retry_after,
    });
  }
  if (typeof payload === 'object' && payload !== null) {
    const record = payload as Record<string, unknown>;
    const code = record.resCode;
    const message =
      typeof record.resMessage === 'string'
        ? record.resMessage
        : typeof record.message === 'string'
          ? record.message
          : '';
    if (isErrorCode(code)) {
      const fields = Array.isArray(record.fields) ? (record.fields as ApiFieldError[]) : undefined;
      return new ApiError({
        resCode: code,
        resMessage: message || errorMessage(code, language),
        status,
        fields,
      });
    }
    if (message && status < 400) {
      return new ApiError({ resCode: 'REQUEST_FAILED', resMessage: message, status });
    }
  }
  if (status >= 400) return clientError('REQUEST_STATUS', language, status);
  return clientError('REQUEST_FAILED', language, status);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type ReadSuccess<T> = (response: Response, language: Language) => Promise<T>;

/** POSTs the contract's form-data and hands a successful response to `read`. */
async function send<T>(
  contract: EndpointContract,
  body: object,
  options: CallOptions,
  read: ReadSuccess<T>,
): Promise<T> {
  const { language, server } = useCommonStore.getState();
  const form = toFormData(body);
  form.set('server', server);
  form.set('country_code', server);

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? limits.requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(`${baseUrls[contract.base]}${contract.path}`, {
      method: 'POST',
      body: form,
      credentials: options.bearer ? 'omit' : 'include',
      headers: {
        'Accept-Language': language,
        Accept: contract.responseType === 'blob' ? '*/*' : 'application/json',
        ...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {}),
      },
      signal: controller.signal,
    });
    return await read(response, language);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isTimedOut) throw clientError('TIMEOUT_EXCEEDED', language, 0, error);
    if (controller.signal.aborted) throw clientError('REQUEST_ABORTED', language, 0, error);
    throw clientError('NETWORK_ERROR', language, 0, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The one way the web app talks to the API (spec section 7): POST form-data to the contract's
 * base + path, with `server` and `country_code`, cookies, Accept-Language and a 30 s timeout.
 * Resolves with the contract's parsed response; rejects with an ApiError.
 */
export async function callEndpoint<C extends EndpointContract>(
  contract: C,
  body: RequestOf<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  return send(contract, body, options, async (response, language) => {
    const payload = await readJson(response);
    if (!response.ok || !isEnvelopeSuccess(contract.envelope, payload)) {
      throw failureFrom(payload, response.status, language);
    }
    const parsed = contract.response.safeParse(payload);
    if (!parsed.success) {
      throw clientError('REQUEST_FAILED', language, response.status, parsed.error);
    }
    return parsed.data as ResponseOf<C>;
  });
}

/**
 * For contracts with `responseType: 'blob'` (the ML hair colour answers with an image): same
 * request as callEndpoint; success is the binary body, failures the usual JSON error envelope.
 */
export async function callBlobEndpoint<C extends EndpointContract>(
  contract: C,
  body: RequestOf<C>,
  options: CallOptions = {},
): Promise<Blob> {
  if (contract.responseType !== 'blob') throw new Error(`${contract.path} does not answer a blob`);
  return send(contract, body, options, async (response, language) => {
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('json')) {
      throw failureFrom(await readJson(response), response.status, language);
    }
    return response.blob();
  });
}
