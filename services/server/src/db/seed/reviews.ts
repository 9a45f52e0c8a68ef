import type { Database } from '../index.js';
import { bookingItems, bookings, members, reviews } from '../schema/index.js';
import { jaReviews, koReviews, type ReviewTexts } from './content/reviews.js';
import { Rng } from '../../lib/prng.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const DAY = 86_400_000;

/** What the review seed needs of a curated shop. */
export interface ReviewedShop {
  shopId: number;
  server: 'kr' | 'jp';
  currency: 'KRW' | 'JPY';
  designerIds: number[];
  menus: { id: number; name: string; price: number; durationMinutes: number }[];
  /** From the shop generator: how many reviews and around which mean rating. */
  plan: { count: number; mean: number };
}

/**
 * Demo reviewers: the authors of the seeded reviews (no e-mail, phone or password, so nobody
 * signs in as them; the phone demo members stay free for trying the app).
 */
export const demoReviewers = {
  kr: [
    ['김', '하늘'],
    ['이', '도윤'],
    ['박', '서아'],
    ['최', '민준'],
    ['정', '지우'],
    ['강', '예린'],
    ['윤', '시우'],
    ['한', '유나'],
  ],
  jp: [
    ['高橋', '陽菜'],
    ['田中', '蓮'],
    ['伊藤', '結衣'],
    ['渡辺', '湊'],
    ['山本', '葵'],
    ['中村', '大翔'],
    ['小林', '凛'],
    ['加藤', '悠真'],
  ],
} as const;

export interface ReviewSeedSummary {
  members: number;
  bookings: number;
  reviews: number;
}

/** A rating around `mean` (1–5), mostly 4 and 5 like real salon reviews. */
function ratingAround(rng: Rng, mean: number): 1 | 2 | 3 | 4 | 5 {
  const r = Math.round(rng.normalish(mean, 0.8));
  return Math.max(1, Math.min(5, r)) as 1 | 2 | 3 | 4 | 5;
}

function bookingNumber(day: Date, n: number): string {
  const yymmdd = day.toISOString().slice(2, 10).replaceAll('-', '');
  return `${yymmdd}-R${n.toString(36).toUpperCase().padStart(5, '0')}`;
}

/**
 * Visited past bookings with one review each for the curated shops. The reviews table drives
 * shops.review_count / rating_avg and the designers' (triggers of migration 0008), so the
 * salon header and its review list always agree. Deterministic for a given seed.
 */
export async function seedDemoReviews(
  tx: Tx,
  shops: readonly ReviewedShop[],
  seed: number,
  epoch: Date,
): Promise<ReviewSeedSummary> {
  if (shops.length === 0) return { members: 0, bookings: 0, reviews: 0 };
  const reviewers: Record<'kr' | 'jp', number[]> = { kr: [], jp: [] };
  for (const server of ['kr', 'jp'] as const) {
    const rows = demoReviewers[server].map(([familyName, givenName], i) => ({
      familyName,
      givenName,
      language: server === 'kr' ? ('ko' as const) : ('ja' as const),
      server,
      joinedVia: 'app' as const,
      createdAt: new Date(epoch.getTime() - (400 + i * 17) * DAY),
      updatedAt: new Date(epoch.getTime() - (400 + i * 17) * DAY),
    }));
    const inserted = await tx.insert(members).values(rows).returning({ id: members.id });
    reviewers[server] = inserted.map((r) => r.id);
  }

  type Planned = {
    booking: typeof bookings.$inferInsert;
    item: Omit<typeof bookingItems.$inferInsert, 'bookingId'>;
    review: Omit<typeof reviews.$inferInsert, 'bookingId'>;
  };
  const planned: Planned[] = [];
  let n = 0;
  for (const shop of shops) {
    if (shop.designerIds.length === 0 || shop.menus.length === 0) continue;
    const rng = Rng.derive(seed, `reviews:${shop.shopId}`);
    const texts: ReviewTexts = shop.server === 'kr' ? koReviews : jaReviews;
    const used = new Set<string>();
    const who = reviewers[shop.server];
    for (let i = 0; i < shop.plan.count; i++) {
      // A distinct past day per booking of the shop (two to ~60 days ago), so one designer's
      // visits never overlap; 11:00–17:30 local on a half-hour slot.
      const daysAgo = 2 + i * 4 + rng.int(0, 3);
      // Both markets are UTC+9: 11:00 local is 02:00 UTC.
      const startsAt = new Date(
        epoch.getTime() - daysAgo * DAY + 2 * 3_600_000 + rng.int(0, 13) * 1_800_000,
      );
      const menu = rng.pick(shop.menus);
      const endsAt = new Date(startsAt.getTime() + menu.durationMinutes * 60_000);
      const rating = ratingAround(rng, shop.plan.mean);
      const choices = texts[rating].filter((t) => !used.has(t));
      const body = rng.pick(choices.length > 0 ? choices : texts[rating]);
      used.add(body);
      const memberId = who[(i + shop.shopId) % who.length] as number;
      const designerId = rng.pick(shop.designerIds);
      const [family, given] = demoReviewers[shop.server][
        (i + shop.shopId) % who.length
      ] as readonly [string, string];
      n++;
      planned.push({
        booking: {
          bookingNumber: bookingNumber(startsAt, n),
          memberId,
          shopId: shop.shopId,
          designerId,
          startsAt,
          endsAt,
          status: 'visited',
          visitedAt: endsAt,
          bookerName: shop.server === 'kr' ? `${family}${given}` : `${family} ${given}`,
          bookerPhone: shop.server === 'kr' ? '010-0000-0000' : '090-0000-0000',
          paymentMethod: 'on_site',
          totalPrice: menu.price,
          currency: shop.currency,
          createdAt: new Date(startsAt.getTime() - rng.int(1, 10) * DAY),
          updatedAt: endsAt,
        },
        item: {
          menuId: menu.id,
          name: menu.name,
          price: menu.price,
          durationMinutes: menu.durationMinutes,
        },
        review: {
          memberId,
          shopId: shop.shopId,
          designerId,
          rating,
          body,
          createdAt: new Date(endsAt.getTime() + rng.int(1, 48) * 3_600_000),
        },
      });
    }
  }

  // Bulk inserts: one statement per chunk for each table (the review triggers then refresh
  // every affected shop and designer once per statement).
  const chunk = 1_000;
  for (let start = 0; start < planned.length; start += chunk) {
    const part = planned.slice(start, start + chunk);
    const ids = await tx
      .insert(bookings)
      .values(part.map((p) => p.booking))
      .returning({ id: bookings.id });
    await tx
      .insert(bookingItems)
      .values(part.map((p, i) => ({ ...p.item, bookingId: (ids[i] as { id: number }).id })));
    await tx
      .insert(reviews)
      .values(part.map((p, i) => ({ ...p.review, bookingId: (ids[i] as { id: number }).id })));
  }
  return {
    members: reviewers.kr.length + reviewers.jp.length,
    bookings: planned.length,
    reviews: planned.length,
  };
}
