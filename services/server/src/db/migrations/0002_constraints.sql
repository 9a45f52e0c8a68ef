-- Custom migration: what drizzle-kit cannot express.
-- A designer can never hold two active bookings whose [starts_at, ends_at) ranges overlap, even
-- under concurrent inserts; cancelled bookings free their slot. Violations raise SQLSTATE 23P01
-- (exclusion_violation), which the booking service answers with "reservation not available at
-- this time". The GiST index behind it also serves "bookings of this designer in this range".
-- Needs btree_gist (0000_extensions) for `designer_id WITH =`.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("designer_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled');
