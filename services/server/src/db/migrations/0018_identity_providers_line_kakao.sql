ALTER TABLE "member_identities" DROP CONSTRAINT "member_identities_provider_check";--> statement-breakpoint
ALTER TABLE "pending_sign_ups" DROP CONSTRAINT "pending_sign_ups_provider_check";--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_provider_check" CHECK ("member_identities"."provider" in ('google', 'apple', 'line', 'kakao', 'oidc'));--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_provider_check" CHECK ("pending_sign_ups"."provider" in ('google', 'apple', 'line', 'kakao', 'oidc'));