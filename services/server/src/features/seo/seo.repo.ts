import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  catalogueStyles,
  catalogueTypes,
  cataloguePhotos,
  designers,
  shopImages,
  shops,
} from '../../db/schema/index.js';

/** What a salon's link preview shows. */
export async function findSalonPreview(db: Database, shopId: number) {
  const [shop] = await db
    .select({
      id: shops.id,
      server: shops.server,
      name: shops.name,
      address: shops.address,
      addressDetail: shops.addressDetail,
      regionCity: shops.regionCity,
      regionDistrict: shops.regionDistrict,
      phone: shops.phone,
      location: shops.location,
      currency: shops.currency,
      ratingAvg: shops.ratingAvg,
      reviewCount: shops.reviewCount,
      minPrice: shops.minPrice,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  if (!shop) return undefined;
  const images = await db
    .select({ url: shopImages.url })
    .from(shopImages)
    .where(eq(shopImages.shopId, shopId))
    .orderBy(asc(shopImages.sort), asc(shopImages.id))
    .limit(4);
  return { ...shop, images: images.map((i) => i.url) };
}
export type SalonPreview = NonNullable<Awaited<ReturnType<typeof findSalonPreview>>>;

/** An active designer with the salon they work at. */
export async function findDesignerPreview(db: Database, designerId: number) {
  const [row] = await db
    .select({
      id: designers.id,
      name: designers.name,
      position: designers.position,
      profileImageUrl: designers.profileImageUrl,
      shopName: shops.name,
      server: shops.server,
    })
    .from(designers)
    .innerJoin(shops, eq(shops.id, designers.shopId))
    .where(and(eq(designers.id, designerId), eq(designers.isActive, true)))
    .limit(1);
  return row;
}

export interface StylePathIds {
  gender: 'w' | 'm';
  typeId: number;
  styleId: number;
  substyleId: number;
}

/**
 * The most specific catalogue name a style book path names (ADR 013), or undefined when the
 * path names none (`-1`/`0`) or does not hold together (another gender's type, a style of
 * another type, a substyle not under its style).
 */
export async function findStyleName(db: Database, ids: StylePathIds) {
  if (ids.typeId <= 0) return undefined;
  const [type] = await db
    .select({
      id: catalogueTypes.id,
      ko: catalogueTypes.nameKo,
      en: catalogueTypes.nameEn,
      ja: catalogueTypes.nameJa,
    })
    .from(catalogueTypes)
    .where(and(eq(catalogueTypes.id, ids.typeId), eq(catalogueTypes.gender, ids.gender)))
    .limit(1);
  if (!type) return undefined;
  if (ids.styleId <= 0) return ids.substyleId > 0 ? undefined : { ...type, photoStyleId: null };
  const [style] = await db
    .select({
      id: catalogueStyles.id,
      ko: catalogueStyles.nameKo,
      en: catalogueStyles.nameEn,
      ja: catalogueStyles.nameJa,
    })
    .from(catalogueStyles)
    .where(
      and(
        eq(catalogueStyles.id, ids.styleId),
        eq(catalogueStyles.typeId, type.id),
        isNull(catalogueStyles.parentStyleId),
      ),
    )
    .limit(1);
  if (!style) return undefined;
  if (ids.substyleId <= 0) return { ...style, photoStyleId: style.id };
  const [substyle] = await db
    .select({
      id: catalogueStyles.id,
      ko: catalogueStyles.nameKo,
      en: catalogueStyles.nameEn,
      ja: catalogueStyles.nameJa,
    })
    .from(catalogueStyles)
    .where(and(eq(catalogueStyles.id, ids.substyleId), eq(catalogueStyles.parentStyleId, style.id)))
    .limit(1);
  return substyle ? { ...substyle, photoStyleId: substyle.id } : undefined;
}

/** The most liked photo of a market under a style (its substyles included) or a type. */
export async function findStylePhoto(
  db: Database,
  server: Server,
  typeId: number,
  styleId: number | null,
): Promise<string | undefined> {
  const [row] = await db
    .select({ url: cataloguePhotos.imageUrl })
    .from(cataloguePhotos)
    .innerJoin(catalogueStyles, eq(catalogueStyles.id, cataloguePhotos.styleId))
    .where(
      and(
        eq(cataloguePhotos.server, server),
        styleId === null
          ? eq(catalogueStyles.typeId, typeId)
          : sql`(${catalogueStyles.id} = ${styleId} or ${catalogueStyles.parentStyleId} = ${styleId})`,
      ),
    )
    .orderBy(desc(cataloguePhotos.likeCount), asc(cataloguePhotos.id))
    .limit(1);
  return row?.url;
}

/** Every public page the sitemap lists, from the database. */
export async function loadSitemapRows(db: Database) {
  const [shopRows, designerRows, typeRows, styleRows] = await Promise.all([
    db
      .select({ id: shops.id, updatedAt: shops.updatedAt })
      .from(shops)
      .orderBy(asc(shops.id))
      .limit(20_000),
    db
      .select({ id: designers.id })
      .from(designers)
      .where(eq(designers.isActive, true))
      .orderBy(asc(designers.id))
      .limit(20_000),
    db
      .select({ id: catalogueTypes.id, gender: catalogueTypes.gender })
      .from(catalogueTypes)
      .orderBy(asc(catalogueTypes.id)),
    db
      .select({
        id: catalogueStyles.id,
        typeId: catalogueStyles.typeId,
        gender: catalogueTypes.gender,
      })
      .from(catalogueStyles)
      .innerJoin(catalogueTypes, eq(catalogueTypes.id, catalogueStyles.typeId))
      .where(isNull(catalogueStyles.parentStyleId))
      .orderBy(asc(catalogueStyles.id)),
  ]);
  return { shopRows, designerRows, typeRows, styleRows };
}
