import { and, desc, eq, sql } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { cataloguePhotos, designers, shopImages, shops } from '../../db/schema/index.js';

/** The shop's first image (by sort), for cards. */
const thumbnailOf = (shopId: typeof shops.id) =>
  sql<
    string | null
  >`(select ${shopImages.url} from ${shopImages} where ${shopImages.shopId} = ${shopId} order by ${shopImages.sort}, ${shopImages.id} limit 1)`;

/** An active designer of the request server with the shop card the designer page shows. */
export async function findDesignerDetail(db: Database, server: Server, designerId: number) {
  const [row] = await db
    .select({
      designer: designers,
      shop: {
        id: shops.id,
        name: shops.name,
        address: shops.address,
        isBookingOpen: shops.isBookingOpen,
        thumbnail: thumbnailOf(shops.id),
      },
    })
    .from(designers)
    .innerJoin(shops, eq(shops.id, designers.shopId))
    .where(
      and(eq(designers.id, designerId), eq(shops.server, server), eq(designers.isActive, true)),
    )
    .limit(1);
  return row;
}

export const PORTFOLIO_LIMIT = 30;

export async function listPortfolio(db: Database, designerId: number) {
  return db
    .select({
      id: cataloguePhotos.id,
      title: cataloguePhotos.title,
      imageUrl: cataloguePhotos.imageUrl,
      thumbUrl: cataloguePhotos.thumbUrl,
    })
    .from(cataloguePhotos)
    .where(eq(cataloguePhotos.designerId, designerId))
    .orderBy(desc(cataloguePhotos.createdAt), desc(cataloguePhotos.id))
    .limit(PORTFOLIO_LIMIT);
}
