-- Custom migration: drizzle-kit cannot express extensions.
-- pg_trgm: trigram GIN indexes and similarity() for shop / designer name search.
-- btree_gist: lets the bookings exclusion constraint mix `designer_id WITH =` and a range in one GiST index.
-- Never add cube / earthdistance: in PGlite they break pg_trgm (docs/architecture.md, Known pitfalls).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
