/**
 * Text normalisation for name/keyword search (docs/decisions/008-search-fields-and-ranking.md).
 * Pure functions: the same code fills the stored search columns (every insert path calls
 * {@link searchColumnsOf}) and normalises the keyword, so both sides always agree.
 */

const HANGUL_BASE = 0xac00;
const HANGUL_LAST = 0xd7a3;

/** Initial consonants (초성) in syllable order, as compatibility jamo. */
const CHOSUNG = [...'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'];
/** Medial vowels (중성); compound vowels are split so half-typed syllables still match. */
const JUNGSUNG = [
  'ㅏ',
  'ㅐ',
  'ㅑ',
  'ㅒ',
  'ㅓ',
  'ㅔ',
  'ㅕ',
  'ㅖ',
  'ㅗ',
  'ㅗㅏ',
  'ㅗㅐ',
  'ㅗㅣ',
  'ㅛ',
  'ㅜ',
  'ㅜㅓ',
  'ㅜㅔ',
  'ㅜㅣ',
  'ㅠ',
  'ㅡ',
  'ㅡㅣ',
  'ㅣ',
];
/** Final consonants (종성); index 0 is "none", compound finals are split. */
const JONGSUNG = [
  '',
  'ㄱ',
  'ㄲ',
  'ㄱㅅ',
  'ㄴ',
  'ㄴㅈ',
  'ㄴㅎ',
  'ㄷ',
  'ㄹ',
  'ㄹㄱ',
  'ㄹㅁ',
  'ㄹㅂ',
  'ㄹㅅ',
  'ㄹㅌ',
  'ㄹㅍ',
  'ㄹㅎ',
  'ㅁ',
  'ㅂ',
  'ㅂㅅ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
];

/** Standalone compound jamo typed directly (e.g. "ㅘ", "ㄳ") split the same way as inside syllables. */
const COMPOUND_JAMO: Record<string, string> = {
  ㅘ: 'ㅗㅏ',
  ㅙ: 'ㅗㅐ',
  ㅚ: 'ㅗㅣ',
  ㅝ: 'ㅜㅓ',
  ㅞ: 'ㅜㅔ',
  ㅟ: 'ㅜㅣ',
  ㅢ: 'ㅡㅣ',
  ㄳ: 'ㄱㅅ',
  ㄵ: 'ㄴㅈ',
  ㄶ: 'ㄴㅎ',
  ㄺ: 'ㄹㄱ',
  ㄻ: 'ㄹㅁ',
  ㄼ: 'ㄹㅂ',
  ㄽ: 'ㄹㅅ',
  ㄾ: 'ㄹㅌ',
  ㄿ: 'ㄹㅍ',
  ㅀ: 'ㄹㅎ',
  ㅄ: 'ㅂㅅ',
};

/**
 * Conjoining jamo (U+1100..) → compatibility jamo (U+3131..). NFKC turns compatibility jamo
 * (what a keyboard types: "ㅎ") and half-width jamo into conjoining ones, so map them back.
 */
const CONJOINING_INITIAL = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const CONJOINING_MEDIAL = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const CONJOINING_FINAL = 'ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

function toCompatibilityJamo(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x1100 && cp <= 0x1112) return CONJOINING_INITIAL[cp - 0x1100] ?? ch;
  if (cp >= 0x1161 && cp <= 0x1175) return CONJOINING_MEDIAL[cp - 0x1161] ?? ch;
  if (cp >= 0x11a8 && cp <= 0x11c2) return CONJOINING_FINAL[cp - 0x11a8] ?? ch;
  return ch;
}

/**
 * Matching form: NFKC (full/half width folded), lower case, hiragana → katakana, conjoining
 * jamo → compatibility jamo, and everything that is not a letter or digit removed.
 */
export function normalizeForSearch(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const cp = ch.codePointAt(0) ?? 0;
    // Hiragana ぁ..ゖ and the iteration marks ゝゞ sit 0x60 below their katakana.
    const folded =
      (cp >= 0x3041 && cp <= 0x3096) || cp === 0x309d || cp === 0x309e
        ? String.fromCodePoint(cp + 0x60)
        : toCompatibilityJamo(ch);
    if (/[\p{L}\p{N}]/u.test(folded)) out += folded;
  }
  return out;
}

/** Hangul syllables decomposed into compatibility jamo ("헤어" → "ㅎㅔㅇㅓ"); other text unchanged. */
export function toJamo(normalized: string): string {
  let out = '';
  for (const ch of normalized) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= HANGUL_BASE && cp <= HANGUL_LAST) {
      const offset = cp - HANGUL_BASE;
      out +=
        (CHOSUNG[Math.floor(offset / 588)] ?? '') +
        (JUNGSUNG[Math.floor((offset % 588) / 28)] ?? '') +
        (JONGSUNG[offset % 28] ?? '');
    } else {
      out += COMPOUND_JAMO[ch] ?? ch;
    }
  }
  return out;
}

/** Initial-consonant key: "헤어샵" → "ㅎㅇㅅ". Only Hangul syllables and typed consonants count. */
export function toChosung(normalized: string): string {
  let out = '';
  for (const ch of normalized) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= HANGUL_BASE && cp <= HANGUL_LAST)
      out += CHOSUNG[Math.floor((cp - HANGUL_BASE) / 588)];
    else if (isConsonantJamo(ch)) out += ch;
  }
  return out;
}

function isConsonantJamo(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return cp >= 0x3131 && cp <= 0x314e;
}

/** True when a (normalised) query is only initial consonants, e.g. "ㅎㅇㅅ". */
export function isChosungQuery(normalized: string): boolean {
  return normalized.length > 0 && [...normalized].every((ch) => CHOSUNG.includes(ch));
}

export interface SearchColumns {
  searchText: string;
  searchJamo: string;
  searchChosung: string;
}

/** The fields a searchable row is found by: names first, then region names. */
export interface SearchSource {
  name: string;
  nameEn?: string | null;
  regionCity?: string | null;
  regionDistrict?: string | null;
  regionNeighbourhood?: string | null;
}

/**
 * The stored search columns of a shop or designer. Fields are normalised one by one and joined
 * by a single space, so a match never spans two fields and "prefix of a field" is
 * `(' ' || search_text) like '% ' || q || '%'`.
 */
export function searchColumnsOf(source: SearchSource): SearchColumns {
  const parts = [
    source.name,
    source.nameEn,
    source.regionCity,
    source.regionDistrict,
    source.regionNeighbourhood,
  ]
    .map((p) => (p ? normalizeForSearch(p) : ''))
    .filter((p) => p.length > 0);
  return {
    searchText: parts.join(' '),
    searchJamo: parts.map(toJamo).join(' '),
    searchChosung: parts
      .map(toChosung)
      .filter((p) => p.length > 0)
      .join(' '),
  };
}

/** A keyword in every form the query needs; null when nothing searchable is left. */
export interface SearchKeyword {
  text: string;
  jamo: string;
  /** Set when the keyword is only initial consonants (matched against search_chosung). */
  chosung: string | null;
}

export function searchKeywordOf(keyword: string | undefined | null): SearchKeyword | null {
  if (!keyword) return null;
  const text = normalizeForSearch(keyword);
  if (!text) return null;
  return { text, jamo: toJamo(text), chosung: isChosungQuery(text) ? text : null };
}
