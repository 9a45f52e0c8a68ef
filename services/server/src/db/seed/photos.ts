import type { Rng } from '../../lib/prng.js';
import type { CataloguePhotoRow, IdSequence, PhotoPlan } from './reference.js';

/** A curated shop whose designers post style-book photos. */
export interface CuratedShop {
  shopId: number;
  server: 'kr' | 'jp';
  designerIds: number[];
  /** Deliberately left without photos, so the empty salon Style tab is part of the demo. */
  emptyStyleBook?: boolean;
}

const DAY = 86_400_000;
/** Share of each market's photos of a gender flagged hot, by likes. */
const HOT_SHARE = 0.15;
/** Share of a designer's photos that are men's styles (the salon's first photo is always women's). */
const MEN_SHARE = 0.25;

const markets = [
  { server: 'kr', lang: 'ko' },
  { server: 'jp', lang: 'ja' },
] as const;

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

/** Draws plans without repeats until every one was used, then starts a fresh shuffle. */
class Deck {
  private cards: PhotoPlan[] = [];
  constructor(
    private readonly plans: readonly PhotoPlan[],
    private readonly rng: Rng,
  ) {}
  draw(): PhotoPlan | undefined {
    if (this.plans.length === 0) return undefined;
    if (this.cards.length === 0) this.cards = this.rng.shuffle(this.plans);
    return this.cards.pop();
  }
}

/**
 * The style book is per market (ADR 024): every photo belongs to one market, is credited to a
 * salon and a designer of that market, and carries its title and description in the market's
 * language. Each designer of a curated salon posts 1 to 3 photos, so every salon has a Style tab
 * and every designer a portfolio, except the salons marked `emptyStyleBook`. The illustrations
 * are the reference set's, dealt from a shuffled deck per market and gender so every style of
 * the catalogue appears in each market before any illustration repeats: no new image is drawn.
 */
export function buildCataloguePhotos(
  plans: readonly PhotoPlan[],
  curated: readonly CuratedShop[],
  ids: IdSequence,
  rng: Rng,
  epoch: Date,
): CataloguePhotoRow[] {
  const rows: CataloguePhotoRow[] = [];
  for (const { server, lang } of markets) {
    const decks = {
      w: new Deck(
        plans.filter((p) => p.gender === 'w'),
        rng,
      ),
      m: new Deck(
        plans.filter((p) => p.gender === 'm'),
        rng,
      ),
    };
    const mine: CataloguePhotoRow[] = [];
    for (const shop of curated) {
      if (shop.server !== server || shop.emptyStyleBook) continue;
      let first = true;
      for (const designerId of shop.designerIds) {
        const count = rng.int(1, 3);
        for (let k = 0; k < count; k++) {
          const gender = first || !rng.chance(MEN_SHARE) ? 'w' : 'm';
          first = false;
          const plan = decks[gender].draw() ?? decks.w.draw();
          if (!plan) continue;
          const styleName =
            plan.parentNames && plan.kind === 'color'
              ? `${plan.parentNames[lang]} · ${plan.names[lang]}`
              : plan.names[lang];
          const likes = Math.floor(Math.exp(rng.range(2, 7.4)));
          mine.push({
            id: ids.take('catalogue_photos'),
            server,
            styleId: plan.styleId,
            shopId: shop.shopId,
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
            createdAt: new Date(
              epoch.getTime() - rng.int(1, 400) * DAY - rng.int(0, 86_399) * 1000,
            ),
          });
        }
      }
    }
    for (const gender of ['w', 'm'] as const) {
      const ofGender = mine
        .filter((r) => r.gender === gender)
        .sort((a, b) => (b.likeCount ?? 0) - (a.likeCount ?? 0) || a.id - b.id);
      const hot = Math.max(1, Math.round(ofGender.length * HOT_SHARE));
      for (const r of ofGender.slice(0, hot)) r.isHot = true;
    }
    rows.push(...mine);
  }
  return rows;
}
