import type { Rng } from './prng.js';
import type { CataloguePhotoRow, IdSequence, PhotoPlan } from './reference.js';

/** A curated shop that style-book photos may be credited to. */
export interface CuratedShop {
  shopId: number;
  server: 'kr' | 'jp';
  designerIds: number[];
}

const DAY = 86_400_000;
/** Share of photos credited to a shop and designer; the rest are editorial. */
const LINKED_SHARE = 0.6;
/** Share of each gender's photos flagged hot, by likes. */
const HOT_SHARE = 0.15;

const descriptions = {
  ko: [
    '손질이 쉬운 {s}',
    '얼굴형을 보완해 주는 {s}',
    '볼륨감이 살아 있는 {s}',
    '자연스럽게 떨어지는 {s}',
    '요즘 가장 많이 찾는 {s}',
  ],
  ja: [
    '扱いやすい{s}',
    '小顔見えする{s}',
    'ふんわり軽い{s}',
    'ナチュラルに決まる{s}',
    '今いちばん人気の{s}',
  ],
} as const;

export function buildCataloguePhotos(
  plans: readonly PhotoPlan[],
  curated: readonly CuratedShop[],
  ids: IdSequence,
  rng: Rng,
  epoch: Date,
): CataloguePhotoRow[] {
  const rows: CataloguePhotoRow[] = plans.map((plan) => {
    const shop = curated.length > 0 && rng.chance(LINKED_SHARE) ? rng.pick(curated) : undefined;
    const designerId = shop && shop.designerIds.length > 0 ? rng.pick(shop.designerIds) : null;
    const lang = shop?.server === 'jp' ? 'ja' : 'ko';
    const styleName =
      plan.parentNames && plan.kind === 'color'
        ? `${plan.parentNames[lang]} · ${plan.names[lang]}`
        : plan.names[lang];
    const likes = Math.floor(Math.exp(rng.range(2, 7.4)));
    return {
      id: ids.take('catalogue_photos'),
      styleId: plan.styleId,
      shopId: shop?.shopId ?? null,
      designerId,
      gender: plan.gender,
      length: plan.length,
      title: plan.colorNames ? plan.colorNames[lang] : plan.names[lang],
      description: rng.pick(descriptions[lang]).replace('{s}', styleName),
      imageUrl: plan.art.url,
      thumbUrl: plan.art.thumbUrl ?? null,
      likeCount: likes,
      viewCount: Math.floor(likes * rng.range(5, 15)),
      isHot: false,
      createdAt: new Date(epoch.getTime() - rng.int(1, 400) * DAY - rng.int(0, 86_399) * 1000),
    };
  });
  for (const gender of ['w', 'm'] as const) {
    const mine = rows
      .filter((r) => r.gender === gender)
      .sort((a, b) => (b.likeCount ?? 0) - (a.likeCount ?? 0) || a.id - b.id);
    const hot = Math.max(1, Math.round(mine.length * HOT_SHARE));
    for (const r of mine.slice(0, hot)) r.isHot = true;
  }
  return rows;
}
