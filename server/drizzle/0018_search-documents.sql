CREATE TABLE "search_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text GENERATED ALWAYS AS (md5((setweight(to_tsvector('simple', lower(regexp_replace(title, '[-'']', '', 'g'))), 'A') || setweight(to_tsvector('simple', lower(regexp_replace(category || ' ' || gender, '[-'']', '', 'g'))), 'B') || setweight(to_tsvector('simple', lower(regexp_replace(description, '[-'']', '', 'g'))), 'C'))::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_on_sale_search_idx" ON "products" USING btree ("search_document","style_id","created_at","id","rating","price_paise","units_sold","gender","category","color_name","in_stock_sizes") WHERE "products"."archived_at" is null;--> statement-breakpoint
-- Every search vector a product has is a search document (decision 028). An insert
-- statement adds its products' documents at once; an edit that changes a product's
-- words adds its new one. Documents are never removed: one no product has matches
-- nothing, and removing it could race a product taking the same words.
INSERT INTO search_documents (key, search_vector)
SELECT DISTINCT ON (search_document) search_document, search_vector FROM products;
--> statement-breakpoint
CREATE FUNCTION products_add_search_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_documents (key, search_vector)
  SELECT DISTINCT ON (search_document) search_document, search_vector FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION products_add_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_documents (key, search_vector)
  VALUES (NEW.search_document, NEW.search_vector)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_documents_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_documents();
--> statement-breakpoint
CREATE TRIGGER products_search_document_updated AFTER UPDATE OF title, description, category, gender ON products
FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document)
EXECUTE FUNCTION products_add_search_document();
--> statement-breakpoint
-- Fresh statistics for the new table and index, so the planner ranks documents instead of
-- hash-joining every product (PGlite has no autovacuum to gather them later).
ANALYZE search_documents;
--> statement-breakpoint
ANALYZE products;
