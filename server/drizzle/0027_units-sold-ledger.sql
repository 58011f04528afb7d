CREATE TABLE "pending_units_sold" (
	"product_id" uuid NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
-- Units sold in a ledger (decision 026, addendum "units sold in a ledger").
-- Counting a sale on its product row rewrote that row and every index on it
-- (sixteen, for the listings at 100k): on PGlite about 0.4 ms of a take's
-- 1.1 ms. A take now adds a row to pending_units_sold, and
-- tally_units_sold() folds the ledger into products.units_sold every few
-- seconds (the best-seller order follows within that). The products are
-- still locked first, in id order (decision 005): a checkout goes on to
-- reference them (its order lines' foreign keys), and an owner's edit locks
-- a product before its stock.
CREATE OR REPLACE FUNCTION take_stock(
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
  stock_tags text[] := '{}';
BEGIN
  PERFORM p.id FROM products p
  WHERE p.id = ANY(sold_product_ids)
  ORDER BY p.id
  FOR NO KEY UPDATE;
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
    stock_tags := stock_tags || format('stock:%s:%s=%s', taken_product_id, taken_size, stock_left);
    RETURN NEXT;
  END LOOP;
  INSERT INTO pending_units_sold (product_id, units)
  SELECT * FROM unnest(sold_product_ids, sold_units);
  IF taken = cardinality(wanted_sizes) AND NOT sold_out THEN
    IF change_tags IS NOT NULL
      AND length(change_tags) + length(array_to_string(stock_tags, ',')) < 7000 THEN
      change_tags := change_tags || ',' || array_to_string(stock_tags, ',');
    END IF;
    PERFORM catalogue_version_bump(change_tags);
  END IF;
END;
$$;
--> statement-breakpoint
-- Folds the ledger into products.units_sold and answers how many products it
-- changed. The products are locked in id order first (as every take that
-- locks them does), and only their rows leave the ledger, so tallies in
-- several processes at once neither wait in a circle nor count a row twice.
CREATE FUNCTION tally_units_sold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  locked uuid[];
  tallied integer;
BEGIN
  SELECT array_agg(id) INTO locked FROM (
    SELECT p.id FROM products p
    WHERE p.id IN (SELECT product_id FROM pending_units_sold)
    ORDER BY p.id
    FOR NO KEY UPDATE
  ) sold;
  WITH moved AS (
    DELETE FROM pending_units_sold WHERE product_id = ANY(locked) RETURNING product_id, units
  )
  UPDATE products p SET units_sold = greatest(p.units_sold + sums.units, 0)
  FROM (SELECT product_id, sum(units)::integer AS units FROM moved GROUP BY product_id) sums
  WHERE p.id = sums.product_id;
  GET DIAGNOSTICS tallied = ROW_COUNT;
  -- Rows of products deleted since their sale have nothing to count into.
  DELETE FROM pending_units_sold l WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id);
  RETURN tallied;
END;
$$;
