ALTER TABLE "products" ADD COLUMN "search_lead" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_leads_idx" ON "products" USING btree ("search_document","style_id","created_at","id","rating","price_paise","units_sold") WHERE "products"."archived_at" is null and "products"."search_lead";--> statement-breakpoint
-- Style leads (decision 025) and search leads (decision 028, addendum of 2026-11-24) in
-- one refresh: a colour leads its style with no earlier colour on sale, and its words
-- with no earlier colour on sale of the same search document.
CREATE OR REPLACE FUNCTION products_refresh_style_leads(styles uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('products.style_lead'));
  UPDATE products p SET style_lead = fresh.lead, search_lead = fresh.search_lead
  FROM (
    SELECT colour.id,
      colour.archived_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM products earlier
        WHERE earlier.style_id = colour.style_id AND earlier.archived_at IS NULL
          AND (earlier.created_at, earlier.id) < (colour.created_at, colour.id)
      ) AS lead,
      colour.archived_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM products earlier
        WHERE earlier.style_id = colour.style_id AND earlier.archived_at IS NULL
          AND earlier.search_document = colour.search_document
          AND (earlier.created_at, earlier.id) < (colour.created_at, colour.id)
      ) AS search_lead
    FROM products colour WHERE colour.style_id = ANY(styles)
  ) fresh
  WHERE p.id = fresh.id AND (p.style_lead <> fresh.lead OR p.search_lead <> fresh.search_lead);
$$;
--> statement-breakpoint
-- An edit of a colour's words changes its style's search leads as a move or an archive does.
DROP TRIGGER products_style_order_updated ON products;
--> statement-breakpoint
CREATE TRIGGER products_style_order_or_words_updated
AFTER UPDATE OF style_id, created_at, archived_at, title, description, category, gender ON products
FOR EACH ROW WHEN (
  OLD.style_id IS DISTINCT FROM NEW.style_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
  OR OLD.search_document IS DISTINCT FROM NEW.search_document
) EXECUTE FUNCTION products_style_order_changed();
--> statement-breakpoint
SELECT products_refresh_style_leads(array(SELECT DISTINCT style_id FROM products));
--> statement-breakpoint
-- Fresh statistics for the new index's predicate (PGlite has no autovacuum to gather them).
ANALYZE products;
