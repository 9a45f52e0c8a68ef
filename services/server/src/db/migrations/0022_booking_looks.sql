CREATE TABLE "booking_looks" (
	"booking_id" bigint PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"swatch" text,
	"url" text NOT NULL,
	"thumb_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_looks_kind_check" CHECK ("booking_looks"."kind" in ('colour', 'style')),
	CONSTRAINT "booking_looks_swatch_check" CHECK ("booking_looks"."swatch" is null or "booking_looks"."swatch" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "booking_looks" ADD CONSTRAINT "booking_looks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_looks" ADD CONSTRAINT "booking_looks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_looks" ADD CONSTRAINT "booking_looks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_looks_url_uq" ON "booking_looks" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_looks_thumb_url_uq" ON "booking_looks" USING btree ("thumb_url");--> statement-breakpoint
CREATE INDEX "booking_looks_member_idx" ON "booking_looks" USING btree ("member_id");