CREATE TABLE "member_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_identities_provider_check" CHECK ("member_identities"."provider" in ('google', 'apple', 'oidc'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text,
	"password_hash" text,
	"family_name" text DEFAULT '' NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"language" text DEFAULT 'ko' NOT NULL,
	"server" text DEFAULT 'kr' NOT NULL,
	"joined_via" text DEFAULT 'app' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_email_lower_check" CHECK ("members"."email" = lower("members"."email")),
	CONSTRAINT "members_language_check" CHECK ("members"."language" in ('ko', 'en', 'ja')),
	CONSTRAINT "members_server_check" CHECK ("members"."server" in ('kr', 'jp')),
	CONSTRAINT "members_joined_via_check" CHECK ("members"."joined_via" in ('app', 'smart_mirror')),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('active', 'withdrawn')),
	CONSTRAINT "members_withdrawn_check" CHECK (("members"."status" = 'withdrawn') = ("members"."withdrawn_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"member_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('email_verify', 'password_reset', 'email_change', 'sms_login', 'phone_verify')),
	CONSTRAINT "one_time_codes_attempts_check" CHECK ("one_time_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"member_id" bigint,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_sessions_purpose_check" CHECK ("qr_sessions"."purpose" in ('login', 'link'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_type_check" CHECK ("notices"."type" in ('news', 'update', 'coupon', 'details'))
);
--> statement-breakpoint
CREATE TABLE "shop_business_hours" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_business_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" time,
	"closes_at" time,
	"is_day_off" boolean DEFAULT false NOT NULL,
	CONSTRAINT "shop_business_hours_weekday_check" CHECK ("shop_business_hours"."weekday" between 1 and 7),
	CONSTRAINT "shop_business_hours_times_check" CHECK ("shop_business_hours"."is_day_off" or ("shop_business_hours"."opens_at" is not null and "shop_business_hours"."closes_at" is not null and "shop_business_hours"."closes_at" > "shop_business_hours"."opens_at"))
);
--> statement-breakpoint
CREATE TABLE "shop_console_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_console_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_holidays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"date" date NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "shop_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"server" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"representative" text,
	"address" text NOT NULL,
	"address_detail" text,
	"region_city" text,
	"region_district" text,
	"region_neighbourhood" text,
	"phone" text,
	"location" "point" NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"introduction" text,
	"is_smart_salon" boolean DEFAULT false NOT NULL,
	"is_booking_open" boolean DEFAULT true NOT NULL,
	"rating_avg" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"slot_minutes" smallint DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_server_check" CHECK ("shops"."server" in ('kr', 'jp')),
	CONSTRAINT "shops_currency_check" CHECK ("shops"."currency" in ('KRW', 'JPY')),
	CONSTRAINT "shops_rating_check" CHECK ("shops"."rating_avg" between 0 and 5),
	CONSTRAINT "shops_review_count_check" CHECK ("shops"."review_count" >= 0),
	CONSTRAINT "shops_slot_minutes_check" CHECK ("shops"."slot_minutes" between 5 and 240)
);
--> statement-breakpoint
CREATE TABLE "designer_holidays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designer_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"designer_id" bigint NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designer_working_hours" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designer_working_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"designer_id" bigint NOT NULL,
	"weekday" smallint NOT NULL,
	"starts_at" time,
	"ends_at" time,
	"is_off" boolean DEFAULT false NOT NULL,
	CONSTRAINT "designer_working_hours_weekday_check" CHECK ("designer_working_hours"."weekday" between 1 and 7),
	CONSTRAINT "designer_working_hours_times_check" CHECK ("designer_working_hours"."is_off" or ("designer_working_hours"."starts_at" is not null and "designer_working_hours"."ends_at" is not null and "designer_working_hours"."ends_at" > "designer_working_hours"."starts_at"))
);
--> statement-breakpoint
CREATE TABLE "designers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"position" text,
	"introduction" text,
	"profile_image_url" text,
	"career_years" smallint,
	"rating_avg" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designers_rating_check" CHECK ("designers"."rating_avg" between 0 and 5),
	CONSTRAINT "designers_review_count_check" CHECK ("designers"."review_count" >= 0),
	CONSTRAINT "designers_career_years_check" CHECK ("designers"."career_years" is null or "designers"."career_years" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" bigint NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_price" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"target_gender" text DEFAULT 'all' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "menus_category_check" CHECK ("menus"."category" in ('cut', 'perm', 'color', 'clinic', 'styling', 'scalp', 'other')),
	CONSTRAINT "menus_currency_check" CHECK ("menus"."currency" in ('KRW', 'JPY')),
	CONSTRAINT "menus_target_gender_check" CHECK ("menus"."target_gender" in ('w', 'm', 'all')),
	CONSTRAINT "menus_base_price_check" CHECK ("menus"."base_price" >= 0),
	CONSTRAINT "menus_duration_check" CHECK ("menus"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"style_id" bigint NOT NULL,
	"shop_id" bigint,
	"designer_id" bigint,
	"gender" text NOT NULL,
	"length" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text NOT NULL,
	"thumb_url" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_photos_gender_check" CHECK ("catalogue_photos"."gender" in ('w', 'm')),
	CONSTRAINT "catalogue_photos_length_check" CHECK ("catalogue_photos"."length" in ('short', 'bob', 'medium', 'long', 'male')),
	CONSTRAINT "catalogue_photos_counts_check" CHECK ("catalogue_photos"."like_count" >= 0 and "catalogue_photos"."view_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_styles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_styles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type_id" bigint NOT NULL,
	"parent_style_id" bigint,
	"code" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ja" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_styles_not_own_parent_check" CHECK ("catalogue_styles"."parent_style_id" is null or "catalogue_styles"."parent_style_id" <> "catalogue_styles"."id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gender" text NOT NULL,
	"length" text NOT NULL,
	"code" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ja" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_types_gender_check" CHECK ("catalogue_types"."gender" in ('w', 'm')),
	CONSTRAINT "catalogue_types_length_check" CHECK ("catalogue_types"."length" in ('short', 'bob', 'medium', 'long', 'male'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position" text NOT NULL,
	"server" text NOT NULL,
	"language" text,
	"title" text NOT NULL,
	"subtitle" text,
	"image_url" text NOT NULL,
	"link_url" text,
	"background_color" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_position_check" CHECK ("banners"."position" in ('main', 'middle')),
	CONSTRAINT "banners_server_check" CHECK ("banners"."server" in ('kr', 'jp')),
	CONSTRAINT "banners_language_check" CHECK ("banners"."language" is null or "banners"."language" in ('ko', 'en', 'ja')),
	CONSTRAINT "banners_window_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."ends_at" > "banners"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "hair_colors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hair_colors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ja" text NOT NULL,
	"hex" text NOT NULL,
	"tone" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hair_colors_hex_check" CHECK ("hair_colors"."hex" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "hair_colors_tone_check" CHECK ("hair_colors"."tone" in ('natural', 'brown', 'ash', 'red', 'pink', 'blue', 'purple', 'blonde', 'grey'))
);
--> statement-breakpoint
CREATE TABLE "hair_resources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hair_resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"gender" text NOT NULL,
	"length" text,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"mask_url" text,
	"anchor" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hair_resources_kind_check" CHECK ("hair_resources"."kind" in ('style', 'color')),
	CONSTRAINT "hair_resources_gender_check" CHECK ("hair_resources"."gender" in ('w', 'm')),
	CONSTRAINT "hair_resources_length_check" CHECK ("hair_resources"."length" is null or "hair_resources"."length" in ('short', 'bob', 'medium', 'long', 'male'))
);
--> statement-breakpoint
CREATE TABLE "favorite_designers" (
	"member_id" bigint NOT NULL,
	"designer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_designers_member_id_designer_id_pk" PRIMARY KEY("member_id","designer_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_shops" (
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_shops_member_id_shop_id_pk" PRIMARY KEY("member_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_styles" (
	"member_id" bigint NOT NULL,
	"photo_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_styles_member_id_photo_id_pk" PRIMARY KEY("member_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "booking_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"menu_id" bigint,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	CONSTRAINT "booking_items_price_check" CHECK ("booking_items"."price" >= 0),
	CONSTRAINT "booking_items_duration_check" CHECK ("booking_items"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_number" text NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"designer_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"cancelled_by" text,
	"cancel_origin" text,
	"cancelled_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"booker_name" text NOT NULL,
	"booker_phone" text NOT NULL,
	"request_note" text,
	"payment_method" text DEFAULT 'on_site' NOT NULL,
	"total_price" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_time_range_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('reserved', 'visited', 'cancelled')),
	CONSTRAINT "bookings_cancelled_by_check" CHECK ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('customer', 'shop')),
	CONSTRAINT "bookings_cancel_origin_check" CHECK ("bookings"."cancel_origin" is null or "bookings"."cancel_origin" in ('customer_app', 'system')),
	CONSTRAINT "bookings_payment_method_check" CHECK ("bookings"."payment_method" in ('on_site', 'card', 'cash')),
	CONSTRAINT "bookings_currency_check" CHECK ("bookings"."currency" in ('KRW', 'JPY')),
	CONSTRAINT "bookings_total_price_check" CHECK ("bookings"."total_price" >= 0),
	CONSTRAINT "bookings_cancelled_fields_check" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_at" is not null and "bookings"."cancelled_by" is not null)),
	CONSTRAINT "bookings_visited_fields_check" CHECK (("bookings"."status" = 'visited') = ("bookings"."visited_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"review_id" bigint NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"designer_id" bigint,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"shop_id" bigint,
	"designer_id" bigint,
	"kind" text DEFAULT 'photo' NOT NULL,
	"source" text NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text,
	"personal_memo" text,
	"shop_memo" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('photo', 'video')),
	CONSTRAINT "media_source_check" CHECK ("media"."source" in ('gallery', 'styling_history', 'simulation'))
);
--> statement-breakpoint
CREATE TABLE "scalp_diagnoses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scalp_diagnoses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"diagnosed_at" timestamp with time zone NOT NULL,
	"contents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"memo" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"server" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_kind_check" CHECK ("inquiries"."kind" in ('general', 'partnership')),
	CONSTRAINT "inquiries_language_check" CHECK ("inquiries"."language" in ('ko', 'en', 'ja')),
	CONSTRAINT "inquiries_server_check" CHECK ("inquiries"."server" in ('kr', 'jp'))
);
--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_business_hours" ADD CONSTRAINT "shop_business_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_console_keys" ADD CONSTRAINT "shop_console_keys_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_holidays" ADD CONSTRAINT "shop_holidays_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_images" ADD CONSTRAINT "shop_images_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_holidays" ADD CONSTRAINT "designer_holidays_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_working_hours" ADD CONSTRAINT "designer_working_hours_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designers" ADD CONSTRAINT "designers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_photos" ADD CONSTRAINT "catalogue_photos_style_id_catalogue_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."catalogue_styles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_photos" ADD CONSTRAINT "catalogue_photos_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_photos" ADD CONSTRAINT "catalogue_photos_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_styles" ADD CONSTRAINT "catalogue_styles_type_id_catalogue_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."catalogue_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_styles" ADD CONSTRAINT "catalogue_styles_parent_style_id_catalogue_styles_id_fk" FOREIGN KEY ("parent_style_id") REFERENCES "public"."catalogue_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_designers" ADD CONSTRAINT "favorite_designers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_designers" ADD CONSTRAINT "favorite_designers_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_shops" ADD CONSTRAINT "favorite_shops_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_shops" ADD CONSTRAINT "favorite_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_styles" ADD CONSTRAINT "favorite_styles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_styles" ADD CONSTRAINT "favorite_styles_photo_id_catalogue_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."catalogue_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_designer_id_designers_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."designers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_diagnoses" ADD CONSTRAINT "scalp_diagnoses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scalp_diagnoses" ADD CONSTRAINT "scalp_diagnoses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_links" ADD CONSTRAINT "shop_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_links" ADD CONSTRAINT "shop_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_issuer_subject_uq" ON "member_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "member_identities_member_idx" ON "member_identities" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_uq" ON "members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_verified_uq" ON "members" USING btree ("phone") WHERE "members"."phone_verified_at" is not null and "members"."status" = 'active';--> statement-breakpoint
CREATE INDEX "members_phone_idx" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup_idx" ON "one_time_codes" USING btree ("purpose","target","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "one_time_codes_code_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "one_time_codes_member_idx" ON "one_time_codes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_sessions_token_hash_uq" ON "qr_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "qr_sessions_shop_idx" ON "qr_sessions" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "qr_sessions_member_idx" ON "qr_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notices_shop_published_idx" ON "notices" USING btree ("shop_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "shop_business_hours_shop_weekday_uq" ON "shop_business_hours" USING btree ("shop_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_console_keys_key_hash_uq" ON "shop_console_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "shop_console_keys_shop_idx" ON "shop_console_keys" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_holidays_shop_date_uq" ON "shop_holidays" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "shop_images_shop_sort_idx" ON "shop_images" USING btree ("shop_id","sort");--> statement-breakpoint
CREATE INDEX "shops_location_gist" ON "shops" USING gist ("location");--> statement-breakpoint
CREATE INDEX "shops_name_trgm" ON "shops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_name_en_trgm" ON "shops" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_server_region_idx" ON "shops" USING btree ("server","region_city","region_district");--> statement-breakpoint
CREATE INDEX "shops_server_created_idx" ON "shops" USING btree ("server","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_holidays_designer_date_uq" ON "designer_holidays" USING btree ("designer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_working_hours_designer_weekday_uq" ON "designer_working_hours" USING btree ("designer_id","weekday");--> statement-breakpoint
CREATE INDEX "designers_shop_sort_idx" ON "designers" USING btree ("shop_id","sort");--> statement-breakpoint
CREATE INDEX "designers_name_trgm" ON "designers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designers_name_en_trgm" ON "designers" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "menus_shop_sort_idx" ON "menus" USING btree ("shop_id","sort");--> statement-breakpoint
CREATE INDEX "catalogue_photos_style_idx" ON "catalogue_photos" USING btree ("style_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_photos_gender_length_idx" ON "catalogue_photos" USING btree ("gender","length","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_photos_hot_idx" ON "catalogue_photos" USING btree ("gender","like_count" DESC NULLS LAST) WHERE "catalogue_photos"."is_hot";--> statement-breakpoint
CREATE INDEX "catalogue_photos_shop_idx" ON "catalogue_photos" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "catalogue_photos_designer_idx" ON "catalogue_photos" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_styles_type_code_uq" ON "catalogue_styles" USING btree ("type_id","code");--> statement-breakpoint
CREATE INDEX "catalogue_styles_parent_idx" ON "catalogue_styles" USING btree ("parent_style_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_types_gender_code_uq" ON "catalogue_types" USING btree ("gender","code");--> statement-breakpoint
CREATE INDEX "catalogue_types_gender_sort_idx" ON "catalogue_types" USING btree ("gender","sort");--> statement-breakpoint
CREATE INDEX "banners_lookup_idx" ON "banners" USING btree ("server","position","sort") WHERE "banners"."is_active";--> statement-breakpoint
CREATE INDEX "hair_colors_hot_idx" ON "hair_colors" USING btree ("popularity" DESC NULLS LAST) WHERE "hair_colors"."is_hot";--> statement-breakpoint
CREATE INDEX "hair_resources_lookup_idx" ON "hair_resources" USING btree ("kind","gender","sort") WHERE "hair_resources"."is_active";--> statement-breakpoint
CREATE INDEX "favorite_designers_designer_idx" ON "favorite_designers" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "favorite_shops_shop_idx" ON "favorite_shops" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "favorite_styles_photo_idx" ON "favorite_styles" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "booking_items_booking_idx" ON "booking_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_items_menu_idx" ON "booking_items" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_number_uq" ON "bookings" USING btree ("booking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_member_idempotency_uq" ON "bookings" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_member_starts_idx" ON "bookings" USING btree ("member_id","starts_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_shop_starts_idx" ON "bookings" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_designer_starts_idx" ON "bookings" USING btree ("designer_id","starts_at");--> statement-breakpoint
CREATE INDEX "review_photos_review_sort_idx" ON "review_photos" USING btree ("review_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_uq" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_shop_created_idx" ON "reviews" USING btree ("shop_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_designer_created_idx" ON "reviews" USING btree ("designer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_member_idx" ON "reviews" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "media_member_taken_idx" ON "media" USING btree ("member_id","taken_at" DESC NULLS LAST) WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_member_shop_taken_idx" ON "media" USING btree ("member_id","shop_id","taken_at" DESC NULLS LAST) WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_shop_idx" ON "media" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "media_designer_idx" ON "media" USING btree ("designer_id");--> statement-breakpoint
CREATE INDEX "scalp_diagnoses_member_diagnosed_idx" ON "scalp_diagnoses" USING btree ("member_id","diagnosed_at" DESC NULLS LAST) WHERE "scalp_diagnoses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scalp_diagnoses_shop_idx" ON "scalp_diagnoses" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_links_member_shop_uq" ON "shop_links" USING btree ("member_id","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_links_shop_phone_uq" ON "shop_links" USING btree ("shop_id","phone");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at" DESC NULLS LAST);