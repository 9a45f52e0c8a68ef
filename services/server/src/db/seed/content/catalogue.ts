import type { HairShape } from '../images/portrait-hair.js';

/**
 * The style book: gender × length × kind (cut, perm, color) → styles → substyles. Each cut or
 * perm style carries the hair shape its illustrations are drawn with; colour styles reuse the
 * shapes of their length and vary the colour instead.
 */

export type Gender = 'w' | 'm';
export type Length = 'short' | 'bob' | 'medium' | 'long' | 'male';
export type Kind = 'cut' | 'perm' | 'color';

export interface Names {
  code: string;
  ko: string;
  en: string;
  ja: string;
}

export interface StyleDef extends Names {
  shape?: Partial<HairShape>;
  /** Colour styles: hair-colour codes, one substyle each. */
  colors?: readonly string[];
  /** Colour styles: lighter streaks over the base colour. */
  highlights?: boolean;
  subs?: readonly StyleDef[];
}

export interface TypeDef extends Names {
  gender: Gender;
  length: Length;
  kind: Kind;
  styles: readonly StyleDef[];
}

const baseShapes: Record<Length, HairShape> = {
  short: {
    build: 'cropped',
    fringe: 'side',
    volume: 10,
    width: 140,
    endY: 420,
    endWidth: 140,
    lock: 56,
    ends: 'layered',
    wave: 0,
    wavePeriod: 100,
    curls: false,
    fadeSides: false,
    part: -1,
  },
  bob: {
    build: 'framing',
    fringe: 'none',
    volume: 8,
    width: 140,
    endY: 482,
    endWidth: 150,
    lock: 70,
    ends: 'blunt',
    wave: 0,
    wavePeriod: 100,
    curls: false,
    fadeSides: false,
    part: 0,
  },
  medium: {
    build: 'framing',
    fringe: 'none',
    volume: 10,
    width: 146,
    endY: 565,
    endWidth: 150,
    lock: 62,
    ends: 'blunt',
    wave: 0,
    wavePeriod: 110,
    curls: false,
    fadeSides: false,
    part: 0,
  },
  long: {
    build: 'framing',
    fringe: 'none',
    volume: 10,
    width: 148,
    endY: 668,
    endWidth: 152,
    lock: 60,
    ends: 'blunt',
    wave: 0,
    wavePeriod: 120,
    curls: false,
    fadeSides: false,
    part: 0,
  },
  male: {
    build: 'cropped',
    fringe: 'm-down',
    volume: 16,
    width: 110,
    endY: 360,
    endWidth: 110,
    lock: 40,
    ends: 'blunt',
    wave: 0,
    wavePeriod: 100,
    curls: false,
    fadeSides: false,
    part: 0,
  },
};

export function baseShape(length: Length): HairShape {
  return baseShapes[length];
}

const lengthNames: Record<Length, readonly [string, string, string]> = {
  short: ['숏', 'Short', 'ショート'],
  bob: ['단발', 'Bob', 'ボブ'],
  medium: ['중단발', 'Medium', 'ミディアム'],
  long: ['롱', 'Long', 'ロング'],
  male: ['남자', "Men's", 'メンズ'],
};

const kindNames: Record<Kind, readonly [string, string, string]> = {
  cut: ['컷', 'cut', 'カット'],
  perm: ['펌', 'perm', 'パーマ'],
  color: ['컬러', 'color', 'カラー'],
};

const s = (
  code: string,
  ko: string,
  en: string,
  ja: string,
  shape?: Partial<HairShape>,
  subs?: StyleDef[],
): StyleDef => ({
  code,
  ko,
  en,
  ja,
  ...(shape ? { shape } : {}),
  ...(subs ? { subs } : {}),
});

