-- A stock take says what it left (decision 026, addendum "stock left in the notice"):
-- when it bumps the catalogue version itself (every size taken, none sold
-- out), its tags also name the stock left of each size taken, as
-- `stock:<product id>:<size>=<units>` (STOCK_TAG in catalogue-cache.ts reads
-- them), so that every process brings the answers showing those products up
-- to date in memory instead of querying them again. Past 7,000 characters of
-- tags (a NOTIFY payload must stay under 8,000 bytes) the stock is left out,
-- and those answers are computed again, as before.
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
    stock_tags := stock_tags || format('stock:%s:%s=%s', taken_product_id, taken_size, stock_left);
    RETURN NEXT;
  END LOOP;
  IF taken = cardinality(wanted_sizes) AND NOT sold_out THEN
    IF change_tags IS NOT NULL
      AND length(change_tags) + length(array_to_string(stock_tags, ',')) < 7000 THEN
      change_tags := change_tags || ',' || array_to_string(stock_tags, ',');
    END IF;
    PERFORM catalogue_version_bump(change_tags);
  END IF;
END;
$$;
