-- Custom migration: the derived-figure refreshes (0007, 0008) lock the shop and designer rows
-- FOR NO KEY UPDATE instead of FOR UPDATE. Inserting a review takes FOR KEY SHARE on its shop
-- and designer (the foreign keys); FOR UPDATE conflicts with that, so two reviews of one salon
-- committed at once deadlocked (40P01, found by the cluster run, ADR 048). FOR NO KEY UPDATE
-- does not conflict with KEY SHARE and still serialises the writers among themselves, which is
-- all the recomputation needs.
CREATE OR REPLACE FUNCTION shops_refresh_min_price(shop_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM shops WHERE id = ANY (shop_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE shops s
  SET min_price = m.min_price
  FROM (
    SELECT u.id, (
      SELECT min(mm.base_price) FROM menus mm WHERE mm.shop_id = u.id AND mm.is_active
    ) AS min_price
    FROM unnest(shop_ids) AS u(id)
  ) m
  WHERE s.id = m.id AND s.min_price IS DISTINCT FROM m.min_price;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_refresh_review_stats(shop_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM shops WHERE id = ANY (shop_ids) ORDER BY id FOR NO KEY UPDATE;
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
CREATE OR REPLACE FUNCTION designers_refresh_review_stats(designer_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF designer_ids IS NULL OR cardinality(designer_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM designers WHERE id = ANY (designer_ids) ORDER BY id FOR NO KEY UPDATE;
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
