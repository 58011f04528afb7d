-- A take answers, with each size's stock left, that stock as the version's
-- tags name it (`stock:<product id>:<size>=<units>`, written only here; see
-- migration 0026). A take that sold a size out leaves the version to its
-- caller, which now names that stock too: the answers showing its products
-- are amended in memory rather than computed again, unless the sell-out
-- touched them otherwise (decision 026, session-8 addendum). The answer's
-- shape changes, so the function is made anew.
DROP FUNCTION take_stock(uuid[], integer[], uuid[], text[], integer[], text);
--> statement-breakpoint
CREATE FUNCTION take_stock(
  sold_product_ids uuid[],
  sold_units integer[],
  wanted_product_ids uuid[],
  wanted_sizes text[],
  wanted_quantities integer[],
  change_tags text
) RETURNS TABLE (taken_product_id uuid, taken_size text, stock_left integer, stock_tag text)
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
    stock_tag := format('stock:%s:%s=%s', taken_product_id, taken_size, stock_left);
    stock_tags := stock_tags || stock_tag;
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