const womenStyles: Record<Exclude<Length, 'male'>, Record<'cut' | 'perm', StyleDef[]>> = {
  short: {
    cut: [
      s(
        'pixie',
        '픽시컷',
        'Pixie cut',
        'ピクシーカット',
        { build: 'cropped', fringe: 'side', volume: 8 },
        [
          s('pixie-side', '사이드뱅 픽시컷', 'Side-swept pixie', 'サイドバングのピクシー', {
            fringe: 'side',
            part: -1,
          }),
          s('pixie-bang', '풀뱅 픽시컷', 'Pixie with full bangs', '前髪ありピクシー', {
            fringe: 'blunt',
            volume: 10,
          }),
        ],
      ),
      s('short-layered', '숏 레이어드컷', 'Short layered cut', 'ショートレイヤー', {
        build: 'framing',
        fringe: 'side',
        part: -1,
        width: 134,
        endY: 420,
        endWidth: 136,
        lock: 54,
        ends: 'layered',
      }),
      s('short-hush', '숏 허쉬컷', 'Short hush cut', 'ショートウルフ', {
        build: 'framing',
        fringe: 'seethrough',
        width: 140,
        endY: 440,
        endWidth: 126,
        lock: 48,
        ends: 'layered',
        volume: 16,
      }),
    ],
    perm: [
      s('short-hippie', '숏 히피펌', 'Short hippie perm', 'ショートスパイラル', {
        build: 'framing',
        fringe: 'side',
        part: 1,
        width: 152,
        endY: 432,
        endWidth: 160,
        lock: 60,
        ends: 'layered',
        wave: 8,
        wavePeriod: 36,
        curls: true,
      }),
      s('short-volume', '숏 볼륨펌', 'Short volume perm', 'ショートパーマ', {
        build: 'framing',
        fringe: 'curtain',
        width: 146,
        endY: 420,
        endWidth: 150,
        lock: 58,
        ends: 'flick',
        wave: 7,
        wavePeriod: 70,
      }),
      s('pixie-perm', '픽시 펌', 'Pixie perm', 'ピクシーパーマ', {
        build: 'cropped',
        fringe: 'side',
        volume: 20,
        curls: true,
      }),
    ],
  },
  bob: {
    cut: [
      s(
        'tassel',
        '태슬컷',
        'Tassel cut',
        '切りっぱなしボブ',
        { ends: 'blunt', fringe: 'none', endY: 470 },
        [
          s(
            'tassel-seethrough',
            '시스루뱅 태슬컷',
            'Tassel cut, see-through bangs',
            'シースルーバングの切りっぱなしボブ',
            { fringe: 'seethrough' },
          ),
          s(
            'tassel-nobang',
            '앞머리 없는 태슬컷',
            'Tassel cut, no bangs',
            '前髪なし切りっぱなしボブ',
            { fringe: 'none', part: 1 },
          ),
        ],
      ),
      s('one-length-bob', '일자 단발', 'One-length bob', 'ワンレンボブ', {
        fringe: 'none',
        part: -1,
        ends: 'blunt',
        endY: 476,
        endWidth: 146,
      }),
      s('bang-bob', '뱅 단발', 'Bob with bangs', '前髪ありボブ', {
        fringe: 'blunt',
        ends: 'curl-in',
      }),
      s('layered-bob', '단발 레이어드컷', 'Layered bob', 'レイヤーボブ', {
        fringe: 'curtain',
        ends: 'layered',
        lock: 60,
      }),
    ],
    perm: [
      s('c-curl-bob', '단발 C컬펌', 'C-curl bob perm', '内巻きボブパーマ', {
        fringe: 'seethrough',
        ends: 'curl-in',
        endY: 478,
      }),
      s('s-curl-bob', '단발 S컬펌', 'S-curl bob perm', '外ハネボブパーマ', {
        fringe: 'curtain',
        ends: 'flick',
        wave: 8,
        wavePeriod: 80,
      }),
      s('hippie-bob', '단발 히피펌', 'Hippie bob perm', 'ボブスパイラル', {
        fringe: 'side',
        part: -1,
        curls: true,
        wave: 8,
        wavePeriod: 36,
        width: 160,
        endWidth: 172,
        ends: 'layered',
      }),
    ],
  },
  medium: {
    cut: [
      s(
        'hush',
        '허쉬컷',
        'Hush cut',
        'ハッシュカット',
        { ends: 'layered', fringe: 'seethrough', endWidth: 140, lock: 50 },
        [
          s(
            'hush-curtain',
            '커튼뱅 허쉬컷',
            'Hush cut, curtain bangs',
            '顔まわりカットのハッシュ',
            { fringe: 'curtain' },
          ),
          s(
            'hush-seethrough',
            '시스루뱅 허쉬컷',
            'Hush cut, see-through bangs',
            'シースルーバングのハッシュ',
            { fringe: 'seethrough' },
          ),
          s('hush-nobang', '뱅 없는 허쉬컷', 'Hush cut, no bangs', '前髪なしハッシュ', {
            fringe: 'none',
            part: 1,
          }),
        ],
      ),
      s(
        'layered',
        '레이어드컷',
        'Layered cut',
        'レイヤーカット',
        { ends: 'layered', fringe: 'curtain' },
        [
          s('layered-c', 'C컬 레이어드컷', 'Layered cut, C-curl', '内巻きレイヤー', {
            ends: 'curl-in',
          }),
          s('layered-s', 'S컬 레이어드컷', 'Layered cut, S-curl', 'ゆるウェーブレイヤー', {
            wave: 10,
            wavePeriod: 100,
          }),
        ],
      ),
      s('wolf', '울프컷', 'Wolf cut', 'ウルフカット', {
        ends: 'layered',
        fringe: 'seethrough',
        width: 152,
        endWidth: 122,
        lock: 44,
        volume: 18,
      }),
      s('one-length-medium', '중단발 일자컷', 'One-length medium', 'ワンレンミディアム', {
        ends: 'blunt',
        fringe: 'none',
        part: -1,
      }),
    ],
    perm: [
      s('build', '빌드펌', 'Build perm', 'ビルドパーマ', {
        wave: 14,
        wavePeriod: 110,
        ends: 'layered',
        fringe: 'curtain',
      }),
      s('hippie', '히피펌', 'Hippie perm', 'スパイラルパーマ', {
        curls: true,
        wave: 10,
        wavePeriod: 40,
        width: 166,
        endWidth: 178,
        fringe: 'side',
        part: -1,
        ends: 'layered',
      }),
      s('elizabeth', '엘리자벳펌', 'Elizabeth perm', 'エリザベスパーマ', {
        wave: 12,
        wavePeriod: 90,
        ends: 'curl-in',
        fringe: 'side',
        part: 1,
      }),
      s('body', '바디펌', 'Body perm', 'ボディパーマ', {
        wave: 9,
        wavePeriod: 120,
        ends: 'flick',
        fringe: 'none',
      }),
    ],
  },
  long: {
    cut: [
      s(
        'long-layered',
        '롱 레이어드컷',
        'Long layered cut',
        'ロングレイヤー',
        { ends: 'layered', fringe: 'curtain' },
        [
          s(
            'long-layered-curtain',
            '커튼뱅 롱 레이어드',
            'Long layers, curtain bangs',
            '顔まわりレイヤーロング',
            { fringe: 'curtain' },
          ),
          s('hime', '히메컷', 'Hime cut', '姫カット', { fringe: 'blunt', ends: 'blunt' }),
        ],
      ),
      s('one-length-long', '긴머리 일자컷', 'Long one-length', 'ワンレングスロング', {
        ends: 'blunt',
        fringe: 'none',
        part: 1,
      }),
      s(
        'long-seethrough',
        '시스루뱅 긴머리',
        'Long hair, see-through bangs',
        'シースルーバングロング',
        { fringe: 'seethrough', ends: 'blunt' },
      ),
    ],
    perm: [
      s('long-build', '롱 빌드펌', 'Long build perm', 'ロングビルドパーマ', {
        wave: 16,
        wavePeriod: 110,
        fringe: 'curtain',
        ends: 'layered',
        endWidth: 160,
      }),
      s('water-wave', '물결펌', 'Water-wave perm', '波ウェーブパーマ', {
        wave: 10,
        wavePeriod: 60,
        ends: 'layered',
        fringe: 'none',
      }),
      s('glam', '글램펌', 'Glam perm', 'グラムパーマ', {
        wave: 18,
        wavePeriod: 130,
        width: 160,
        endWidth: 176,
        fringe: 'side',
        part: -1,
        volume: 16,
      }),
      s('setting', '셋팅펌', 'Setting perm', 'デジタルパーマ', {
        wave: 12,
        wavePeriod: 120,
        ends: 'curl-in',
        fringe: 'seethrough',
      }),
      s('long-hippie', '롱 히피펌', 'Long hippie perm', 'ロングスパイラル', {
        curls: true,
        wave: 10,
        wavePeriod: 40,
        width: 166,
        endWidth: 182,
        fringe: 'none',
        ends: 'layered',
      }),
    ],
  },
};

