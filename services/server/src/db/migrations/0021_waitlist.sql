CREATE TABLE "waitlist_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"date" date NOT NULL,
	"designer_id" bigint,
	"window_from_minutes" integer,
	"window_to_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone,
	"booking_id" bigint,
	CONSTRAINT "waitlist_entries_member_slot_uq" UNIQUE NULLS NOT DISTINCT("member_id","shop_id","date","designer_id"),
	CONSTRAINT "waitlist_entries_window_check" CHECK (("waitlist_entries"."window_from_minutes" is null and "waitlist_entries"."window_to_minutes" is null) or ("waitlist_entries"."window_from_minutes" >= 0 and "waitlist_entries"."window_to_minutes" <= 1440 and "waitlist_entries"."window_from_minutes" < "waitlist_entries"."window_to_minutes"))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_shop_date_idx" ON "waitlist_entries" USING btree ("shop_id","date","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_member_idx" ON "waitlist_entries" USING btree ("member_id","date");