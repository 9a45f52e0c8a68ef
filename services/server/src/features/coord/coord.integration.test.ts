import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceItem } from '@carol/contracts';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(
  path: string,
  fields: Record<string, string | number>,
  {
    server = 'kr',
    language = 'ko',
    from,
  }: { server?: 'kr' | 'jp'; language?: string; from?: string } = {},
) {
  return postForm(t.app, `/api/carol/coord/${path}`, fields, {
    server,
    headers: { 'accept-language': language },
    // Each call from its own address unless a test is about the per-IP limit.
    remoteAddress: from ?? `10.40.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
}

describe('POST /carol/coord/getSearchList', () => {
  it('finds places by name, 초성 and kana, in the request language', async () => {
    const res = await call('getSearchList', { keyword: '강남' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ result: string; list: PlaceItem[] }>();
    expect(body.result).toBe('success');
    expect(body.list[0]).toEqual({
      id: 'kr-seoul-gangnam',
      country: 'kr',
      kind: 'gu',
      name: '강남구',
      full_name: '서울 강남구',
      lat: 37.5172,
      lng: 127.0473,
    });
    expect(body.list.map((p) => p.id)).toContain('kr-st-gangnam');

    const cho = (await call('getSearchList', { keyword: 'ㄱㄴㅇ' })).json<{ list: PlaceItem[] }>();
    expect(cho.list[0]?.name).toBe('강남역');

    const ja = await call('getSearchList', { keyword: 'しぶや' }, { server: 'jp', language: 'ja' });
    expect(
      ja
        .json<{ list: PlaceItem[] }>()
        .list.slice(0, 3)
        .map((p) => p.full_name),
    ).toEqual(['東京都渋谷区', '東京都渋谷区 渋谷駅', '東京都渋谷区渋谷']);

    const en = await call(
      'getSearchList',
      { keyword: 'shibuya' },
      { server: 'jp', language: 'en' },
    );
    expect(en.json<{ list: PlaceItem[] }>().list[0]?.full_name).toBe('Shibuya, Tokyo');
  });

  it('ranks the request market first and honours the limit', async () => {
    const kr = (await call('getSearchList', { keyword: '신사', limit: 3 })).json<{
      list: PlaceItem[];
    }>();
    expect(kr.list).toHaveLength(3);
    expect(kr.list[0]?.country).toBe('kr');
    const jp = (await call('getSearchList', { keyword: '신사' }, { server: 'jp' })).json<{
      list: PlaceItem[];
    }>();
    expect(jp.list[0]?.country).toBe('jp');
  });

  it('answers an empty list for a keyword that matches nothing', async () => {
    const res = await call('getSearchList', { keyword: 'xqzvw' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ list: PlaceItem[] }>().list).toEqual([]);
  });

  it('refuses an empty, blank or too long keyword and a bad limit, with a localized message', async () => {
    const cases: Record<string, string>[] = [
      {},
      { keyword: '' },
      { keyword: '   ' },
      { keyword: 'a'.repeat(101) },
    ];
    for (const fields of cases) {
      const res = await call('getSearchList', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({
        resCode: 'VALIDATION_FAILED',
        resMessage: '입력하신 정보가 올바르지 않습니다.',
      });
    }
    for (const limit of ['0', '51', 'many']) {
      const res = await call('getSearchList', { keyword: '강남', limit });
      expect(res.statusCode, limit).toBe(400);
    }
    const ja = await call('getSearchList', { keyword: '' }, { server: 'jp', language: 'ja' });
    expect(ja.json()).toMatchObject({ resMessage: '入力された情報が正しくありません。' });
  });

  it('refuses a request without a valid server', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carol/coord/getSearchList',
      payload: { keyword: '강남', server: 'us', country_code: 'us' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('is under the global per-IP limit (no stricter limit of its own)', async () => {
    const small = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await postForm(
          small.app,
          '/api/carol/coord/getSearchList',
          { keyword: '홍대' },
          { remoteAddress: '10.41.0.1' },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('POST /carol/coord/getCoordByAddress', () => {
  it('returns the coordinates of the most specific place the address names', async () => {
    const res = await call('getCoordByAddress', { address: '서울특별시 강남구 역삼동 823-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'success',
      id: 'kr-seoul-gangnam-yeoksam',
      name: '역삼동',
      full_name: '서울 강남구 역삼동',
      lat: 37.4995,
      lng: 127.0365,
    });
    const jp = await call(
      'getCoordByAddress',
      { address: '大阪府大阪市北区梅田3丁目1-1' },
      { server: 'jp', language: 'ja' },
    );
    expect(jp.json()).toMatchObject({ id: 'jp-27-umeda', full_name: '大阪府大阪市北区梅田' });
  });

  it('answers NOT_FOUND, localized, for an address it does not know', async () => {
    const ko = await call('getCoordByAddress', { address: 'Atlantis 42' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json()).toMatchObject({
      resCode: 'NOT_FOUND',
      resMessage: '요청하신 정보를 찾을 수 없습니다.',
    });
    const en = await call('getCoordByAddress', { address: 'Atlantis 42' }, { language: 'en' });
    expect(en.json()).toMatchObject({ resMessage: 'We could not find what you asked for.' });
  });

  it('refuses an empty or too long address', async () => {
    for (const address of ['', '  ', '가'.repeat(201)]) {
      const res = await call('getCoordByAddress', { address });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});

describe('POST /carol/coord/getAddressByCoord', () => {
  it('names the nearest neighbourhood with its parents', async () => {
    const res = await call('getAddressByCoord', { lat: '37.4979', lng: '127.0276' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'success',
      address: '서울 강남구 역삼동',
      place: { id: 'kr-seoul-gangnam-yeoksam', kind: 'dong', name: '역삼동' },
    });
    const shibuya = await call(
      'getAddressByCoord',
      { lat: 35.658, lng: 139.7016 },
      { server: 'jp', language: 'ja' },
    );
    expect(shibuya.json()).toMatchObject({ address: '東京都渋谷区渋谷' });
    const umeda = await call(
      'getAddressByCoord',
      { lat: 34.7025, lng: 135.4959 },
      { language: 'en' },
    );
    expect(umeda.json()).toMatchObject({ address: 'Umeda, Kita Ward, Osaka City, Osaka' });
  });

  it('answers NOT_FOUND outside Korea and Japan', async () => {
    for (const [lat, lng] of [
      [48.8566, 2.3522],
      [0, 0],
      [39.0392, 125.7625],
    ]) {
      const res = await call(
        'getAddressByCoord',
        { lat: lat ?? 0, lng: lng ?? 0 },
        { language: 'ja' },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        resCode: 'NOT_FOUND',
        resMessage: 'お探しの情報が見つかりません。',
      });
    }
  });

  it('refuses missing or out-of-range coordinates', async () => {
    const cases: Record<string, string | number>[] = [
      {},
      { lat: 37.5 },
      { lat: 91, lng: 127 },
      { lat: 37.5, lng: -181 },
      { lat: 'north', lng: 127 },
    ];
    for (const fields of cases) {
      const res = await call('getAddressByCoord', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});
