// The whole schema, as drizzle-kit and the drizzle client see it. One file per aggregate.
export * from './members.js';
export * from './shops.js';
export * from './designers.js';
export * from './menus.js';
export * from './catalogue.js';
export * from './banners.js';
export * from './hair.js';
export * from './favorites.js';
export * from './bookings.js';
export * from './reviews.js';
export * from './media.js';
export * from './links.js';
export * from './records.js';
export * from './support.js';
export * from './consents.js';
export * from './relations.js';
