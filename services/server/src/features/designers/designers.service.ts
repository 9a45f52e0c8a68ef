import type { DesignerDetail, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { isDesignerFavorite } from '../favorites/favorites.service.js';
import * as repo from './designers.repo.js';

export async function designerDetailOf(
  db: Database,
  server: Server,
  designerId: number,
  memberId: number | null,
): Promise<DesignerDetail> {
  const row = await repo.findDesignerDetail(db, server, designerId);
  if (!row) throw new AppError('NOT_FOUND');
  const [portfolio, isFavorite] = await Promise.all([
    repo.listPortfolio(db, designerId),
    memberId === null ? false : isDesignerFavorite(db, memberId, designerId),
  ]);
  const d = row.designer;
  return {
    id: d.id,
    name: d.name,
    name_en: d.nameEn,
    position: d.position,
    introduction: d.introduction,
    profile_image_url: d.profileImageUrl,
    career_years: d.careerYears,
    rating_avg: Number(d.ratingAvg),
    review_count: d.reviewCount,
    shop: {
      id: row.shop.id,
      name: row.shop.name,
      address: row.shop.address,
      thumbnail: row.shop.thumbnail,
      is_booking_open: row.shop.isBookingOpen,
    },
    portfolio: portfolio.map((p) => ({
      photo_id: p.id,
      title: p.title,
      image_url: p.imageUrl,
      thumb_url: p.thumbUrl,
    })),
    is_favorite: isFavorite,
  };
}
