import type {
  FavoriteCatalogueItem,
  FavoriteDesignerItem,
  FavoriteShopItem,
  Server,
} from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './favorites.repo.js';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  has_next: boolean;
}

function pageOf<T>(items: T[], total: number, paging: repo.Paging): Page<T> {
  return {
    items,
    total,
    page: paging.page,
    has_next: paging.page * paging.pageSize < total,
  };
}

// --- set / delete: idempotent; the target must exist in the request's server ---------------

async function requireShop(db: Database, server: Server, shopId: number) {
  if (!(await repo.findShop(db, server, shopId))) throw new AppError('NOT_FOUND');
}

export async function setShopFavoriteFor(
  db: Database,
  memberId: number,
  server: Server,
  shopId: number,
) {
  await requireShop(db, server, shopId);
  await repo.insertShopFavorite(db, memberId, shopId);
  return { shop_id: shopId, is_favorite: true };
}

export async function deleteShopFavoriteFor(
  db: Database,
  memberId: number,
  server: Server,
  shopId: number,
) {
  await requireShop(db, server, shopId);
  await repo.removeShopFavorite(db, memberId, shopId);
  return { shop_id: shopId, is_favorite: false };
}

export async function setDesignerFavoriteFor(
  db: Database,
  memberId: number,
  server: Server,
  designerId: number,
) {
  const designer = await repo.findDesigner(db, server, designerId);
  // A designer who left can no longer be added (but can still be removed, below).
  if (!designer?.isActive) throw new AppError('NOT_FOUND');
  await repo.insertDesignerFavorite(db, memberId, designerId);
  return { designer_id: designerId, is_favorite: true };
}

export async function deleteDesignerFavoriteFor(
  db: Database,
  memberId: number,
  server: Server,
  designerId: number,
) {
  if (!(await repo.findDesigner(db, server, designerId))) throw new AppError('NOT_FOUND');
  await repo.removeDesignerFavorite(db, memberId, designerId);
  return { designer_id: designerId, is_favorite: false };
}

/** For the salon page (features/shops): does this member favour the shop? */
export async function isShopFavorite(db: Database, memberId: number, shopId: number) {
  return repo.hasShopFavorite(db, memberId, shopId);
}

// --- lists ----------------------------------------------------------------------------------

/** How many favourites the member has: each the `total` its list answers for the same server. */
export async function favoriteCountsOf(db: Database, memberId: number, server: Server) {
  const [styles, designers, shops] = await Promise.all([
    repo.countFavoriteStyles(db, memberId, server),
    repo.countFavoriteDesigners(db, memberId, server),
    repo.countFavoriteShops(db, memberId, server),
  ]);
  return { styles, designers, shops };
}

export async function favoriteShopsOf(
  db: Database,
  memberId: number,
  server: Server,
  paging: repo.Paging,
): Promise<Page<FavoriteShopItem>> {
  const { rows, total } = await repo.listFavoriteShops(db, memberId, server, paging);
  return pageOf(
    rows.map((r) => ({
      shop_id: r.shopId,
      name: r.name,
      name_en: r.nameEn,
      address: r.address,
      region_city: r.regionCity,
      region_district: r.regionDistrict,
      rating_avg: Number(r.ratingAvg),
      review_count: r.reviewCount,
      is_smart_salon: r.isSmartSalon,
      currency: r.currency,
      thumbnail: r.thumbnail,
      favorited_at: r.favoritedAt.toISOString(),
    })),
    total,
    paging,
  );
}

export async function favoriteDesignersOf(
  db: Database,
  memberId: number,
  server: Server,
  paging: repo.Paging,
): Promise<Page<FavoriteDesignerItem>> {
  const { rows, total } = await repo.listFavoriteDesigners(db, memberId, server, paging);
  return pageOf(
    rows.map((r) => ({
      designer_id: r.designerId,
      name: r.name,
      position: r.position,
      profile_image_url: r.profileImageUrl,
      shop_id: r.shopId,
      shop_name: r.shopName,
      rating_avg: Number(r.ratingAvg),
      review_count: r.reviewCount,
      is_active: r.isActive,
      favorited_at: r.favoritedAt.toISOString(),
    })),
    total,
    paging,
  );
}

export async function favoriteStylesOf(
  db: Database,
  memberId: number,
  server: Server,
  paging: repo.Paging,
): Promise<Page<FavoriteCatalogueItem>> {
  const { rows, total } = await repo.listFavoriteStyles(db, memberId, server, paging);
  return pageOf(
    rows.map((r) => ({
      photo_id: r.photoId,
      style_id: r.styleId,
      gender: r.gender,
      length: r.length,
      title: r.title,
      description: r.description,
      image_url: r.imageUrl,
      thumb_url: r.thumbUrl,
      like_count: r.likeCount,
      shop_id: r.shopId,
      shop_name: r.shopName,
      favorited_at: r.favoritedAt.toISOString(),
    })),
    total,
    paging,
  );
}

export async function isDesignerFavorite(db: Database, memberId: number, designerId: number) {
  return repo.hasDesignerFavorite(db, memberId, designerId);
}
