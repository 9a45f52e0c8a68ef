/**
 * Kana → Hepburn romaji, and a loose form of romaji that forgives the usual spelling choices
 * (long vowels written or not, n/m before b/p, "jy"), so "toukyou", "tokyo" and "Tōkyō" meet.
 */

// prettier-ignore
const BASE: Record<string, string> = {
  あ: 'a', い: 'i', う: 'u', え: 'e', お: 'o',
  か: 'ka', き: 'ki', く: 'ku', け: 'ke', こ: 'ko',
  さ: 'sa', し: 'shi', す: 'su', せ: 'se', そ: 'so',
  た: 'ta', ち: 'chi', つ: 'tsu', て: 'te', と: 'to',
  な: 'na', に: 'ni', ぬ: 'nu', ね: 'ne', の: 'no',
  は: 'ha', ひ: 'hi', ふ: 'fu', へ: 'he', ほ: 'ho',
  ま: 'ma', み: 'mi', む: 'mu', め: 'me', も: 'mo',
  や: 'ya', ゆ: 'yu', よ: 'yo',
  ら: 'ra', り: 'ri', る: 'ru', れ: 're', ろ: 'ro',
  わ: 'wa', を: 'o', ん: 'n',
  が: 'ga', ぎ: 'gi', ぐ: 'gu', げ: 'ge', ご: 'go',
  ざ: 'za', じ: 'ji', ず: 'zu', ぜ: 'ze', ぞ: 'zo',
  だ: 'da', ぢ: 'ji', づ: 'zu', で: 'de', ど: 'do',
  ば: 'ba', び: 'bi', ぶ: 'bu', べ: 'be', ぼ: 'bo',
  ぱ: 'pa', ぴ: 'pi', ぷ: 'pu', ぺ: 'pe', ぽ: 'po',
  ゔ: 'vu', ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o',
};
const SMALL_Y: Record<string, string> = { ゃ: 'a', ゅ: 'u', ょ: 'o' };

function toHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp >= 0x30a1 && cp <= 0x30f6 ? String.fromCodePoint(cp - 0x60) : ch;
  }
  return out;
}

/** Hepburn romaji of a kana string; characters that are not kana are dropped. */
export function kanaToRomaji(kana: string): string {
  const chars = [...toHiragana(kana.normalize('NFKC'))];
  let out = '';
  let doubleNext = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (ch === 'っ') {
      doubleNext = true;
      continue;
    }
    if (ch === 'ー') continue;
    let syllable = BASE[ch];
    if (syllable === undefined) continue;
    const next = chars[i + 1] ?? '';
    const y = SMALL_Y[next];
    if (y !== undefined && syllable.endsWith('i') && syllable.length > 1) {
      const stem = syllable.slice(0, -1);
      syllable = /^(sh|ch|j)$/.test(stem) ? stem + y : `${stem}y${y}`;
      i++;
    }
    if (doubleNext) {
      syllable = (syllable.startsWith('ch') ? 't' : (syllable[0] ?? '')) + syllable;
      doubleNext = false;
    }
    out += syllable;
  }
  return out;
}

/** Loose romaji for matching: letters only, long vowels and nasal spellings folded. */
export function looseRomaji(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ou|oo|oh(?![aeiou])/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/m(?=[bpm])/g, 'n')
    .replace(/jy/g, 'j');
}

/** True when the (normalised) text is only Latin letters and digits. */
export function isLatin(text: string): boolean {
  return /^[a-z0-9]+$/.test(text);
}
