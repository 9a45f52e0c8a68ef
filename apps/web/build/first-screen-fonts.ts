/**
 * The first screen's font (ADR 032): one subset file per market and weight, built at
 * build time from the full Noto Sans KR/JP (@expo-google-fonts, the same Google Fonts release
 * as @fontsource's slices), holding the characters a first screen shows — the market language's
 * catalog, the demo data's texts in the market's script, ASCII and the most frequent characters
 * (the top slices of Google Fonts' frequency-ordered unicode-range split). The rest of the font
 * stays in @fontsource's slices, their unicode-ranges minus the subset's characters, so the
 * browser never has two faces for one character and fetches a slice only for a character
 * outside the subset.
 *
 * Pure helpers (ranges, CSS) are exported for the unit test; `firstScreenFonts()` is the Vite
 * plugin that writes `src/styles/generated/fonts-{kr,jp}.css` and the subset files at the start
 * of a build or dev server (cached by a hash of the inputs).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

export type Range = readonly [number, number];

/** `U+20-22,U+ac00` → [[0x20, 0x22], [0xac00, 0xac00]]. */
export function parseUnicodeRange(text: string): Range[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, to] = part.split('-');
      const start = Number.parseInt(from!, 16);
      return [start, to === undefined ? start : Number.parseInt(to, 16)] as const;
    });
}

/** Sorted code points → the shortest `unicode-range` value (consecutive runs as `a-b`). */
export function formatUnicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (n: number) => n.toString(16);
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function codePointsOf(ranges: readonly Range[]): Set<number> {
  const set = new Set<number>();
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) set.add(c);
  return set;
}

/** The ranges less the given code points (split where a removed code point falls). */
export function subtractCodePoints(
  ranges: readonly Range[],
  removed: ReadonlySet<number>,
): Range[] {
  const out: Range[] = [];
  for (const [from, to] of ranges) {
    let start: number | null = null;
    for (let c = from; c <= to; c++) {
      if (removed.has(c)) {
        if (start !== null) out.push([start, c - 1]);
        start = null;
      } else if (start === null) start = c;
    }
    if (start !== null) out.push([start, to]);
  }
  return out;
}

export interface SourceFace {
  /** The slice's name in @fontsource: "119", "latin", … */
  slice: string;
  weight: number;
  /** The woff2 file's path relative to the stylesheet it was declared in. */
  url: string;
  ranges: Range[];
}

/** The @font-face rules of an @fontsource stylesheet (its WOFF2 source only). */
export function parseFontsourceCss(css: string): SourceFace[] {
  const faces: SourceFace[] = [];
  for (const match of css.matchAll(
    /\/\*\s*[\w-]+-\[?([\w-]+?)\]?-(\d+)-normal\s*\*\/\s*@font-face\s*\{([^}]*)\}/g,
  )) {
    const body = match[3]!;
    const url = /url\(([^)]+\.woff2)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!url || !range) continue;
    faces.push({
      slice: match[1]!,
      weight: Number(match[2]),
      url,
      ranges: parseUnicodeRange(range),
    });
  }
  return faces;
}

/**
 * The code points of the `count` most frequent numbered slices: Google Fonts numbers a CJK
 * font's slices by frequency, the highest number holding the most used characters (kana or the
 * most common Hangul syllables).
 */
export function frequentCodePoints(faces: readonly SourceFace[], count: number): Set<number> {
  const numbered = [...new Set(faces.map((f) => f.slice).filter((s) => /^\d+$/.test(s)))]
    .map(Number)
    .sort((a, b) => b - a)
    .slice(0, count);
  const picked = new Set(numbered.map(String));
  return codePointsOf(faces.filter((f) => picked.has(f.slice)).flatMap((f) => f.ranges));
}

