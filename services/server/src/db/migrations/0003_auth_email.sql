CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_status_check";--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_status_check" CHECK ("members"."status" in ('pending', 'active', 'withdrawn'));