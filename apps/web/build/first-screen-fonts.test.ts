// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  codePointsOf,
  formatUnicodeRange,
  frequentCodePoints,
  intlTexts,
  marketCss,
  parseFontsourceCss,
  parseUnicodeRange,
  subsetCodePoints,
  subtractCodePoints,
} from './first-screen-fonts';

const fontsource = `
/* noto-sans-jp-[118]-400-normal */
@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url(./files/noto-sans-jp-118-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-118-400-normal.woff) format('woff');
  unicode-range: U+4e00-4e02,U+65e5;
}

/* noto-sans-jp-[119]-400-normal */
@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url(./files/noto-sans-jp-119-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-119-400-normal.woff) format('woff');
  unicode-range: U+3041-3043;
}

/* noto-sans-jp-[2]-400-normal */
@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url(./files/noto-sans-jp-2-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-2-400-normal.woff) format('woff');
  unicode-range: U+9f00-9f01;
}

/* noto-sans-jp-latin-400-normal */
@font-face {
  font-family: 'Noto Sans JP';
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url(./files/noto-sans-jp-latin-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-latin-400-normal.woff) format('woff');
  unicode-range: U+0000-00FF,U+2122;
}
`;

describe('unicode ranges', () => {
  it('parses and formats them, joining consecutive code points', () => {
    expect(parseUnicodeRange('U+20-22, U+ac00,U+0000-00FF')).toEqual([
      [0x20, 0x22],
      [0xac00, 0xac00],
      [0, 0xff],
    ]);
    expect(formatUnicodeRange([0x22, 0x20, 0x21, 0xac00, 0x41, 0x21])).toBe('U+20-22,U+41,U+ac00');
  });

  it('subtracts code points, splitting a range where one is removed', () => {
    expect(
      subtractCodePoints(
        [
          [0x10, 0x15],
          [0x20, 0x20],
        ],
        new Set([0x10, 0x13, 0x20]),
      ),
    ).toEqual([
      [0x11, 0x12],
      [0x14, 0x15],
    ]);
  });
});

describe('the first-screen subset', () => {
  const faces = parseFontsourceCss(fontsource);

  it("reads @fontsource's faces: slice, weight, WOFF2 file and range", () => {
    expect(faces.map((f) => [f.slice, f.weight, f.url])).toEqual([
      ['118', 400, './files/noto-sans-jp-118-400-normal.woff2'],
      ['119', 400, './files/noto-sans-jp-119-400-normal.woff2'],
      ['2', 400, './files/noto-sans-jp-2-400-normal.woff2'],
      ['latin', 400, './files/noto-sans-jp-latin-400-normal.woff2'],
    ]);
  });

  it('takes the highest-numbered (most frequent) slices whole', () => {
    expect([...frequentCodePoints(faces, 1)]).toEqual([0x3041, 0x3042, 0x3043]);
    expect(frequentCodePoints(faces, 2).has(0x65e5)).toBe(true);
    expect(frequentCodePoints(faces, 2).has(0x9f00)).toBe(false);
  });

  it('holds what the Intl formatters write: weekdays, the currency sign', () => {
    const ja = intlTexts('ja-JP', 'JPY').join('');
    expect(ja).toContain('月曜日');
    expect(ja).toMatch(/[¥￥]/);
    expect(intlTexts('ko-KR', 'KRW').join('')).toContain('₩');
  });

  it('holds ASCII, the texts, the files’ characters of the script and the frequent slices, only where the font has them', () => {
    const subset = subsetCodePoints('jp', faces, 1, ['鼀 A'], ['const name = "日本 한국";']);
    expect(subset.has('A'.codePointAt(0)!)).toBe(true);
    expect(subset.has(0x9f00)).toBe(true); // 鼀, from a text
    expect(subset.has(0x65e5)).toBe(true); // 日, from a file, in the Japanese script
    expect(subset.has('한'.codePointAt(0)!)).toBe(false); // not Japanese, not in the font
    expect(subset.has(0x3042)).toBe(true); // the most frequent slice
    expect(subset.has(0x4e01)).toBe(false); // slice 118 was not taken
    expect(subset.has(0x672c)).toBe(false); // 本: not in this font's slices
  });

  it('declares the slices less the subset (dropping emptied ones), then the subset', () => {
    const subset = subsetCodePoints('jp', faces, 1, [], []);
    const css = marketCss({
      family: 'Noto Sans JP',
      faces,
      subset,
      subsetUrls: { 400: './noto-sans-jp-first-400.woff2' },
      sliceUrl: (url) => `../fs/${url.slice(2)}`,
    });
    const rules = [...css.matchAll(/src: url\(([^)]+)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(rules).toEqual([
      ['../fs/files/noto-sans-jp-118-400-normal.woff2', 'U+4e00-4e02,U+65e5'],
      ['../fs/files/noto-sans-jp-2-400-normal.woff2', 'U+9f00-9f01'],
      ['../fs/files/noto-sans-jp-latin-400-normal.woff2', 'U+0-1f,U+7f-9f,U+2122'],
      ['./noto-sans-jp-first-400.woff2', formatUnicodeRange(subset)],
    ]);
    // No character is in two faces of one weight except where @fontsource itself overlaps.
    const declared = rules
      .slice(0, -1)
      .flatMap(([, range]) => [...codePointsOf(parseUnicodeRange(range!))]);
    expect(declared.filter((c) => subset.has(c))).toEqual([]);
  });
});