/** Every string in a nested catalog object. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

export interface FaceRule {
  family: string;
  weight: number;
  url: string;
  unicodeRange: string;
}

export function fontFaceCss(rule: FaceRule): string {
  return [
    '@font-face {',
    `  font-family: '${rule.family}';`,
    '  font-style: normal;',
    '  font-display: swap;',
    `  font-weight: ${rule.weight};`,
    `  src: url(${rule.url}) format('woff2');`,
    `  unicode-range: ${rule.unicodeRange};`,
    '}',
  ].join('\n');
}

/**
 * The market's stylesheet: per weight, the @fontsource slices less the subset's characters
 * (a slice left with none is dropped), then the subset's face.
 */
export function marketCss(options: {
  family: string;
  faces: readonly SourceFace[];
  /** Per weight, the subset file's URL (relative to the generated stylesheet). */
  subsetUrls: Readonly<Record<number, string>>;
  subset: ReadonlySet<number>;
  /** Rewrites a slice's URL (relative to @fontsource's stylesheet) for the generated one. */
  sliceUrl: (url: string) => string;
}): string {
  const rules: string[] = [];
  const weights = [...new Set(options.faces.map((f) => f.weight))].sort((a, b) => a - b);
  for (const weight of weights) {
    const subsetUrl = options.subsetUrls[weight];
    for (const face of options.faces.filter((f) => f.weight === weight)) {
      const rest = subsetUrl ? subtractCodePoints(face.ranges, options.subset) : face.ranges;
      if (rest.length === 0) continue;
      rules.push(
        fontFaceCss({
          family: options.family,
          weight,
          url: options.sliceUrl(face.url),
          unicodeRange: formatUnicodeRange(codePointsOf(rest)),
        }),
      );
    }
    if (subsetUrl) {
      rules.push(
        fontFaceCss({
          family: options.family,
          weight,
          url: subsetUrl,
          unicodeRange: formatUnicodeRange(options.subset),
        }),
      );
    }
  }
  return rules.join('\n\n') + '\n';
}

/**
 * What the app's Intl formatters write besides digits (dates, weekdays, morning/afternoon, the
 * currency sign, relative times): not in any catalog.
 */
export function intlTexts(locale: string, currency: string): string[] {
  const out: string[] = [];
  const options: Intl.DateTimeFormatOptions[] = [
    { month: 'long' },
    { weekday: 'long' },
    { weekday: 'short' },
    { hour: 'numeric', minute: '2-digit' },
    { dateStyle: 'full' },
    { dateStyle: 'medium', timeStyle: 'short' },
  ];
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 1 + month, month * 2));
    for (const option of options) out.push(new Intl.DateTimeFormat(locale, option).format(date));
  }
  out.push(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(-12345.5));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const n of [-2, -1, 0, 1, 3]) out.push(relative.format(n, unit));
  }
  return out;
}

/**
 * Hangul syllables and jamo, or kana and CJK ideographs (and their punctuation); for both, the
 * symbols the interface draws as text (arrows, ★, ♥…).
 */