const menStyles: Record<'cut' | 'perm', StyleDef[]> = {
  cut: [
    s('dandy', '댄디컷', 'Dandy cut', 'ダンディカット', { fringe: 'm-down', volume: 16 }, [
      s('dandy-classic', '클래식 댄디컷', 'Classic dandy cut', 'ナチュラルマッシュ', {
        fringe: 'm-down',
        volume: 14,
      }),
      s('mash', '마쉬컷', 'Mushroom cut', 'マッシュカット', { fringe: 'm-down', volume: 24 }),
    ]),
    s('leaf', '리프컷', 'Leaf cut', 'リーフカット', { fringe: 'm-leaf', volume: 18 }),
    s('gail', '가일컷', 'Gail cut', 'ガイルカット', {
      fringe: 'm-comma',
      volume: 22,
      fadeSides: true,
      part: -1,
    }),
    s('two-block', '투블럭컷', 'Two-block cut', 'ツーブロック', {
      fringe: 'm-down',
      volume: 20,
      fadeSides: true,
    }),
    s('crop', '크롭컷', 'Crop cut', 'クロップスタイル', {
      fringe: 'm-crop',
      volume: 10,
      fadeSides: true,
    }),
    s(
      'pomade',
      '포마드컷',
      'Pomade cut',
      'ポマードスタイル',
      { fringe: 'm-part', volume: 26, part: -1 },
      [
        s('side-part', '사이드 파트', 'Side part', 'サイドパート', {
          fringe: 'm-part',
          volume: 24,
          part: -1,
        }),
        s('slick-back', '올백', 'Slick back', 'オールバック', { fringe: 'm-up', volume: 28 }),
      ],
    ),
    s('regent', '리젠트컷', 'Regent cut', 'アップバング', {
      fringe: 'm-up',
      volume: 34,
      fadeSides: true,
    }),
  ],
  perm: [
    s('as-perm', '애즈펌', 'Ez perm', 'アズパーマ', { fringe: 'm-comma', volume: 24, part: -1 }),
    s('shadow', '쉐도우펌', 'Shadow perm', 'シャドウパーマ', {
      fringe: 'm-part',
      volume: 26,
      part: -1,
    }),
    s('part-perm', '가르마펌', 'Centre-part perm', 'センターパートパーマ', {
      fringe: 'm-leaf',
      volume: 24,
    }),
    s('down-perm', '다운펌', 'Down perm', 'ダウンパーマ', { fringe: 'm-down', volume: 12 }),
    s('spin-swallow', '스핀스왈로펌', 'Spin swallow perm', 'スパイラルパーマ', {
      fringe: 'm-crop',
      volume: 28,
      curls: true,
    }),
  ],
};

