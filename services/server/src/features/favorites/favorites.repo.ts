import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  cataloguePhotos,
  designers,
  favoriteDesigners,
  favoriteShops,
  favoriteStyles,
  shopImages,
  shops,
} from '../../db/schema/index.js';

// Every query is keyed by the member id the session resolved; no request field names a member.

export interface Paging {
  page: number;
  pageSize: number;
}

const offsetOf = (p: Paging) => (p.page - 1) * p.pageSize;

/** The shop's first image (by sort), for cards. */
const thumbnailOf = (shopId: typeof shops.id) =>
  sql<
    string | null
  >`(select ${shopImages.url} from ${shopImages} where ${shopImages.shopId} = ${shopId} order by ${shopImages.sort}, ${shopImages.id} limit 1)`;

export async function findShop(db: Database, server: Server, shopId: number) {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.server, server)))
    .limit(1);
  return row;
}

export async function findDesigner(db: Database, server: Server, designerId: number) {
  const [row] = await db
    .select({ id: designers.id, isActive: designers.isActive })
    .from(designers)
    .innerJoin(shops, eq(shops.id, designers.shopId))
    .where(and(eq(designers.id, designerId), eq(shops.server, server)))
    .limit(1);
  return row;
}

export async function insertShopFavorite(db: Database, memberId: number, shopId: number) {
  await db.insert(favoriteShops).values({ memberId, shopId }).onConflictDoNothing();
}

export async function removeShopFavorite(db: Database, memberId: number, shopId: number) {
  await db
    .delete(favoriteShops)
    .where(and(eq(favoriteShops.memberId, memberId), eq(favoriteShops.shopId, shopId)));
}

export async function insertDesignerFavorite(db: Database, memberId: number, designerId: number) {
  await db.insert(favoriteDesigners).values({ memberId, designerId }).onConflictDoNothing();
}

export async function removeDesignerFavorite(db: Database, memberId: number, designerId: number) {
  await db
    .delete(favoriteDesigners)
    .where(
      and(eq(favoriteDesigners.memberId, memberId), eq(favoriteDesigners.designerId, designerId)),
    );
}

export async function hasShopFavorite(db: Database, memberId: number, shopId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(favoriteShops)
    .where(and(eq(favoriteShops.memberId, memberId), eq(favoriteShops.shopId, shopId)))
    .limit(1);
  return row !== undefined;
}

export async function hasDesignerFavorite(db: Database, memberId: number, designerId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(favoriteDesigners)
    .where(
      and(eq(favoriteDesigners.memberId, memberId), eq(favoriteDesigners.designerId, designerId)),
    )
    .limit(1);
  return row !== undefined;
}

// Each list and its count share one filter, so my page's counts (features/mypage) always match
// the totals the lists answer.

/** The member's favourite shops of a server (joined with shops). */
const favoriteShopsOf = (memberId: number, server: Server) =>
  and(eq(favoriteShops.memberId, memberId), eq(shops.server, server));
/** The member's favourite designers of a server, including those who left (joined with designers and shops). */
const favoriteDesignersOf = (memberId: number, server: Server) =>
  and(eq(favoriteDesigners.memberId, memberId), eq(shops.server, server));
/** The member's style-book favourites. */
/** A member's style favourites under a market: only photos of that market (ADR 024). */
const favoriteStylesOf = (memberId: number, server: Server) =>
  and(eq(favoriteStyles.memberId, memberId), eq(cataloguePhotos.server, server));

export async function countFavoriteShops(db: Database, memberId: number, server: Server) {
  const [row] = await db
    .select({ n: count() })
    .from(favoriteShops)
    .innerJoin(shops, eq(shops.id, favoriteShops.shopId))
    .where(favoriteShopsOf(memberId, server));
  return row?.n ?? 0;
}

