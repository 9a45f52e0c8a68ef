import { relations } from 'drizzle-orm';
import { bookingItems, bookings } from './bookings.js';
import { catalogueStyles, catalogueTypes, cataloguePhotos } from './catalogue.js';
import { designerHolidays, designers, designerWorkingHours } from './designers.js';
import { favoriteDesigners, favoriteShops, favoriteStyles } from './favorites.js';
import { shopLinks } from './links.js';
import { media } from './media.js';
import { memberIdentities, members, oneTimeCodes, qrSessions, sessions } from './members.js';
import { menus } from './menus.js';
import { reviewPhotos, reviews } from './reviews.js';
import {
  notices,
  shopBusinessHours,
  shopConsoleKeys,
  shopHolidays,
  shopImages,
  shops,
} from './shops.js';

// Relations for `db.query.*.findMany({ with })`. Kept apart from the tables so the aggregate
// files only import "upwards" and never form cycles.

export const membersRelations = relations(members, ({ many }) => ({
  identities: many(memberIdentities),
  sessions: many(sessions),
  bookings: many(bookings),
  reviews: many(reviews),
  media: many(media),
  shopLinks: many(shopLinks),
  favoriteShops: many(favoriteShops),
  favoriteDesigners: many(favoriteDesigners),
  favoriteStyles: many(favoriteStyles),
}));

export const memberIdentitiesRelations = relations(memberIdentities, ({ one }) => ({
  member: one(members, { fields: [memberIdentities.memberId], references: [members.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  member: one(members, { fields: [sessions.memberId], references: [members.id] }),
}));

export const oneTimeCodesRelations = relations(oneTimeCodes, ({ one }) => ({
  member: one(members, { fields: [oneTimeCodes.memberId], references: [members.id] }),
}));

export const qrSessionsRelations = relations(qrSessions, ({ one }) => ({
  shop: one(shops, { fields: [qrSessions.shopId], references: [shops.id] }),
  member: one(members, { fields: [qrSessions.memberId], references: [members.id] }),
}));

export const shopsRelations = relations(shops, ({ many }) => ({
  businessHours: many(shopBusinessHours),
  holidays: many(shopHolidays),
  images: many(shopImages),
  consoleKeys: many(shopConsoleKeys),
  notices: many(notices),
  designers: many(designers),
  menus: many(menus),
  bookings: many(bookings),
  reviews: many(reviews),
  cataloguePhotos: many(cataloguePhotos),
}));

export const shopBusinessHoursRelations = relations(shopBusinessHours, ({ one }) => ({
  shop: one(shops, { fields: [shopBusinessHours.shopId], references: [shops.id] }),
}));

export const shopHolidaysRelations = relations(shopHolidays, ({ one }) => ({
  shop: one(shops, { fields: [shopHolidays.shopId], references: [shops.id] }),
}));

export const shopImagesRelations = relations(shopImages, ({ one }) => ({
  shop: one(shops, { fields: [shopImages.shopId], references: [shops.id] }),
}));

export const shopConsoleKeysRelations = relations(shopConsoleKeys, ({ one }) => ({
  shop: one(shops, { fields: [shopConsoleKeys.shopId], references: [shops.id] }),
}));

export const noticesRelations = relations(notices, ({ one }) => ({
  shop: one(shops, { fields: [notices.shopId], references: [shops.id] }),
}));

export const designersRelations = relations(designers, ({ one, many }) => ({
  shop: one(shops, { fields: [designers.shopId], references: [shops.id] }),
  workingHours: many(designerWorkingHours),
  holidays: many(designerHolidays),
  bookings: many(bookings),
  reviews: many(reviews),
  cataloguePhotos: many(cataloguePhotos),
}));

export const designerWorkingHoursRelations = relations(designerWorkingHours, ({ one }) => ({
  designer: one(designers, {
    fields: [designerWorkingHours.designerId],
    references: [designers.id],
  }),
}));

export const designerHolidaysRelations = relations(designerHolidays, ({ one }) => ({
  designer: one(designers, { fields: [designerHolidays.designerId], references: [designers.id] }),
}));

export const menusRelations = relations(menus, ({ one }) => ({
  shop: one(shops, { fields: [menus.shopId], references: [shops.id] }),
}));

export const catalogueTypesRelations = relations(catalogueTypes, ({ many }) => ({
  styles: many(catalogueStyles),
}));

export const catalogueStylesRelations = relations(catalogueStyles, ({ one, many }) => ({
  type: one(catalogueTypes, { fields: [catalogueStyles.typeId], references: [catalogueTypes.id] }),
  parent: one(catalogueStyles, {
    fields: [catalogueStyles.parentStyleId],
    references: [catalogueStyles.id],
    relationName: 'substyles',
  }),
  substyles: many(catalogueStyles, { relationName: 'substyles' }),
  photos: many(cataloguePhotos),
}));

export const cataloguePhotosRelations = relations(cataloguePhotos, ({ one }) => ({
  style: one(catalogueStyles, {
    fields: [cataloguePhotos.styleId],
    references: [catalogueStyles.id],
  }),
  shop: one(shops, { fields: [cataloguePhotos.shopId], references: [shops.id] }),
  designer: one(designers, { fields: [cataloguePhotos.designerId], references: [designers.id] }),
}));

export const favoriteShopsRelations = relations(favoriteShops, ({ one }) => ({
  member: one(members, { fields: [favoriteShops.memberId], references: [members.id] }),
  shop: one(shops, { fields: [favoriteShops.shopId], references: [shops.id] }),
}));

export const favoriteDesignersRelations = relations(favoriteDesigners, ({ one }) => ({
  member: one(members, { fields: [favoriteDesigners.memberId], references: [members.id] }),
  designer: one(designers, { fields: [favoriteDesigners.designerId], references: [designers.id] }),
}));

export const favoriteStylesRelations = relations(favoriteStyles, ({ one }) => ({
  member: one(members, { fields: [favoriteStyles.memberId], references: [members.id] }),
  photo: one(cataloguePhotos, {
    fields: [favoriteStyles.photoId],
    references: [cataloguePhotos.id],
  }),
}));

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  member: one(members, { fields: [bookings.memberId], references: [members.id] }),
  shop: one(shops, { fields: [bookings.shopId], references: [shops.id] }),
  designer: one(designers, { fields: [bookings.designerId], references: [designers.id] }),
  items: many(bookingItems),
  review: one(reviews, { fields: [bookings.id], references: [reviews.bookingId] }),
}));

