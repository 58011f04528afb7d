DROP INDEX "products_on_sale_filter_idx";--> statement-breakpoint
DROP INDEX "products_facets_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_rating_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_price_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_newest_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_best_selling_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "style_lead" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Writers of style leads take turns (a lock held to commit): two transactions adding
-- colours to one style at once would each miss the other's row and both mark a lead.
-- The UPDATE after the lock takes a fresh snapshot, so it sees what the other committed.
CREATE FUNCTION products_refresh_style_leads(styles uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('products.style_lead'));
  UPDATE products p SET style_lead = fresh.lead
  FROM (
    SELECT colour.id, colour.archived_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM products earlier
      WHERE earlier.style_id = colour.style_id AND earlier.archived_at IS NULL
        AND (earlier.created_at, earlier.id) < (colour.created_at, colour.id)
    ) AS lead
    FROM products colour WHERE colour.style_id = ANY(styles)
  ) fresh
  WHERE p.id = fresh.id AND p.style_lead <> fresh.lead;
$$;
--> statement-breakpoint
SELECT products_refresh_style_leads(array(SELECT DISTINCT style_id FROM products));--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock_size_bits" integer GENERATED ALWAYS AS ((case when in_stock_sizes @> '{XS}' then 1 else 0 end) | (case when in_stock_sizes @> '{S}' then 2 else 0 end) | (case when in_stock_sizes @> '{M}' then 4 else 0 end) | (case when in_stock_sizes @> '{L}' then 8 else 0 end) | (case when in_stock_sizes @> '{XL}' then 16 else 0 end) | (case when in_stock_sizes @> '{XXL}' then 32 else 0 end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_style_leads_idx" ON "products" USING btree ("style_id") WHERE "products"."archived_at" is null and "products"."style_lead";--> statement-breakpoint
CREATE INDEX "products_gender_idx" ON "products" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "products_on_sale_styles_idx" ON "products" USING btree ("style_id","gender","category","in_stock_sizes","color_name","rating","price_paise","in_stock_size_bits") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id","style_lead","gender","category","price_paise","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_paise","id","style_lead","gender","category","rating","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id","style_lead","gender","category","price_paise","rating","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_best_selling_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id","style_lead","gender","category","price_paise","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE FUNCTION products_inserted_or_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM products_refresh_style_leads(array(SELECT DISTINCT style_id FROM new_rows));
  ELSE
    PERFORM products_refresh_style_leads(array(SELECT DISTINCT style_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION products_style_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM products_refresh_style_leads(array[OLD.style_id, NEW.style_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_inserted_or_deleted();
--> statement-breakpoint
CREATE TRIGGER products_style_order_updated AFTER UPDATE OF style_id, created_at, archived_at ON products
FOR EACH ROW WHEN (
  OLD.style_id IS DISTINCT FROM NEW.style_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
) EXECUTE FUNCTION products_style_order_changed();
