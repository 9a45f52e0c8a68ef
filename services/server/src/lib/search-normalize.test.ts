import { describe, expect, it } from 'vitest';
import {
  isChosungQuery,
  normalizeForSearch,
  searchColumnsOf,
  searchKeywordOf,
  toChosung,
  toJamo,
} from './search-normalize.js';

describe('normalizeForSearch', () => {
  it('folds full and half width (NFKC) and lower-cases', () => {
    expect(normalizeForSearch('ＢＯＮＩＴＯ Ｈａｉｒ')).toBe('bonitohair');
    expect(normalizeForSearch('ﾍｱｻﾛﾝ')).toBe('ヘアサロン');
    expect(normalizeForSearch('１２３')).toBe('123');
  });

  it('folds hiragana to katakana', () => {
    expect(normalizeForSearch('へあさろん')).toBe('ヘアサロン');
    expect(normalizeForSearch('ぎんざ')).toBe(normalizeForSearch('ギンザ'));
  });

  it('strips spaces and punctuation but keeps letters, digits and the long-vowel mark', () => {
    expect(normalizeForSearch('  Hair-Salon, No.1! ')).toBe('hairsalonno1');
    expect(normalizeForSearch('헤어샵 · 라온')).toBe('헤어샵라온');
    expect(normalizeForSearch('ヘアー_サロン%')).toBe('ヘアーサロン');
  });

  it('keeps typed compatibility jamo as compatibility jamo (NFKC would make them conjoining)', () => {
    expect(normalizeForSearch('ㅎㅇㅅ')).toBe('ㅎㅇㅅ');
    expect(normalizeForSearch('ﾾ')).toBe(normalizeForSearch('ㅎ')); // half-width ㅎ
  });
});

describe('toJamo', () => {
  it('decomposes Hangul syllables into compatibility jamo', () => {
    expect(toJamo('헤어샵')).toBe('ㅎㅔㅇㅓㅅㅑㅂ');
    expect(toJamo('헤어샾')).toBe('ㅎㅔㅇㅓㅅㅑㅍ');
  });

  it('splits compound vowels and finals, in syllables and typed alone', () => {
    expect(toJamo('과')).toBe('ㄱㅗㅏ');
    expect(toJamo('닭')).toBe('ㄷㅏㄹㄱ');
    expect(toJamo('ㅘ')).toBe('ㅗㅏ');
  });

  it('lets a half-typed syllable match as a substring', () => {
    expect(toJamo('헤어').includes(toJamo(normalizeForSearch('헤ㅇ')))).toBe(true);
    expect(toJamo('닭갈비').includes(toJamo('달ㄱ'))).toBe(true);
  });

  it('leaves other scripts unchanged', () => {
    expect(toJamo('bonitoヘアサロン')).toBe('bonitoヘアサロン');
  });
});

describe('toChosung and isChosungQuery', () => {
  it('builds the initial-consonant key', () => {
    expect(toChosung('헤어샵')).toBe('ㅎㅇㅅ');
    expect(toChosung('헤어샵라온')).toBe('ㅎㅇㅅㄹㅇ');
    expect(toChosung('bonito')).toBe('');
  });

  it('recognises consonant-only queries', () => {
    expect(isChosungQuery('ㅎㅇㅅ')).toBe(true);
    expect(isChosungQuery('ㅎㅔ')).toBe(false);
    expect(isChosungQuery('헤어')).toBe(false);
    expect(isChosungQuery('')).toBe(false);
  });
});

describe('searchColumnsOf', () => {
  it('normalises each field and joins them with one space', () => {
    expect(
      searchColumnsOf({
        name: '헤어샵 라온',
        nameEn: 'Hair Shop Raon',
        regionCity: '서울특별시',
        regionDistrict: '강남구',
        regionNeighbourhood: null,
      }),
    ).toEqual({
      searchText: '헤어샵라온 hairshopraon 서울특별시 강남구',
      searchJamo:
        'ㅎㅔㅇㅓㅅㅑㅂㄹㅏㅇㅗㄴ hairshopraon ㅅㅓㅇㅜㄹㅌㅡㄱㅂㅕㄹㅅㅣ ㄱㅏㅇㄴㅏㅁㄱㅜ',
      searchChosung: 'ㅎㅇㅅㄹㅇ ㅅㅇㅌㅂㅅ ㄱㄴㄱ',
    });
  });
});

describe('searchKeywordOf', () => {
  it('is null for empty or punctuation-only keywords', () => {
    expect(searchKeywordOf(undefined)).toBeNull();
    expect(searchKeywordOf('  ')).toBeNull();
    expect(searchKeywordOf('!!!')).toBeNull();
  });

  it('carries the 초성 form only for consonant-only keywords', () => {
    expect(searchKeywordOf('ㅎ ㅇ ㅅ')).toEqual({
      text: 'ㅎㅇㅅ',
      jamo: 'ㅎㅇㅅ',
      chosung: 'ㅎㅇㅅ',
    });
    expect(searchKeywordOf('헤어')?.chosung).toBeNull();
  });
});
