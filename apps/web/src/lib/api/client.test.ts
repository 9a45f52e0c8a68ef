// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getHotHairColorList,
  getMainBanner,
  limits,
  predictHairColor,
  sendInquiry,
} from '@carol/contracts';
import { errorMessage } from '@carol/i18n';
import { buildError, buildSuccess, errorResponse, jsonResponse } from '../../testing/responses';
import { useCommonStore } from '../stores/common.store';
import { ApiError } from './api-error';
import { callBlobEndpoint, callEndpoint, toFormData } from './client';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('callEndpoint', () => {
  it('posts form-data with server and country_code to the contract base and path', async () => {
    useCommonStore.setState({ language: 'ja', server: 'jp' });
    const fetchMock = stubFetch(async () =>
      jsonResponse(buildSuccess(getHotHairColorList, { hair_color_list: [] })),
    );

    await callEndpoint(getHotHairColorList, { limit: 6 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/carol/home/getHotHairColorList');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('Accept-Language')).toBe('ja');
    expect(init.body).toBeInstanceOf(FormData);
    const body = init.body as FormData;
    expect(body.get('limit')).toBe('6');
    expect(body.get('server')).toBe('jp');
    expect(body.get('country_code')).toBe('jp');
  });

  it('sends files and repeats array keys in the form-data body', () => {
    const photo = new File(['x'], 'face.jpg', { type: 'image/jpeg' });
    const form = toFormData({ photo, ids: [1, 2], note: null, skipped: undefined, flag: true });
    expect((form.get('photo') as File).name).toBe('face.jpg');
    expect(form.getAll('ids')).toEqual(['1', '2']);
    expect(form.has('note')).toBe(false);
    expect(form.has('skipped')).toBe(false);
    expect(form.get('flag')).toBe('true');
  });

  it('resolves with the payload parsed by the contract response schema', async () => {
    const banner = {
      banner_id: 1,
      title: 'Spring',
      subtitle: null,
      image_url: '/media/b.jpg',
      link_url: null,
      background_color: null,
    };
    stubFetch(async () =>
      // A key the contract does not name (a newer server) is dropped by the parse.
      jsonResponse({
        ...buildSuccess(getMainBanner, { main_banners: [banner] }),
        extra: 'ignored',
      }),
    );

    await expect(callEndpoint(getMainBanner, {})).resolves.toEqual({ main_banners: [banner] });
  });

  it('throws TIMEOUT_EXCEEDED when no answer arrives within 30 s', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );

    const call = failureOf(callEndpoint(getMainBanner, {}));
    await vi.advanceTimersByTimeAsync(limits.requestTimeoutMs - 1);
    let isSettled = false;
    void call.then(() => (isSettled = true));
    await Promise.resolve();
    expect(isSettled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error.resCode).toBe('TIMEOUT_EXCEEDED');
    expect(error.status).toBe(0);
    expect(error.resMessage).toBe(errorMessage('TIMEOUT_EXCEEDED', 'ko'));
  });

  it('throws REQUEST_ABORTED when the caller aborts', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const call = failureOf(callEndpoint(getMainBanner, {}, { signal: controller.signal }));
    controller.abort();
    expect((await call).resCode).toBe('REQUEST_ABORTED');
  });

  it('throws NETWORK_ERROR with the catalog message when fetch itself fails', async () => {
    useCommonStore.setState({ language: 'en' });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(callEndpoint(getMainBanner, {}));
    expect(error.resCode).toBe('NETWORK_ERROR');
    expect(error.resMessage).toBe(errorMessage('NETWORK_ERROR', 'en'));
  });

  it('keeps resCode, the localized resMessage, status and field errors from an API error', async () => {
    stubFetch(async () =>
      errorResponse('VALIDATION_FAILED', 400, '입력하신 정보가 올바르지 않습니다.', {
        fields: [{ field: 'email', resMessage: '이메일 형식이 아닙니다.' }],
      }),
    );
    const error = await failureOf(
      callEndpoint(sendInquiry, {
        kind: 'general',
        name: 'a',
        email: 'x',
        title: 't',
        message: '0123456789',
      }),
    );
    expect(error.resCode).toBe('VALIDATION_FAILED');
    expect(error.resMessage).toBe('입력하신 정보가 올바르지 않습니다.');
    expect(error.status).toBe(400);
    expect(error.fields).toEqual([{ field: 'email', resMessage: '이메일 형식이 아닙니다.' }]);
  });

  it('throws REQUEST_STATUS with the status when the failure is not JSON', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failureOf(callEndpoint(getMainBanner, {}));
    expect(error.resCode).toBe('REQUEST_STATUS');
    expect(error.status).toBe(502);
    expect(error.resMessage).toBe(errorMessage('REQUEST_STATUS', 'ko', { status: 502 }));
  });

  it('treats a 200 answer without the success marker as a failure', async () => {
    stubFetch(async () => jsonResponse(buildError('REQUEST_FAILED', '요청에 실패했습니다.'), 200));
    const error = await failureOf(callEndpoint(getMainBanner, {}));
    expect(error.resCode).toBe('REQUEST_FAILED');
    expect(error.resMessage).toBe('요청에 실패했습니다.');
  });

  it('rejects a success answer that does not match the contract', async () => {
    // Deliberately off-contract (what the builders refuse to make): the client must refuse it too.
    stubFetch(async () => jsonResponse({ result: 'success', main_banners: 'nope' }));
    const error = await failureOf(callEndpoint(getMainBanner, {}));
    expect(error.resCode).toBe('REQUEST_FAILED');
  });
});

describe('callBlobEndpoint', () => {
  const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

  it('posts the photo to the ML base and resolves with the image', async () => {
    const fetchMock = stubFetch(
      async () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/jpeg' } }),
    );
    const image = await callBlobEndpoint(predictHairColor, {
      photo,
      color: '#aa3355',
      strength: 0.8,
      format: 'jpeg',
    });
    expect(image.type).toBe('image/jpeg');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ml-api/hair-color/predict/v1');
    const body = init.body as FormData;
    expect(body.get('photo')).toBeInstanceOf(Blob);
    expect(body.get('color')).toBe('#aa3355');
    expect(body.get('server')).toBe('kr');
  });

  it('rejects with the JSON error envelope of a failure', async () => {
    stubFetch(async () =>
      errorResponse('FACE_RECOGNITION_FAILED', 422, '얼굴 인식에 실패했습니다.'),
    );
    const error = await failureOf(
      callBlobEndpoint(predictHairColor, { photo, color: '#aa3355', strength: 1, format: 'jpeg' }),
    );
    expect(error.resCode).toBe('FACE_RECOGNITION_FAILED');
    expect(error.status).toBe(422);
  });

  it('refuses contracts that answer JSON', async () => {
    await expect(callBlobEndpoint(getMainBanner, {})).rejects.toThrow(/does not answer a blob/);
  });
});
