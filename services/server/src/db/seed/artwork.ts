import { bannerDefs, type BannerDef } from './content/banners.js';
import { baseShape, shapesOfLength, type Gender, type Length } from './content/catalogue.js';
import { colorByCode, everydayColors } from './content/colors.js';
import type { HairstyleDef } from './content/hairstyles.js';
import { bannerSvg } from './images/banner.js';
import { BOARD } from '../../lib/hair-overlay/canonical-head.js';
import { HAIRSTYLE_VERSION, renderHairstyle } from '../../lib/hair-overlay/render.js';
import type { HairShape } from './images/portrait-hair.js';
import {
  portraitSvg,
  type ClothingKind,
  type EyeKind,
  type PortraitSpec,
} from './images/portrait.js';
import { SEED_MEDIA_PREFIX, mediaUrl, type ImageJob } from './images/render.js';
import { salonSvg, type SalonScene } from './images/salon.js';
import { swatchSvg } from './images/swatch.js';
import { lighten } from './images/svg.js';
import { Rng } from '../../lib/prng.js';

/**
 * Which illustrations exist and what each looks like. An image's look depends only on its own
 * key (never on the dataset seed), so its path identifies its content and files can be reused.
 */

export interface Artwork {
  job: ImageJob;
  url: string;
  thumbUrl?: string;
}

const skins = ['#f6d7c3', '#f3cfb6', '#efc6ab', '#eac0a2', '#e3b393', '#f8dcca', '#dba585'];
const clothes = [
  '#e8dccb',
  '#8a9a7b',
  '#2f3e55',
  '#c9876a',
  '#d9c27a',
  '#b7a3c9',
  '#3c3f44',
  '#f1ede4',
  '#a9b8c9',
  '#7a4e45',
  '#dcd3c4',
  '#556b5d',
];
const backgrounds: readonly (readonly [string, string])[] = [
  ['#fde8e4', '#f6cfd8'],
  ['#e5f0ea', '#cfe3d9'],
  ['#e6ecf7', '#cfdaf0'],
  ['#fbf0dd', '#f3dcb8'],
  ['#efe6f7', '#dccdef'],
  ['#fde8e4', '#f7d9c9'],
  ['#e3eef2', '#c9dde6'],
  ['#f4efe6', '#e5dccb'],
];
const womenClothes: readonly ClothingKind[] = ['crew', 'vneck', 'turtle', 'collar', 'crew'];
const menClothes: readonly ClothingKind[] = ['crew', 'collar', 'turtle', 'vneck', 'collar'];
const eyeKinds: readonly EyeKind[] = ['open', 'open', 'calm', 'smile'];

export function portraitFor(
  key: string,
  gender: Gender,
  shape: HairShape,
  hairHex: string,
  highlight?: string,
): PortraitSpec {
  const rng = new Rng(`portrait:${key}`);
  return {
    hair: shape,
    hairColor: hairHex,
    skin: rng.pick(skins),
    clothing: rng.pick(clothes),
    clothingKind: rng.pick(gender === 'w' ? womenClothes : menClothes),
    background: rng.pick(backgrounds),
    eyes: rng.pick(eyeKinds),
    feminine: gender === 'w',
    variant: rng.int(0, 9),
    ...(highlight ? { highlight } : {}),
  };
}

function file(dir: string, name: string): string {
  return `${SEED_MEDIA_PREFIX}/${dir}/${name}.webp`;
}

export function stylePhoto(
  gender: Gender,
  typeCode: string,
  leafCode: string,
  k: number,
  shape: HairShape,
  hairHex: string,
  highlight?: string,
): Artwork {
  const key = `${gender}-${typeCode}-${leafCode}-${k}`;
  const spec = portraitFor(key, gender, shape, hairHex, highlight);
  const path = file('styles', key);
  const thumb = file('styles', `${key}.thumb`);
  return {
    url: mediaUrl(path),
    thumbUrl: mediaUrl(thumb),
    job: {
      path,
      width: 600,
      height: 750,
      thumb: { path: thumb, width: 240, height: 300 },
      svg: () => portraitSvg(spec, { width: 600, height: 750, crop: 'portrait' }),
    },
  };
}

