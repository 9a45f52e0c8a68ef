ALTER TABLE "shops" ADD COLUMN "min_price" integer;--> statement-breakpoint
CREATE INDEX "shops_server_min_price_idx" ON "shops" USING btree ("server","min_price");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_min_price_check" CHECK ("shops"."min_price" is null or "shops"."min_price" >= 0);