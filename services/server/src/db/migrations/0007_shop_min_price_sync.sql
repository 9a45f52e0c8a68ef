-- Custom migration: keeps shops.min_price (0006) equal to the lowest base_price of the shop's
-- active menus, whatever writes the menus (app code, seed, console, psql). ADR 014.
--
-- Statement-level triggers with transition tables: a bulk insert of 10,000 menus costs one
-- UPDATE of the affected shops, not 10,000. An insert can only lower the minimum, so it is
-- applied incrementally from the inserted rows alone (no menus scan; the bulk seed has its
-- menu indexes dropped while loading). Updates and deletes recompute the affected shops from
-- menus (menus_shop_sort_idx), after locking those shop rows so that a concurrent writer's
-- change is seen by the recomputation (READ COMMITTED takes a new snapshot per statement).
CREATE FUNCTION shops_refresh_min_price(shop_ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM shops WHERE id = ANY (shop_ids) ORDER BY id FOR UPDATE;
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
CREATE FUNCTION menus_min_price_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shops s
  SET min_price = n.min_price
  FROM (
    SELECT shop_id, min(base_price) AS min_price FROM inserted_menus WHERE is_active GROUP BY shop_id
  ) n
  WHERE s.id = n.shop_id AND (s.min_price IS NULL OR n.min_price < s.min_price);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION menus_min_price_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shops_refresh_min_price(ARRAY(
    SELECT o.shop_id FROM old_menus o JOIN new_menus n ON n.id = o.id
    WHERE (o.shop_id, o.base_price, o.is_active) IS DISTINCT FROM (n.shop_id, n.base_price, n.is_active)
    UNION
    SELECT n.shop_id FROM old_menus o JOIN new_menus n ON n.id = o.id
    WHERE (o.shop_id, o.base_price, o.is_active) IS DISTINCT FROM (n.shop_id, n.base_price, n.is_active)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION menus_min_price_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shops_refresh_min_price(ARRAY(SELECT DISTINCT shop_id FROM deleted_menus WHERE is_active));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION menus_min_price_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shops SET min_price = NULL WHERE min_price IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER menus_min_price_insert AFTER INSERT ON menus
  REFERENCING NEW TABLE AS inserted_menus
  FOR EACH STATEMENT EXECUTE FUNCTION menus_min_price_after_insert();
--> statement-breakpoint
CREATE TRIGGER menus_min_price_update AFTER UPDATE ON menus
  REFERENCING OLD TABLE AS old_menus NEW TABLE AS new_menus
  FOR EACH STATEMENT EXECUTE FUNCTION menus_min_price_after_update();
--> statement-breakpoint
CREATE TRIGGER menus_min_price_delete AFTER DELETE ON menus
  REFERENCING OLD TABLE AS deleted_menus
  FOR EACH STATEMENT EXECUTE FUNCTION menus_min_price_after_delete();
--> statement-breakpoint
CREATE TRIGGER menus_min_price_truncate AFTER TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION menus_min_price_after_truncate();
--> statement-breakpoint
-- Backfill the shops that already have menus.
UPDATE shops s
SET min_price = m.min_price
FROM (SELECT shop_id, min(base_price) AS min_price FROM menus WHERE is_active GROUP BY shop_id) m
WHERE s.id = m.shop_id;