export async function countFavoriteDesigners(db: Database, memberId: number, server: Server) {
  const [row] = await db
    .select({ n: count() })
    .from(favoriteDesigners)
    .innerJoin(designers, eq(designers.id, favoriteDesigners.designerId))
    .innerJoin(shops, eq(shops.id, designers.shopId))
    .where(favoriteDesignersOf(memberId, server));
  return row?.n ?? 0;
}

export async function countFavoriteStyles(db: Database, memberId: number, server: Server) {
  const [row] = await db
    .select({ n: count() })
    .from(favoriteStyles)
    .innerJoin(cataloguePhotos, eq(cataloguePhotos.id, favoriteStyles.photoId))
    .where(favoriteStylesOf(memberId, server));
  return row?.n ?? 0;
}

export async function listFavoriteShops(
  db: Database,
  memberId: number,
  server: Server,
  paging: Paging,
) {
  const [rows, total] = await Promise.all([
    db
      .select({
        shopId: shops.id,
        name: shops.name,
        nameEn: shops.nameEn,
        address: shops.address,
        regionCity: shops.regionCity,
        regionDistrict: shops.regionDistrict,
        ratingAvg: shops.ratingAvg,
        reviewCount: shops.reviewCount,
        isSmartSalon: shops.isSmartSalon,
        currency: shops.currency,
        thumbnail: thumbnailOf(shops.id),
        favoritedAt: favoriteShops.createdAt,
      })
      .from(favoriteShops)
      .innerJoin(shops, eq(shops.id, favoriteShops.shopId))
      .where(favoriteShopsOf(memberId, server))
      .orderBy(desc(favoriteShops.createdAt), desc(favoriteShops.shopId))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    countFavoriteShops(db, memberId, server),
  ]);
  return { rows, total };
}

export async function listFavoriteDesigners(
  db: Database,
  memberId: number,
  server: Server,
  paging: Paging,
) {
  const [rows, total] = await Promise.all([
    db
      .select({
        designerId: designers.id,
        name: designers.name,
        position: designers.position,
        profileImageUrl: designers.profileImageUrl,
        shopId: shops.id,
        shopName: shops.name,
        ratingAvg: designers.ratingAvg,
        reviewCount: designers.reviewCount,
        isActive: designers.isActive,
        favoritedAt: favoriteDesigners.createdAt,
      })
      .from(favoriteDesigners)
      .innerJoin(designers, eq(designers.id, favoriteDesigners.designerId))
      .innerJoin(shops, eq(shops.id, designers.shopId))
      .where(favoriteDesignersOf(memberId, server))
      .orderBy(desc(favoriteDesigners.createdAt), desc(favoriteDesigners.designerId))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    countFavoriteDesigners(db, memberId, server),
  ]);
  return { rows, total };
}

export async function listFavoriteStyles(
  db: Database,
  memberId: number,
  server: Server,
  paging: Paging,
) {
  const [rows, total] = await Promise.all([
    db
      .select({
        photoId: cataloguePhotos.id,
        styleId: cataloguePhotos.styleId,
        gender: cataloguePhotos.gender,
        length: cataloguePhotos.length,
        title: cataloguePhotos.title,
        description: cataloguePhotos.description,
        imageUrl: cataloguePhotos.imageUrl,
        thumbUrl: cataloguePhotos.thumbUrl,
        likeCount: cataloguePhotos.likeCount,
        shopId: shops.id,
        shopName: shops.name,
        favoritedAt: favoriteStyles.createdAt,
      })
      .from(favoriteStyles)
      .innerJoin(cataloguePhotos, eq(cataloguePhotos.id, favoriteStyles.photoId))
      .leftJoin(shops, eq(shops.id, cataloguePhotos.shopId))
      .where(favoriteStylesOf(memberId, server))
      .orderBy(desc(favoriteStyles.createdAt), desc(favoriteStyles.photoId))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    countFavoriteStyles(db, memberId, server),
  ]);
  return { rows, total };
}
