CREATE TABLE "member_diagnosis_states" (
	"member_id" bigint NOT NULL,
	"diagnosis_id" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_diagnosis_states_member_id_diagnosis_id_pk" PRIMARY KEY("member_id","diagnosis_id")
);
--> statement-breakpoint
CREATE TABLE "member_media_states" (
	"member_id" bigint NOT NULL,
	"media_id" bigint NOT NULL,
	"personal_memo" text,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_media_states_member_id_media_id_pk" PRIMARY KEY("member_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "scalp_diagnoses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scalp_diagnoses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"diagnosed_at" timestamp with time zone NOT NULL,
	"designer_id" bigint,
	"measures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scalp_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scalp_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"diagnosis_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"area" text DEFAULT 'other' NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scalp_images_area_check" CHECK ("scalp_images"."area" in ('front', 'crown', 'left', 'right', 'back', 'other'))
);
--> statement-breakpoint
CREATE TABLE "shop_customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visit_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"label" text,
	"url" text NOT NULL,
	"thumb_url" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer,
	"bytes" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_media_kind_check" CHECK ("visit_media"."kind" in ('photo', 'video')),
	CONSTRAINT "visit_media_label_check" CHECK ("visit_media"."label" is null or "visit_media"."label" in ('before', 'after', 'front', 'side', 'back', 'detail'))
);
--> statement-breakpoint
CREATE TABLE "visit_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"designer_id" bigint,
	"treatments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shop_memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_diagnosis_states" ADD CONSTRAINT "member_diagnosis_states_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_diagnosis_states" ADD CONSTRAINT "member_diagnosis_states_diagnosis_id_scalp_diagnoses_id_fk" FOREIGN KEY ("diagnosis_id") REFERENCES "public"."scalp_diagnoses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_media_states" ADD CONSTRAINT "member_media_states_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_media_states" ADD CONSTRAINT "member_media_states_media_id_visit_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."visit_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_diagnoses" ADD CONSTRAINT "scalp_diagnoses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_diagnoses" ADD CONSTRAINT "scalp_diagnoses_customer_id_shop_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."shop_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_diagnoses" ADD CONSTRAINT "scalp_diagnoses_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_images" ADD CONSTRAINT "scalp_images_diagnosis_id_scalp_diagnoses_id_fk" FOREIGN KEY ("diagnosis_id") REFERENCES "public"."scalp_diagnoses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_images" ADD CONSTRAINT "scalp_images_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_customers" ADD CONSTRAINT "shop_customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_media" ADD CONSTRAINT "visit_media_visit_id_visit_records_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_media" ADD CONSTRAINT "visit_media_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_customer_id_shop_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."shop_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_records" ADD CONSTRAINT "visit_records_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_diagnosis_states_diagnosis_idx" ON "member_diagnosis_states" USING btree ("diagnosis_id");--> statement-breakpoint
CREATE INDEX "member_media_states_media_idx" ON "member_media_states" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "scalp_diagnoses_customer_diagnosed_idx" ON "scalp_diagnoses" USING btree ("customer_id","diagnosed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scalp_diagnoses_shop_diagnosed_idx" ON "scalp_diagnoses" USING btree ("shop_id","diagnosed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scalp_diagnoses_designer_idx" ON "scalp_diagnoses" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "scalp_images_diagnosis_idx" ON "scalp_images" USING btree ("diagnosis_id","position");--> statement-breakpoint
CREATE INDEX "scalp_images_shop_idx" ON "scalp_images" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scalp_images_url_uq" ON "scalp_images" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "scalp_images_thumb_url_uq" ON "scalp_images" USING btree ("thumb_url");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_customers_shop_phone_uq" ON "shop_customers" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE INDEX "visit_media_visit_idx" ON "visit_media" USING btree ("visit_id","position");--> statement-breakpoint
CREATE INDEX "visit_media_shop_idx" ON "visit_media" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_media_url_uq" ON "visit_media" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_media_thumb_url_uq" ON "visit_media" USING btree ("thumb_url");--> statement-breakpoint
CREATE INDEX "visit_records_customer_visited_idx" ON "visit_records" USING btree ("customer_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_records_shop_visited_idx" ON "visit_records" USING btree ("shop_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_records_designer_idx" ON "visit_records" USING btree ("designer_id");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_audience_check" CHECK ("notices"."audience" in ('all', 'linked'));--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_validity_check" CHECK ("notices"."valid_from" is null or "notices"."valid_until" is null or "notices"."valid_from" <= "notices"."valid_until");