const colorFamilies = (gender: Gender): StyleDef[] =>
  gender === 'w'
    ? [
        {
          code: 'ash',
          ko: '애쉬 계열',
          en: 'Ash tones',
          ja: 'アッシュ系',
          colors: ['ash-brown', 'greige', 'ash-grey'],
        },
        {
          code: 'brown',
          ko: '브라운 계열',
          en: 'Browns',
          ja: 'ブラウン系',
          colors: ['milk-tea-beige', 'choco-brown', 'orange-brown'],
        },
        {
          code: 'point',
          ko: '포인트 컬러',
          en: 'Statement colors',
          ja: 'ポイントカラー',
          colors: ['pink-brown', 'lavender-ash', 'cherry-red'],
        },
        {
          code: 'highlight',
          ko: '하이라이트',
          en: 'Highlights',
          ja: 'ハイライト',
          colors: ['dark-brown', 'choco-brown'],
          highlights: true,
        },
      ]
    : [
        {
          code: 'dark',
          ko: '다크 계열',
          en: 'Dark tones',
          ja: 'ダーク系',
          colors: ['natural-black', 'blue-black', 'dark-brown'],
        },
        {
          code: 'ash',
          ko: '애쉬 계열',
          en: 'Ash tones',
          ja: 'アッシュ系',
          colors: ['ash-brown', 'ash-grey', 'khaki-brown'],
        },
        {
          code: 'bright',
          ko: '밝은 컬러',
          en: 'Bright colors',
          ja: 'ハイトーン',
          colors: ['silver', 'honey-blonde', 'ash-blue'],
        },
      ];

function typeDef(gender: Gender, length: Length, kind: Kind, styles: StyleDef[]): TypeDef {
  const [lk, le, lj] = lengthNames[length];
  const [kk, ke, kj] = kindNames[kind];
  return {
    gender,
    length,
    kind,
    code: `${length}-${kind}`,
    ko: `${lk} ${kk}`,
    en: `${le} ${ke}`,
    ja: `${lj}${kj}`,
    styles,
  };
}

export const catalogue: readonly TypeDef[] = [
  ...(['short', 'bob', 'medium', 'long'] as const).flatMap((length) => [
    typeDef('w', length, 'cut', womenStyles[length].cut),
    typeDef('w', length, 'perm', womenStyles[length].perm),
    typeDef('w', length, 'color', colorFamilies('w')),
  ]),
  typeDef('m', 'male', 'cut', menStyles.cut),
  typeDef('m', 'male', 'perm', menStyles.perm),
  typeDef('m', 'male', 'color', colorFamilies('m')),
];

/** Cut and perm shapes of a length, for colour photos to borrow. */
export function shapesOfLength(length: Length): Partial<HairShape>[] {
  const out: Partial<HairShape>[] = [];
  for (const t of catalogue) {
    if (t.length !== length || t.kind === 'color') continue;
    for (const st of t.styles) {
      if (st.subs) for (const sub of st.subs) out.push({ ...st.shape, ...sub.shape });
      else if (st.shape) out.push(st.shape);
    }
  }
  return out;
}