export const AVATAR_POOL: Record<Gender, number> = { w: 36, m: 24 };

export function avatar(gender: Gender, k: number): Artwork {
  const rng = new Rng(`avatar:${gender}:${k}`);
  const length: Length =
    gender === 'm' ? 'male' : rng.pick(['short', 'bob', 'medium', 'long'] as const);
  const shape: HairShape = { ...baseShape(length), ...rng.pick(shapesOfLength(length)) };
  const color = colorByCode(rng.pick(everydayColors)).hex;
  const spec = portraitFor(`avatar-${gender}-${k}`, gender, shape, color);
  const path = file('avatars', `${gender}-${k}`);
  return {
    url: mediaUrl(path),
    job: {
      path,
      width: 320,
      height: 320,
      svg: () => portraitSvg(spec, { width: 320, height: 320, crop: 'avatar' }),
    },
  };
}

export const SALON_POOL: Record<SalonScene, number> = { stations: 16, lounge: 12, wash: 12 };

export function salonImage(scene: SalonScene, k: number): Artwork {
  const path = file('shops', `${scene}-${k}`);
  // Palettes cycle with the seed, so neighbouring k give different colour schemes.
  const seed = k * 7 + (scene === 'stations' ? 0 : scene === 'lounge' ? 3 : 5);
  return {
    url: mediaUrl(path),
    job: {
      path,
      width: 960,
      height: 640,
      svg: () => salonSvg({ scene, seed }, { width: 960, height: 640 }),
    },
  };
}

export function bannerArt(def: BannerDef, index: number): Artwork {
  const key = `${def.server}-${def.position}-${def.art}`;
  const path = file('banners', key);
  const width = 1200;
  const height = def.position === 'main' ? 640 : 360;
  const rng = new Rng(`banner:${key}`);
  const portrait =
    def.art === 'style' || def.art === 'simulation'
      ? portraitFor(
          `banner-${key}`,
          'w',
          {
            ...baseShape(def.server === 'jp' ? 'bob' : 'medium'),
            ...rng.pick(shapesOfLength(def.server === 'jp' ? 'bob' : 'medium')),
          },
          def.palette[2],
        )
      : undefined;
  const bg: readonly [string, string] = [lighten(def.palette[0], 0.3), def.palette[1]];
  return {
    url: mediaUrl(path),
    job: {
      path,
      width,
      height,
      svg: () =>
        bannerSvg(
          {
            art: def.art,
            palette: def.palette,
            position: def.position,
            seed: index + 1,
            ...(portrait ? { portrait: { ...portrait, background: bg } } : {}),
          },
          { width, height },
        ),
    },
  };
}

export function swatch(code: string): Artwork {
  const hex = colorByCode(code).hex;
  const path = file('colors', code);
  return {
    url: mediaUrl(path),
    job: { path, width: 240, height: 240, svg: () => swatchSvg(hex, { width: 240, height: 240 }) },
  };
}

/** A hairstyle overlay for the simulation: hair only, on transparency (see lib/hair-overlay/). */
export function hairstyleArt(def: HairstyleDef): Artwork {
  // The drawing's own version in the file name: redrawing the hair re-renders only the overlays.
  const path = `${SEED_MEDIA_PREFIX}/hairstyles/${def.key}.${HAIRSTYLE_VERSION}.webp`;
  return {
    url: mediaUrl(path),
    job: {
      path,
      width: BOARD.width,
      height: BOARD.height,
      alpha: true,
      raster: () => renderHairstyle(def.key, def.shape),
    },
  };
}

export const SWATCH_ORIGIN =
  'Colour swatch drawn by the project (services/server/src/db/seed/images/swatch.ts); project licence';

export function allBanners(): Artwork[] {
  return bannerDefs.map((d, i) => bannerArt(d, i));
}
