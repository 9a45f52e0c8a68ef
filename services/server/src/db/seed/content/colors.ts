/** Trend hair colours of the Korean and Japanese salon market, most requested first. */

export type HairTone =
  'natural' | 'brown' | 'ash' | 'red' | 'pink' | 'blue' | 'purple' | 'blonde' | 'grey';

export interface HairColorDef {
  code: string;
  ko: string;
  en: string;
  ja: string;
  hex: string;
  tone: HairTone;
  /** Relative demand 0..100. */
  popularity: number;
}

export const hairColors: readonly HairColorDef[] = [
  {
    code: 'ash-brown',
    ko: '애쉬브라운',
    en: 'Ash brown',
    ja: 'アッシュブラウン',
    hex: '#6e5c50',
    tone: 'ash',
    popularity: 98,
  },
  {
    code: 'milk-tea-beige',
    ko: '밀크티베이지',
    en: 'Milk tea beige',
    ja: 'ミルクティーベージュ',
    hex: '#b39377',
    tone: 'blonde',
    popularity: 95,
  },
  {
    code: 'greige',
    ko: '그레이지',
    en: 'Greige',
    ja: 'グレージュ',
    hex: '#8a7d72',
    tone: 'ash',
    popularity: 93,
  },
  {
    code: 'choco-brown',
    ko: '초코브라운',
    en: 'Chocolate brown',
    ja: 'チョコレートブラウン',
    hex: '#4f3428',
    tone: 'brown',
    popularity: 91,
  },
  {
    code: 'pink-brown',
    ko: '핑크브라운',
    en: 'Pink brown',
    ja: 'ピンクブラウン',
    hex: '#8c5b57',
    tone: 'pink',
    popularity: 88,
  },
  {
    code: 'dark-brown',
    ko: '다크브라운',
    en: 'Dark brown',
    ja: 'ダークブラウン',
    hex: '#3a2822',
    tone: 'natural',
    popularity: 86,
  },
  {
    code: 'ash-grey',
    ko: '애쉬그레이',
    en: 'Ash grey',
    ja: 'アッシュグレー',
    hex: '#77716e',
    tone: 'grey',
    popularity: 84,
  },
  {
    code: 'olive-beige',
    ko: '올리브베이지',
    en: 'Olive beige',
    ja: 'オリーブベージュ',
    hex: '#857a5e',
    tone: 'ash',
    popularity: 80,
  },
  {
    code: 'lavender-ash',
    ko: '라벤더애쉬',
    en: 'Lavender ash',
    ja: 'ラベンダーアッシュ',
    hex: '#85778f',
    tone: 'purple',
    popularity: 78,
  },
  {
    code: 'blue-black',
    ko: '블루블랙',
    en: 'Blue black',
    ja: 'ブルーブラック',
    hex: '#1f2431',
    tone: 'blue',
    popularity: 76,
  },
  {
    code: 'rose-gold',
    ko: '로즈골드',
    en: 'Rose gold',
    ja: 'ローズゴールド',
    hex: '#b58273',
    tone: 'pink',
    popularity: 72,
  },
  {
    code: 'khaki-brown',
    ko: '카키브라운',
    en: 'Khaki brown',
    ja: 'カーキブラウン',
    hex: '#6a5f4a',
    tone: 'ash',
    popularity: 70,
  },
  {
    code: 'cherry-red',
    ko: '체리레드',
    en: 'Cherry red',
    ja: 'チェリーレッド',
    hex: '#7a2b35',
    tone: 'red',
    popularity: 66,
  },
  {
    code: 'orange-brown',
    ko: '오렌지브라운',
    en: 'Orange brown',
    ja: 'オレンジブラウン',
    hex: '#9a5d3a',
    tone: 'brown',
    popularity: 62,
  },
  {
    code: 'honey-blonde',
    ko: '허니블론드',
    en: 'Honey blonde',
    ja: 'ハニーブロンド',
    hex: '#be945c',
    tone: 'blonde',
    popularity: 60,
  },
  {
    code: 'ash-blue',
    ko: '애쉬블루',
    en: 'Ash blue',
    ja: 'アッシュブルー',
    hex: '#4e5a69',
    tone: 'blue',
    popularity: 58,
  },
  {
    code: 'burgundy',
    ko: '버건디',
    en: 'Burgundy',
    ja: 'ボルドー',
    hex: '#58222f',
    tone: 'red',
    popularity: 55,
  },
  {
    code: 'violet',
    ko: '바이올렛',
    en: 'Violet',
    ja: 'バイオレット',
    hex: '#5b4563',
    tone: 'purple',
    popularity: 50,
  },
  {
    code: 'beige-blonde',
    ko: '베이지블론드',
    en: 'Beige blonde',
    ja: 'ベージュブロンド',
    hex: '#cdb08a',
    tone: 'blonde',
    popularity: 46,
  },
  {
    code: 'silver',
    ko: '실버',
    en: 'Silver',
    ja: 'シルバー',
    hex: '#b9b8b8',
    tone: 'grey',
    popularity: 40,
  },
  {
    code: 'natural-black',
    ko: '자연 흑발',
    en: 'Natural black',
    ja: 'ナチュラルブラック',
    hex: '#241e1d',
    tone: 'natural',
    popularity: 38,
  },
];

/** The top of the list is flagged "hot" on the home screen. */
export const HOT_COLOR_COUNT = 10;

export function colorByCode(code: string): HairColorDef {
  const c = hairColors.find((x) => x.code === code);
  if (!c) throw new Error(`unknown hair colour ${code}`);
  return c;
}

/** Everyday colours for portraits of cut and perm styles (most people are not in a vivid shade). */
export const everydayColors: readonly string[] = [
  'dark-brown',
  'choco-brown',
  'ash-brown',
  'natural-black',
  'greige',
  'milk-tea-beige',
  'pink-brown',
  'blue-black',
];
