-- Hair resources get their names in the three languages, a colour's hex and the recorded origin
-- of every image; style anchors become the landmark-point format of `StyleAnchor`
-- (packages/contracts). Rows seeded before this migration are carried over: names copied from
-- Korean, colour hex read from the old anchor, and old style anchors (face box + eye line as
-- fractions of the board) converted to temple / hairline / chin points in board pixels; a style
-- without a usable anchor is hidden (is_active = false) with a placeholder anchor.
ALTER TABLE "hair_resources" RENAME COLUMN "name" TO "name_ko";--> statement-breakpoint
ALTER TABLE "hair_resources" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "hair_resources" ADD COLUMN "name_ja" text;--> statement-breakpoint
ALTER TABLE "hair_resources" ADD COLUMN "hex" text;--> statement-breakpoint
ALTER TABLE "hair_resources" ADD COLUMN "origin" text;--> statement-breakpoint
UPDATE "hair_resources" SET
  "name_en" = coalesce("anchor" #>> '{names,en}', "name_ko"),
  "name_ja" = coalesce("anchor" #>> '{names,ja}', "name_ko"),
  "origin" = CASE WHEN "kind" = 'color' THEN 'Colour swatch drawn by the project (project licence)'
    ELSE 'Drawn by the project''s seed illustrations (project licence)' END,
  "hex" = CASE WHEN "kind" = 'color' THEN "anchor" ->> 'hex' END;--> statement-breakpoint
UPDATE "hair_resources" SET "anchor" = NULL WHERE "kind" = 'color';--> statement-breakpoint
UPDATE "hair_resources" SET "anchor" = jsonb_build_object(
  'board', "anchor" -> 'board',
  'leftTemple', jsonb_build_array(
    round(("anchor" #>> '{face,left}')::numeric * ("anchor" #>> '{board,width}')::numeric, 1),
    round(((("anchor" #>> '{face,top}')::numeric + ("anchor" #>> '{eyes,y}')::numeric) / 2) * ("anchor" #>> '{board,height}')::numeric, 1)),
  'rightTemple', jsonb_build_array(
    round(("anchor" #>> '{face,right}')::numeric * ("anchor" #>> '{board,width}')::numeric, 1),
    round(((("anchor" #>> '{face,top}')::numeric + ("anchor" #>> '{eyes,y}')::numeric) / 2) * ("anchor" #>> '{board,height}')::numeric, 1)),
  'hairline', jsonb_build_array(
    round(("anchor" #>> '{board,width}')::numeric / 2, 1),
    round(("anchor" #>> '{face,top}')::numeric * ("anchor" #>> '{board,height}')::numeric, 1)),
  'chin', jsonb_build_array(
    round(("anchor" #>> '{board,width}')::numeric / 2, 1),
    round(("anchor" #>> '{face,chin}')::numeric * ("anchor" #>> '{board,height}')::numeric, 1)))
WHERE "kind" = 'style' AND "anchor" ? 'face';--> statement-breakpoint
UPDATE "hair_resources" SET "is_active" = false WHERE "kind" = 'style' AND ("anchor" IS NULL OR NOT ("anchor" ? 'leftTemple'));--> statement-breakpoint
UPDATE "hair_resources" SET "anchor" = '{"board":{"width":1,"height":1},"leftTemple":[0,0],"rightTemple":[1,0],"hairline":[0.5,0],"chin":[0.5,1]}'::jsonb WHERE "kind" = 'style' AND ("anchor" IS NULL OR NOT ("anchor" ? 'leftTemple'));--> statement-breakpoint
UPDATE "hair_resources" SET "hex" = '#000000' WHERE "kind" = 'color' AND ("hex" IS NULL OR "hex" !~ '^#[0-9a-fA-F]{6}$');--> statement-breakpoint
ALTER TABLE "hair_resources" ALTER COLUMN "name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hair_resources" ALTER COLUMN "name_ja" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hair_resources" ALTER COLUMN "origin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hair_resources" ADD CONSTRAINT "hair_resources_hex_check" CHECK ("hair_resources"."hex" is null or "hair_resources"."hex" ~ '^#[0-9a-fA-F]{6}$');--> statement-breakpoint
ALTER TABLE "hair_resources" ADD CONSTRAINT "hair_resources_kind_fields_check" CHECK (("hair_resources"."kind" = 'style' and "hair_resources"."anchor" is not null) or ("hair_resources"."kind" = 'color' and "hair_resources"."hex" is not null));
