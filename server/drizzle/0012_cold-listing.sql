DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_best_selling_idx";--> statement-breakpoint
DROP INDEX "products_gender_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock_sizes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Keeps products.in_stock_sizes equal to the sizes of a product with stock > 0
-- (decision 023), once per statement and product, and only writes a product
-- whose set changed: a checkout that leaves stock in the size writes nothing,
-- nor does the stock of a new product inserted with its sizes already set.
CREATE FUNCTION products_refresh_in_stock_sizes(changed uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET in_stock_sizes = fresh.sizes
  FROM (
    SELECT ids.id, array(
      SELECT s.size FROM product_stock s WHERE s.product_id = ids.id AND s.stock > 0 ORDER BY s.size
    ) AS sizes
    FROM (SELECT DISTINCT unnest(changed) AS id) ids
  ) fresh
  WHERE p.id = fresh.id AND NOT (p.in_stock_sizes @> fresh.sizes AND p.in_stock_sizes <@ fresh.sizes);
$$;
--> statement-breakpoint
CREATE FUNCTION product_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM products_refresh_in_stock_sizes(array(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM products_refresh_in_stock_sizes(
      array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  ELSE
    PERFORM products_refresh_in_stock_sizes(array(SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_inserted AFTER INSERT ON product_stock
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_changed();
--> statement-breakpoint
CREATE TRIGGER product_stock_updated AFTER UPDATE ON product_stock
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_changed();
--> statement-breakpoint
CREATE TRIGGER product_stock_deleted AFTER DELETE ON product_stock
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_stock_changed();
--> statement-breakpoint
SELECT products_refresh_in_stock_sizes(array(SELECT DISTINCT product_id FROM product_stock));--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id","gender","category","price_paise","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_paise","id","gender","category","rating","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id","gender","category","price_paise","rating","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_best_selling_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id","gender","category","price_paise","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_filter_idx" ON "products" USING btree ("gender","category","price_paise","rating","in_stock_sizes") WHERE "products"."archived_at" is null;