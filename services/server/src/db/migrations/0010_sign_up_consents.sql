CREATE TABLE "member_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"item" text NOT NULL,
	"version" text NOT NULL,
	"agreed" boolean NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_consents_item_check" CHECK ("member_consents"."item" in ('terms', 'privacy', 'age', 'marketing')),
	CONSTRAINT "member_consents_source_check" CHECK ("member_consents"."source" in ('sign_up', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "pending_sign_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_sign_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_sign_ups_provider_check" CHECK ("pending_sign_ups"."provider" in ('google', 'apple', 'oidc'))
);
--> statement-breakpoint
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_consents_member_item_idx" ON "member_consents" USING btree ("member_id","item","recorded_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_sign_ups_token_hash_uq" ON "pending_sign_ups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expires_idx" ON "pending_sign_ups" USING btree ("expires_at");