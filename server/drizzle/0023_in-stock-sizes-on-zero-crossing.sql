-- products.in_stock_sizes changes only when a size's stock crosses zero (or a
-- stock row moves to another product or size): refresh it only then. The
-- statement-level trigger before ran on every stock update (every checkout),
-- building transition tables and recomputing the product's sizes, about half
-- a stock take's time on PGlite (decision 026, night addendum). Inserts and
-- deletes (the owner's stock edits) keep their statement-level triggers.
DROP TRIGGER "product_stock_updated" ON "product_stock";--> statement-breakpoint
CREATE FUNCTION product_stock_crossed_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_in_stock_sizes(array[OLD.product_id, NEW.product_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_crossed_zero AFTER UPDATE ON product_stock
FOR EACH ROW WHEN (
  (OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
  OR OLD.product_id IS DISTINCT FROM NEW.product_id
  OR OLD.size IS DISTINCT FROM NEW.size
) EXECUTE FUNCTION product_stock_crossed_zero();
