ALTER TABLE "shops" ADD COLUMN "notice_email" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "notice_language" text;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_notice_email_check" CHECK ("shops"."notice_email" is null or (length("shops"."notice_email") <= 254 and "shops"."notice_email" like '%_@_%'));--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_notice_language_check" CHECK ("shops"."notice_language" is null or "shops"."notice_language" in ('ko', 'en', 'ja'));