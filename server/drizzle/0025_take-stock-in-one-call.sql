-- A checkout's stock take in one call (decision 026, addendum of 2026-11-24,
-- late night). On PGlite each statement sent is a round trip into the only
-- thread and a parse and plan of its SQL (about 0.4 ms of a take's 2.5 ms
-- each, for three statements and the version bump); a PL/pgSQL function
-- sends its statements from inside the database and keeps their plans for
-- the session. The statements are those of the take before, in the same
-- lock order (decision 005): the products in id order, then their stock rows
-- with conditional decrements, then the catalogue version.
--
-- The version bump and its notice, shared by every catalogue write
-- (decision 017); the channel is CATALOGUE_VERSION_CHANNEL. A null list of
-- tags means the version may have changed anything.
CREATE FUNCTION catalogue_version_bump(change_tags text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped record;
BEGIN
  INSERT INTO catalogue_version (id, version, changed_tags)
  VALUES (1, 1, string_to_array(change_tags, ','))
  ON CONFLICT (id) DO UPDATE
    SET version = catalogue_version.version + 1, changed_tags = excluded.changed_tags
  RETURNING catalogue_version.version, catalogue_version.changed_tags INTO bumped;
  PERFORM pg_notify(
    'catalogue_version',
    bumped.version::text || coalesce(' ' || array_to_string(bumped.changed_tags, ','), '')
  );
END;
$$;
--> statement-breakpoint
-- Locks the sold products in id order and counts their units sold (D23),
-- takes each size's units only where the stock holds them all (D18: never
-- oversells), and answers the stock left of each size taken (a size short is
-- absent and unchanged). When every size was taken and none sold out, it
-- also bumps the catalogue version with `change_tags`; otherwise the caller
-- bumps with what the take sold out (or rolls back when a size is short).
CREATE FUNCTION take_stock(
  sold_product_ids uuid[],
  sold_units integer[],
  wanted_product_ids uuid[],
  wanted_sizes text[],
  wanted_quantities integer[],
  change_tags text
) RETURNS TABLE (taken_product_id uuid, taken_size text, stock_left integer)
LANGUAGE plpgsql AS $$
DECLARE
  taken integer := 0;
  sold_out boolean := false;
BEGIN
  PERFORM p.id FROM products p
  WHERE p.id = ANY(sold_product_ids)
  ORDER BY p.id
  FOR NO KEY UPDATE;
  UPDATE products p SET units_sold = p.units_sold + sold.units
  FROM unnest(sold_product_ids, sold_units) AS sold(id, units)
  WHERE p.id = sold.id;
  FOR taken_product_id, taken_size, stock_left IN
    UPDATE product_stock s SET stock = s.stock - wanted.quantity
    FROM unnest(wanted_product_ids, wanted_sizes, wanted_quantities)
      AS wanted(product_id, size, quantity)
    WHERE s.product_id = wanted.product_id
      AND s.size = wanted.size
      AND s.stock >= wanted.quantity
    RETURNING s.product_id, s.size, s.stock
  LOOP
    taken := taken + 1;
    sold_out := sold_out OR stock_left = 0;
    RETURN NEXT;
  END LOOP;
  IF taken = cardinality(wanted_sizes) AND NOT sold_out THEN
    PERFORM catalogue_version_bump(change_tags);
  END IF;
END;
$$;