export const bookingItemsRelations = relations(bookingItems, ({ one }) => ({
  booking: one(bookings, { fields: [bookingItems.bookingId], references: [bookings.id] }),
  menu: one(menus, { fields: [bookingItems.menuId], references: [menus.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one, many }) => ({
  booking: one(bookings, { fields: [reviews.bookingId], references: [bookings.id] }),
  member: one(members, { fields: [reviews.memberId], references: [members.id] }),
  shop: one(shops, { fields: [reviews.shopId], references: [shops.id] }),
  designer: one(designers, { fields: [reviews.designerId], references: [designers.id] }),
  photos: many(reviewPhotos),
}));

export const reviewPhotosRelations = relations(reviewPhotos, ({ one }) => ({
  review: one(reviews, { fields: [reviewPhotos.reviewId], references: [reviews.id] }),
}));

export const mediaRelations = relations(media, ({ one }) => ({
  member: one(members, { fields: [media.memberId], references: [members.id] }),
  shop: one(shops, { fields: [media.shopId], references: [shops.id] }),
  designer: one(designers, { fields: [media.designerId], references: [designers.id] }),
}));

export const shopLinksRelations = relations(shopLinks, ({ one }) => ({
  member: one(members, { fields: [shopLinks.memberId], references: [members.id] }),
  shop: one(shops, { fields: [shopLinks.shopId], references: [shops.id] }),
}));
