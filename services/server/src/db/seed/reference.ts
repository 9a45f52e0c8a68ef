import type * as schema from '../schema/index.js';
import {
  AVATAR_POOL,
  SWATCH_ORIGIN,
  SALON_POOL,
  allBanners,
  avatar,
  hairstyleArt,
  salonImage,
  stylePhoto,
  swatch,
  type Artwork,
} from './artwork.js';
import { bannerDefs } from './content/banners.js';
import {
  baseShape,
  catalogue,
  shapesOfLength,
  type Gender,
  type Kind,
  type Length,
  type StyleDef,
} from './content/catalogue.js';
import { HOT_COLOR_COUNT, colorByCode, everydayColors, hairColors } from './content/colors.js';
import { HAIRSTYLE_ORIGIN, hairstyleDefs } from './content/hairstyles.js';
import { hairstyleAnchor } from '../../lib/hair-overlay/canonical-head.js';
import type { HairShape } from './images/portrait-hair.js';
import type { ImageJob } from './images/render.js';
import type { SalonScene } from './images/salon.js';
import { lighten } from './images/svg.js';
import { Rng } from '../../lib/prng.js';

/** Rows are plain objects keyed like the Drizzle tables, always with an explicit id. */
export type Row<T extends { $inferSelect: object }> = Partial<T['$inferSelect']> & { id: number };

export type CatalogueTypeRow = Row<typeof schema.catalogueTypes>;
export type CatalogueStyleRow = Row<typeof schema.catalogueStyles>;
export type CataloguePhotoRow = Row<typeof schema.cataloguePhotos>;
export type HairColorRow = Row<typeof schema.hairColors>;
export type BannerRow = Row<typeof schema.banners>;
export type HairResourceRow = Row<typeof schema.hairResources>;

/** Hands out ids per table, starting after whatever the table already holds. */
export class IdSequence {
  private readonly next = new Map<string, number>();

  constructor(start: Record<string, number> = {}) {
    for (const [table, last] of Object.entries(start)) this.next.set(table, last + 1);
  }

  take(table: string): number {
    const id = this.next.get(table) ?? 1;
    this.next.set(table, id + 1);
    return id;
  }
}

/** One photo slot of a leaf style; shops and designers are attached once they exist. */
export interface PhotoPlan {
  styleId: number;
  gender: Gender;
  length: Length;
  kind: Kind;
  names: { ko: string; en: string; ja: string };
  parentNames: { ko: string; en: string; ja: string } | undefined;
  colorNames: { ko: string; en: string; ja: string } | undefined;
  art: Artwork;
  key: string;
}

export interface ReferenceData {
  catalogueTypes: CatalogueTypeRow[];
  catalogueStyles: CatalogueStyleRow[];
  photoPlans: PhotoPlan[];
  hairColors: HairColorRow[];
  banners: BannerRow[];
  hairResources: HairResourceRow[];
  /** Every image the reference rows and the shop pools point at. */
  images: ImageJob[];
  avatars: Record<Gender, string[]>;
  salonImages: Record<SalonScene, string[]>;
}

const PHOTOS_PER_STYLE = 4;
const PHOTOS_PER_COLOR = 2;

function leafShape(length: Length, ...parts: (Partial<HairShape> | undefined)[]): HairShape {
  return Object.assign({}, baseShape(length), ...parts.filter(Boolean)) as HairShape;
}

