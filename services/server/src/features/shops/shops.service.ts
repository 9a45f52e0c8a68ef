import type { Server, ShopDetail, ShopMenuItem } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { addDays, findShopRow, listActiveMenus, loadShopParts, localDate } from './shops.repo.js';

/** How far ahead the salon page lists holidays. */
export const HOLIDAY_HORIZON_DAYS = 90;

const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));

async function requireShop(db: Database, server: Server, shopId: number) {
  const shop = await findShopRow(db, server, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

export async function getShopDetailOf(
  db: Database,
  server: Server,
  shopId: number,
  now = new Date(),
): Promise<ShopDetail> {
  const shop = await requireShop(db, server, shopId);
  const today = localDate(shop.timeZone, now);
  const parts = await loadShopParts(db, shop.id, today, addDays(today, HOLIDAY_HORIZON_DAYS));
  return {
    id: shop.id,
    name: shop.name,
    name_en: shop.nameEn,
    representative: shop.representative,
    address: shop.address,
    address_detail: shop.addressDetail,
    phone: shop.phone,
    lat: shop.location.y,
    lng: shop.location.x,
    time_zone: shop.timeZone,
    currency: shop.currency,
    introduction: shop.introduction,
    is_smart_salon: shop.isSmartSalon,
    is_booking_open: shop.isBookingOpen,
    rating_avg: Number(shop.ratingAvg),
    review_count: shop.reviewCount,
    images: parts.images.map((i) => i.url),
    business_hours: parts.hours.map((h) => ({
      weekday: h.weekday,
      opens_at: h.isDayOff ? null : hhmm(h.opensAt),
      closes_at: h.isDayOff ? null : hhmm(h.closesAt),
      is_day_off: h.isDayOff,
    })),
    holidays: parts.holidays.map((h) => ({ date: h.date, reason: h.reason })),
    notices: parts.noticeRows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      body: n.body,
      published_at: (n.publishedAt ?? now).toISOString(),
    })),
    designers: parts.designerRows.map((d) => ({
      id: d.id,
      name: d.name,
      position: d.position,
      profile_image_url: d.profileImageUrl,
      rating_avg: Number(d.ratingAvg),
      review_count: d.reviewCount,
    })),
  };
}

export async function getShopMenusOf(
  db: Database,
  server: Server,
  shopId: number,
): Promise<ShopMenuItem[]> {
  const shop = await requireShop(db, server, shopId);
  const rows = await listActiveMenus(db, shop.id);
  return rows.map((m) => ({
    id: m.id,
    category: m.category,
    name: m.name,
    description: m.description,
    base_price: m.basePrice,
    currency: m.currency,
    duration_minutes: m.durationMinutes,
    target_gender: m.targetGender,
  }));
}