const scripts = {
  kr: /[\u1100-\u11ff\u2190-\u2bff\u3130-\u318f\uac00-\ud7af]/gu,
  jp: /[\u2190-\u2bff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/gu,
} as const;

export interface MarketFont {
  market: 'kr' | 'jp';
  family: string;
  /** @fontsource package and the weights declared from it. */
  fontsource: string;
  weights: readonly number[];
  /** The full font's file (@expo-google-fonts) of each weight that gets a subset. */
  fullFonts: Readonly<Record<number, string>>;
  /** How many of the most frequent numbered slices the subset takes whole. */
  frequentSlices: number;
  /** Texts the first screen shows: the catalog's strings. */
  texts: readonly string[];
  /** Source files whose characters in the market's script are added (the demo data). */
  textFiles: readonly string[];
}

/** The subset's code points: ASCII, the texts, the demo files' script characters, the frequent slices — only those the font has. */
export function subsetCodePoints(
  market: 'kr' | 'jp',
  faces: readonly SourceFace[],
  frequentSlices: number,
  texts: readonly string[],
  fileTexts: readonly string[],
): Set<number> {
  const coverage = codePointsOf(faces.flatMap((f) => f.ranges));
  const wanted = new Set<number>();
  // ASCII, Latin-1 (×, ·, ©, ¥…) and general punctuation (–, —, ‘’, “”, …): a few KiB.
  for (let c = 0x20; c <= 0x7e; c++) wanted.add(c);
  for (let c = 0xa0; c <= 0xff; c++) wanted.add(c);
  for (let c = 0x2010; c <= 0x2027; c++) wanted.add(c);
  for (const text of texts) for (const ch of text) wanted.add(ch.codePointAt(0)!);
  for (const text of fileTexts) {
    for (const ch of text.match(scripts[market]) ?? []) wanted.add(ch.codePointAt(0)!);
  }
  for (const c of frequentCodePoints(faces, frequentSlices)) wanted.add(c);
  return new Set([...wanted].filter((c) => coverage.has(c)));
}

/** Writes `<outDir>/fonts-<market>.css` and its subset files; skipped when the inputs are unchanged. */
export async function writeMarketFont(font: MarketFont, outDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const fontsourceDir = dirname(require.resolve(`${font.fontsource}/package.json`));
  const css = (
    await Promise.all(
      font.weights.map((weight) => readFile(join(fontsourceDir, `${weight}.css`), 'utf8')),
    )
  ).join('\n');
  const faces = parseFontsourceCss(css);
  const fileTexts = await Promise.all(font.textFiles.map((file) => readFile(file, 'utf8')));
  const subset = subsetCodePoints(font.market, faces, font.frequentSlices, font.texts, fileTexts);
  const text = String.fromCodePoint(...[...subset].sort((a, b) => a - b));
  const stamp = createHash('sha256')
    .update(JSON.stringify({ v: 3, text, css, weights: font.weights, fullFonts: font.fullFonts }))
    .digest('hex');
  const stampFile = join(outDir, `fonts-${font.market}.stamp`);
  if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return;

  await mkdir(outDir, { recursive: true });
  const { default: subsetFont } = await import('subset-font');
  const base = font.family.toLowerCase().replace(/\s+/g, '-');
  const subsetUrls: Record<number, string> = {};
  for (const [weight, file] of Object.entries(font.fullFonts)) {
    const full = await readFile(require.resolve(file));
    // No layout closure: the glyphs the characters map to, not every alternate GSUB could
    // reach (vertical forms, jp78/jp90 and traditional variants: +60 % bytes for Japanese).
    const woff2 = await subsetFont(full, text, { targetFormat: 'woff2', noLayoutClosure: true });
    const name = `${base}-first-${weight}.woff2`;
    await writeFile(join(outDir, name), woff2);
    subsetUrls[Number(weight)] = `./${name}`;
  }
  const sliceUrl = (url: string) => relative(outDir, join(fontsourceDir, url)).replace(/\\/g, '/');
  const header =
    `/* Generated by apps/web/build/first-screen-fonts.ts (ADR 032): do not edit. ${subset.size}\n` +
    `   characters in the first-screen subset; the rest in @fontsource's slices. */\n\n`;
  await writeFile(
    join(outDir, `fonts-${font.market}.css`),
    header + marketCss({ family: font.family, faces, subsetUrls, subset, sliceUrl }),
  );
  await writeFile(stampFile, stamp);
}

/** Every file under a folder (the demo data's content). */
export async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && pattern.test(entry.name)) files.push(path);
  }
  return files.sort();
}

export function firstScreenFonts(fonts: () => Promise<MarketFont[]>, outDir: string): Plugin {
  return {
    name: 'carol:first-screen-fonts',
    async buildStart() {
      for (const font of await fonts()) await writeMarketFont(font, outDir);
    },
  };
}