export function buildReferenceData(ids: IdSequence, createdAt: Date): ReferenceData {
  const images: ImageJob[] = [];
  const catalogueTypes: CatalogueTypeRow[] = [];
  const catalogueStyles: CatalogueStyleRow[] = [];
  const photoPlans: PhotoPlan[] = [];

  let typeSort = 0;
  for (const t of catalogue) {
    const typeId = ids.take('catalogue_types');
    catalogueTypes.push({
      id: typeId,
      gender: t.gender,
      length: t.length,
      code: t.code,
      nameKo: t.ko,
      nameEn: t.en,
      nameJa: t.ja,
      sort: typeSort++,
    });
    let styleSort = 0;
    const addPhotos = (
      styleId: number,
      leaf: StyleDef,
      parent: StyleDef | undefined,
      shapeOf: (k: number) => HairShape,
      hex: (k: number) => string,
      count: number,
      colorCode?: string,
      highlight?: string,
    ) => {
      for (let k = 0; k < count; k++) {
        const art = stylePhoto(t.gender, t.code, leaf.code, k, shapeOf(k), hex(k), highlight);
        images.push(art.job);
        const color = colorCode ? colorByCode(colorCode) : undefined;
        photoPlans.push({
          styleId,
          gender: t.gender,
          length: t.length,
          kind: t.kind,
          names: { ko: leaf.ko, en: leaf.en, ja: leaf.ja },
          parentNames: parent ? { ko: parent.ko, en: parent.en, ja: parent.ja } : undefined,
          colorNames: color ? { ko: color.ko, en: color.en, ja: color.ja } : undefined,
          art,
          key: `${t.gender}-${t.code}-${leaf.code}-${k}`,
        });
      }
    };

    for (const st of t.styles) {
      const styleId = ids.take('catalogue_styles');
      catalogueStyles.push({
        id: styleId,
        typeId,
        parentStyleId: null,
        code: st.code,
        nameKo: st.ko,
        nameEn: st.en,
        nameJa: st.ja,
        sort: styleSort++,
      });
      if (t.kind === 'color') {
        const shapes = shapesOfLength(t.length);
        let subSort = 0;
        for (const code of st.colors ?? []) {
          const c = colorByCode(code);
          const subId = ids.take('catalogue_styles');
          const sub: StyleDef = { code: `${st.code}-${code}`, ko: c.ko, en: c.en, ja: c.ja };
          catalogueStyles.push({
            id: subId,
            typeId,
            parentStyleId: styleId,
            code: sub.code,
            nameKo: sub.ko,
            nameEn: sub.en,
            nameJa: sub.ja,
            sort: subSort++,
          });
          const pickShape = (k: number) =>
            leafShape(t.length, new Rng(`shape:${t.code}:${code}:${k}`).pick(shapes));
          addPhotos(
            subId,
            sub,
            st,
            pickShape,
            () => c.hex,
            PHOTOS_PER_COLOR,
            code,
            st.highlights ? lighten(c.hex, 0.45) : undefined,
          );
        }
      } else if (st.subs) {
        let subSort = 0;
        for (const sub of st.subs) {
          const subId = ids.take('catalogue_styles');
          catalogueStyles.push({
            id: subId,
            typeId,
            parentStyleId: styleId,
            code: sub.code,
            nameKo: sub.ko,
            nameEn: sub.en,
            nameJa: sub.ja,
            sort: subSort++,
          });
          const shape = leafShape(t.length, st.shape, sub.shape);
          addPhotos(
            subId,
            sub,
            st,
            () => shape,
            (k) => everydayHex(`${t.code}:${sub.code}:${k}`),
            PHOTOS_PER_STYLE,
          );
        }
      } else {
        const shape = leafShape(t.length, st.shape);
        addPhotos(
          styleId,
          st,
          undefined,
          () => shape,
          (k) => everydayHex(`${t.code}:${st.code}:${k}`),
          PHOTOS_PER_STYLE,
        );
      }
    }
  }

  const hairColorRows: HairColorRow[] = [];
  const byPopularity = [...hairColors].sort((a, b) => b.popularity - a.popularity);
  hairColors.forEach((c, i) => {
    const art = swatch(c.code);
    images.push(art.job);
    hairColorRows.push({
      id: ids.take('hair_colors'),
      nameKo: c.ko,
      nameEn: c.en,
      nameJa: c.ja,
      hex: c.hex,
      tone: c.tone,
      popularity: c.popularity,
      isHot: byPopularity.indexOf(c) < HOT_COLOR_COUNT,
      imageUrl: art.url,
      sort: i,
    });
  });

  const bannerArts = allBanners();
  const bannerRows: BannerRow[] = [];
  // Sort order counts within one carousel: a market's main or middle banners.
  const sortBy = new Map<string, number>();
  bannerDefs.forEach((def, i) => {
    const art = bannerArts[i] as Artwork;
    images.push(art.job);
    const carousel = `${def.server}:${def.position}`;
    const sort = sortBy.get(carousel) ?? 0;
    sortBy.set(carousel, sort + 1);
    for (const language of ['ko', 'en', 'ja'] as const) {
      const [title, subtitle] = def.text[language];
      bannerRows.push({
        id: ids.take('banners'),
        position: def.position,
        server: def.server,
        language,
        title,
        subtitle,
        imageUrl: art.url,
        linkUrl: def.linkUrl,
        backgroundColor: def.palette[0],
        sort,
        startsAt: null,
        endsAt: null,
        isActive: true,
        createdAt,
      });
    }
  });

  const hairResourceRows: HairResourceRow[] = [];
  let resourceSort = 0;
  // The simulation's hairstyle overlays: all drawn around one canonical head, so one anchor.
  const anchor = hairstyleAnchor();
  for (const def of hairstyleDefs) {
    const art = hairstyleArt(def);
    images.push(art.job);
    hairResourceRows.push({
      id: ids.take('hair_resources'),
      kind: 'style',
      gender: def.gender,
      length: def.length,
      nameKo: def.ko,
      nameEn: def.en,
      nameJa: def.ja,
      imageUrl: art.url,
      maskUrl: null,
      anchor,
      hex: null,
      origin: HAIRSTYLE_ORIGIN,
      isActive: true,
      sort: resourceSort++,
    });
  }
  for (const gender of ['w', 'm'] as const) {
    for (const c of hairColors) {
      hairResourceRows.push({
        id: ids.take('hair_resources'),
        kind: 'color',
        gender,
        length: null,
        nameKo: c.ko,
        nameEn: c.en,
        nameJa: c.ja,
        imageUrl: swatch(c.code).url,
        maskUrl: null,
        anchor: null,
        hex: c.hex,
        origin: SWATCH_ORIGIN,
        isActive: true,
        sort: resourceSort++,
      });
    }
  }

  const avatars: Record<Gender, string[]> = { w: [], m: [] };
  for (const gender of ['w', 'm'] as const) {
    for (let k = 0; k < AVATAR_POOL[gender]; k++) {
      const art = avatar(gender, k);
      images.push(art.job);
      avatars[gender].push(art.url);
    }
  }
  const salonImages: Record<SalonScene, string[]> = { stations: [], lounge: [], wash: [] };
  for (const scene of ['stations', 'lounge', 'wash'] as const) {
    for (let k = 0; k < SALON_POOL[scene]; k++) {
      const art = salonImage(scene, k);
      images.push(art.job);
      salonImages[scene].push(art.url);
    }
  }

  return {
    catalogueTypes,
    catalogueStyles,
    photoPlans,
    hairColors: hairColorRows,
    banners: bannerRows,
    hairResources: hairResourceRows,
    images,
    avatars,
    salonImages,
  };
}

function everydayHex(key: string): string {
  return colorByCode(new Rng(`hair:${key}`).pick(everydayColors)).hex;
}
