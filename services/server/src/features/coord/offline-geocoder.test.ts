import { describe, expect, it } from 'vitest';
import type { Language, Server } from '@carol/contracts';
import { editDistance, OfflineGeocoder } from './offline-geocoder.js';
import { kanaToRomaji, looseRomaji } from './romaji.js';

const geocoder = new OfflineGeocoder();
const search = (q: string, country: Server = 'kr', language: Language = 'ko', limit = 10) =>
  geocoder.searchSync(q, { country, language, limit });
const ids = (q: string, country: Server = 'kr') => search(q, country).map((p) => p.id);
const reverse = (lat: number, lng: number, language: Language = 'ko') =>
  geocoder.addressByCoordSync(lat, lng, { country: 'kr', language });
const lookup = (address: string, country: Server = 'kr', language: Language = 'ko') =>
  geocoder.coordByAddressSync(address, { country, language });

describe('romaji', () => {
  it('writes Hepburn from kana, with digraphs and doubled consonants', () => {
    expect(kanaToRomaji('しぶや')).toBe('shibuya');
    expect(kanaToRomaji('シンジュク')).toBe('shinjuku');
    expect(kanaToRomaji('きちじょうじ')).toBe('kichijouji');
    expect(kanaToRomaji('さっぽろ')).toBe('sapporo');
    expect(kanaToRomaji('ろっぽんぎ')).toBe('roppongi');
    expect(kanaToRomaji('ちゃやまち')).toBe('chayamachi');
  });

  it('folds long vowels and n/m so common spellings meet', () => {
    expect(looseRomaji('toukyou')).toBe(looseRomaji('Tokyo'));
    expect(looseRomaji('Tōkyō')).toBe(looseRomaji('tokyo'));
    expect(looseRomaji('oosaka')).toBe(looseRomaji('Osaka'));
    expect(looseRomaji('namba')).toBe(looseRomaji('nanba'));
    expect(looseRomaji('shinjyuku')).toBe(looseRomaji('shinjuku'));
  });

  it('bounds the edit distance', () => {
    expect(editDistance('abcd', 'abxd', 1)).toBe(1);
    expect(editDistance('abcd', 'wxyz', 1)).toBe(2);
    expect(editDistance('ab', 'abcdef', 2)).toBe(3);
  });
});

describe('place search', () => {
  it('finds 강남 by name, by the name without 구/역 and by half-typed syllables', () => {
    expect(ids('강남').slice(0, 2)).toEqual(['kr-seoul-gangnam', 'kr-st-gangnam']);
    expect(ids('강남역')[0]).toBe('kr-st-gangnam');
    expect(ids('강남구')[0]).toBe('kr-seoul-gangnam');
    expect(ids('강ㄴ')).toContain('kr-seoul-gangnam');
  });

  it('matches 초성 (initial consonants)', () => {
    expect(ids('ㄱㄴ')).toContain('kr-seoul-gangnam');
    expect(ids('ㄱㄴㅇ')[0]).toBe('kr-st-gangnam');
    expect(ids('ㅎㄷ')).toContain('kr-seoul-hongdae');
    expect(ids('ㅅㅅㄷ')).toContain('kr-seoul-seongdong-seongsu');
  });

  it('finds popular areas by their nickname', () => {
    expect(ids('가로수길')[0]).toBe('kr-seoul-garosugil');
    expect(ids('홍대')[0]).toBe('kr-seoul-hongdae');
    expect(ids('건대')).toContain('kr-seoul-gwangjin-hwayang');
    expect(ids('센텀')[0]).toBe('kr-busan-centum');
    expect(ids('인계동')[0]).toBe('kr-suwon-ingye');
  });

  it('folds hiragana, katakana, half width and romaji to the same Japanese place', () => {
    for (const q of [
      'しぶや',
      'シブヤ',
      'ｼﾌﾞﾔ',
      'shibuya',
      'SHIBUYA',
      'Ｓｈｉｂｕｙａ',
      '渋谷',
      '시부야',
    ]) {
      const top = search(q, 'jp', 'ja', 3).map((p) => p.name);
      expect(top, q).toEqual(['渋谷区', '渋谷駅', '渋谷']);
    }
    expect(ids('toukyou', 'jp')[0]).toBe('jp-13');
    expect(ids('umeda', 'jp')).toContain('jp-27-umeda');
    expect(ids('なんば', 'jp')).toContain('jp-27-namba');
    expect(ids('shinjyuku', 'jp')[0]).toBe('jp-13-shinjuku');
  });

  it('ranks exact before prefix before contains before typo, then by kind', () => {
    // exact (홍대) before prefix (홍대입구역)
    expect(ids('홍대').slice(0, 2)).toEqual(['kr-seoul-hongdae', 'kr-st-hongik']);
    // prefix (서울숲, 서울대입구역…) before contains (…)
    const seoul = ids('서울');
    expect(seoul[0]).toBe('kr-seoul');
    // a typo still finds the place, after every real match
    expect(ids('강남녁')).toContain('kr-st-gangnam');
    expect(ids('가로스길')[0]).toBe('kr-seoul-garosugil');
  });

  it('puts the request market first and the other market after', () => {
    const kr = search('신사', 'kr');
    const jp = search('신사', 'jp');
    expect(kr[0]?.country).toBe('kr');
    expect(jp[0]?.country).toBe('jp');
    expect(kr.map((p) => p.id).sort()).toEqual(jp.map((p) => p.id).sort());
    // a Japanese query from Korea still finds Japan
    expect(search('梅田', 'kr')[0]?.country).toBe('jp');
  });

  it('names places in the request language with their parents', () => {
    const [ko] = search('역삼동', 'kr', 'ko');
    const [en] = search('역삼동', 'kr', 'en');
    const [ja] = search('역삼동', 'kr', 'ja');
    expect(ko?.fullName).toBe('서울 강남구 역삼동');
    expect(en?.fullName).toBe('Yeoksam-dong, Gangnam-gu, Seoul');
    expect(ja?.fullName).toBe('ソウル カンナム区 ヨクサム洞');
    const [umeda] = search('梅田', 'jp', 'ja').filter((p) => p.kind === 'area');
    expect(umeda?.fullName).toBe('大阪府大阪市北区梅田');
    expect(search('梅田', 'jp', 'ko').find((p) => p.kind === 'area')?.fullName).toBe(
      '오사카부 오사카시 기타구 우메다',
    );
    expect(search('渋谷駅', 'jp', 'ja')[0]?.fullName).toBe('東京都渋谷区 渋谷駅');
  });

  it('understands a place qualified by its parents', () => {
    expect(ids('부산 중구')[0]).toBe('kr-busan-jung');
    expect(ids('서울 중구')[0]).toBe('kr-seoul-jung');
    expect(ids('중구')[0]).toBe('kr-seoul-jung');
    expect(ids('大阪市北区', 'jp')[0]).toBe('jp-27-kita');
    expect(ids('東京都 北区', 'jp')[0]).toBe('jp-13-kita');
  });

  it('returns nothing for empty or unknown keywords and respects the limit', () => {
    expect(search('')).toEqual([]);
    expect(search('   ·  ')).toEqual([]);
    expect(search('xqzvw')).toEqual([]);
    expect(search('구', 'kr', 'ko', 3)).toHaveLength(3);
  });
});

