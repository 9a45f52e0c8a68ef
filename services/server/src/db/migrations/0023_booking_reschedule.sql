ALTER TABLE "shops" ADD COLUMN "reschedule_cutoff_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_reschedule_cutoff_check" CHECK ("shops"."reschedule_cutoff_minutes" between 10 and 10080);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_revision_check" CHECK ("bookings"."revision" >= 0);