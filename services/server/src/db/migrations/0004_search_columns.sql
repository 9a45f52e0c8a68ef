ALTER TABLE "shops" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_jamo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_chosung" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "search_jamo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designers" ADD COLUMN "search_chosung" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "shops_search_text_trgm" ON "shops" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_search_jamo_trgm" ON "shops" USING gin ("search_jamo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_search_chosung_trgm" ON "shops" USING gin ("search_chosung" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designers_search_text_trgm" ON "designers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designers_search_jamo_trgm" ON "designers" USING gin ("search_jamo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designers_search_chosung_trgm" ON "designers" USING gin ("search_chosung" gin_trgm_ops);