describe('reverse geocoding', () => {
  it('names the nearest neighbourhood with its parents', () => {
    expect(reverse(37.4979, 127.0276)?.address).toBe('서울 강남구 역삼동');
    expect(reverse(35.658, 139.7016, 'ja')?.address).toBe('東京都渋谷区渋谷');
    expect(reverse(34.7025, 135.4959, 'ja')?.address).toBe('大阪府大阪市北区梅田');
    expect(reverse(34.7025, 135.4959, 'en')?.address).toBe('Umeda, Kita Ward, Osaka City, Osaka');
    expect(reverse(35.1796, 129.0756)?.address).toBe('부산 연제구 연산동');
    expect(reverse(35.1587, 129.1604)?.place.id).toBe('kr-busan-haeundae-beach');
  });

  it('falls back to the district or city when no neighbourhood is near', () => {
    const found = reverse(37.2636, 126.99);
    expect(found?.place.kind).toMatch(/^(si|gu|dong|area)$/);
    expect(found?.address.startsWith('경기')).toBe(true);
    expect(reverse(43.07, 141.3)?.address).toContain('삿포로');
  });

  it('answers nothing outside Korea and Japan', () => {
    expect(reverse(0, 0)).toBeNull();
    expect(reverse(40.7128, -74.006)).toBeNull(); // New York
    expect(reverse(39.9042, 116.4074)).toBeNull(); // Beijing
    expect(reverse(39.0392, 125.7625)).toBeNull(); // Pyongyang
    expect(reverse(37.0, 131.4)).toBeNull(); // open sea
  });
});

describe('address → coordinates', () => {
  it('picks the most specific place whose parents the address also names', () => {
    expect(lookup('서울 강남구 역삼동 123-4')?.id).toBe('kr-seoul-gangnam-yeoksam');
    expect(lookup('서울특별시 강남구 테헤란로 152')?.id).toBe('kr-seoul-gangnam');
    expect(lookup('부산 강서구')?.id).toBe('kr-busan-gangseo');
    expect(lookup('부산광역시 중구 중앙대로 12')?.id).toBe('kr-busan-jung');
    expect(lookup('부산광역시 중구 광복로 12')?.id).toBe('kr-busan-jung-gwangbok');
    expect(lookup('東京都渋谷区神宮前1-2-3', 'jp')?.id).toBe('jp-13-jingumae');
    expect(lookup('大阪府大阪市北区梅田1-1', 'jp')?.id).toBe('jp-27-umeda');
    expect(lookup('Yeoksam-dong, Gangnam-gu, Seoul')?.id).toBe('kr-seoul-gangnam-yeoksam');
  });

  it('prefers the request market for ambiguous names and falls back to search', () => {
    expect(lookup('중구', 'kr')?.country).toBe('kr');
    expect(lookup('中央区', 'jp')?.country).toBe('jp');
    expect(lookup('강남')?.id).toBe('kr-seoul-gangnam');
    expect(lookup('xqzvw')).toBeNull();
  });
});
