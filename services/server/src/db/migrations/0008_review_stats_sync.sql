-- Custom migration: shops.review_count / rating_avg and designers.review_count / rating_avg
-- are derived from the reviews table, whatever writes the reviews (app code, seed, console,
-- psql). ADR 018.
--
-- review_count = number of reviews of the shop (of the designer: reviews naming them);
-- rating_avg = their mean rating rounded to 2 decimals, 0 when there is none.
--
-- Statement-level triggers with transition tables, like 0007: a bulk insert of reviews costs
-- one recomputation of the affected shops and designers, not one per row. The counts are
-- recomputed from reviews (reviews_shop_created_idx, reviews_designer_created_idx) rather than
-- incremented, so the rounded average never drifts; the affected rows are locked first so a
-- concurrent writer's review is seen by the recomputation (READ COMMITTED takes a new
-- snapshot per statement).
CREATE FUNCTION shops_refresh_review_stats(shop_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM shops WHERE id = ANY (shop_ids) ORDER BY id FOR UPDATE;
  UPDATE shops s
  SET review_count = r.n, rating_avg = r.avg
  FROM (
    SELECT u.id, count(rv.id)::int AS n, coalesce(round(avg(rv.rating), 2), 0) AS avg
    FROM unnest(shop_ids) AS u(id)
    LEFT JOIN reviews rv ON rv.shop_id = u.id
    GROUP BY u.id
  ) r
  WHERE s.id = r.id AND (s.review_count, s.rating_avg) IS DISTINCT FROM (r.n, r.avg);
END
$$;
--> statement-breakpoint
CREATE FUNCTION designers_refresh_review_stats(designer_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF designer_ids IS NULL OR cardinality(designer_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM designers WHERE id = ANY (designer_ids) ORDER BY id FOR UPDATE;
  UPDATE designers d
  SET review_count = r.n, rating_avg = r.avg
  FROM (
    SELECT u.id, count(rv.id)::int AS n, coalesce(round(avg(rv.rating), 2), 0) AS avg
    FROM unnest(designer_ids) AS u(id)
    LEFT JOIN reviews rv ON rv.designer_id = u.id
    GROUP BY u.id
  ) r
  WHERE d.id = r.id AND (d.review_count, d.rating_avg) IS DISTINCT FROM (r.n, r.avg);
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_stats_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Shops before designers, in id order: every writer locks in the same order.
  PERFORM shops_refresh_review_stats(ARRAY(SELECT DISTINCT shop_id FROM inserted_reviews));
  PERFORM designers_refresh_review_stats(ARRAY(
    SELECT DISTINCT designer_id FROM inserted_reviews WHERE designer_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_stats_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shops_refresh_review_stats(ARRAY(
    SELECT o.shop_id FROM old_reviews o JOIN new_reviews n ON n.id = o.id
    WHERE (o.shop_id, o.rating) IS DISTINCT FROM (n.shop_id, n.rating)
    UNION
    SELECT n.shop_id FROM old_reviews o JOIN new_reviews n ON n.id = o.id
    WHERE (o.shop_id, o.rating) IS DISTINCT FROM (n.shop_id, n.rating)
  ));
  PERFORM designers_refresh_review_stats(ARRAY(
    SELECT o.designer_id FROM old_reviews o JOIN new_reviews n ON n.id = o.id
    WHERE o.designer_id IS NOT NULL
      AND (o.designer_id, o.rating) IS DISTINCT FROM (n.designer_id, n.rating)
    UNION
    SELECT n.designer_id FROM old_reviews o JOIN new_reviews n ON n.id = o.id
    WHERE n.designer_id IS NOT NULL
      AND (o.designer_id, o.rating) IS DISTINCT FROM (n.designer_id, n.rating)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_stats_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shops_refresh_review_stats(ARRAY(SELECT DISTINCT shop_id FROM deleted_reviews));
  PERFORM designers_refresh_review_stats(ARRAY(
    SELECT DISTINCT designer_id FROM deleted_reviews WHERE designer_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_stats_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shops SET review_count = 0, rating_avg = 0 WHERE review_count <> 0 OR rating_avg <> 0;
  UPDATE designers SET review_count = 0, rating_avg = 0 WHERE review_count <> 0 OR rating_avg <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS inserted_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_stats_after_insert();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_stats_after_update();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS deleted_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_stats_after_delete();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_stats_after_truncate();
--> statement-breakpoint
-- Backfill: every shop and designer now shows what its reviews say (seeded figures without
-- review rows become 0 until the seed's reviews, or real ones, exist).
UPDATE shops s
SET review_count = coalesce(r.n, 0), rating_avg = coalesce(r.avg, 0)
FROM shops s0
LEFT JOIN (
  SELECT shop_id, count(*)::int AS n, round(avg(rating), 2) AS avg FROM reviews GROUP BY shop_id
) r ON r.shop_id = s0.id
WHERE s.id = s0.id AND (s.review_count, s.rating_avg) IS DISTINCT FROM (coalesce(r.n, 0), coalesce(r.avg, 0));
--> statement-breakpoint
UPDATE designers d
SET review_count = coalesce(r.n, 0), rating_avg = coalesce(r.avg, 0)
FROM designers d0
LEFT JOIN (
  SELECT designer_id, count(*)::int AS n, round(avg(rating), 2) AS avg
  FROM reviews WHERE designer_id IS NOT NULL GROUP BY designer_id
) r ON r.designer_id = d0.id
WHERE d.id = d0.id AND (d.review_count, d.rating_avg) IS DISTINCT FROM (coalesce(r.n, 0), coalesce(r.avg, 0));
