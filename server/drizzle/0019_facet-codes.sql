CREATE TABLE "facet_codes" (
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"code" smallint NOT NULL,
	CONSTRAINT "facet_codes_facet_value_pk" PRIMARY KEY("facet","value"),
	CONSTRAINT "facet_codes_code_key" UNIQUE("facet","code")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gender_code" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_code" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_code" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_stars" smallint GENERATED ALWAYS AS (floor(rating)::smallint) STORED NOT NULL;--> statement-breakpoint
-- A value's code, given on first sight: new values take turns (a lock held to commit), so
-- two transactions never give one code twice; the INSERT after the lock takes a fresh
-- snapshot, so it sees a code the other committed.
CREATE FUNCTION facet_code(kind text, name text) RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  known smallint;
BEGIN
  SELECT code INTO known FROM facet_codes WHERE facet = kind AND value = name;
  IF known IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('facet_codes'));
    INSERT INTO facet_codes (facet, value, code)
      SELECT kind, name, coalesce(max(code) + 1, 0) FROM facet_codes WHERE facet = kind
      ON CONFLICT (facet, value) DO NOTHING;
    SELECT code INTO known FROM facet_codes WHERE facet = kind AND value = name;
  END IF;
  RETURN known;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION products_set_facet_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gender_code := facet_code('gender', NEW.gender);
  NEW.category_code := facet_code('category', NEW.category);
  NEW.color_code := facet_code('color', NEW.color_name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
INSERT INTO facet_codes (facet, value, code)
SELECT facet, value, row_number() OVER (PARTITION BY facet ORDER BY value) - 1
FROM (
  SELECT DISTINCT 'gender' AS facet, gender AS value FROM products
  UNION SELECT DISTINCT 'category', category FROM products
  UNION SELECT DISTINCT 'color', color_name FROM products
) known;--> statement-breakpoint
UPDATE products p SET gender_code = g.code, category_code = c.code, color_code = k.code
FROM facet_codes g, facet_codes c, facet_codes k
WHERE g.facet = 'gender' AND g.value = p.gender
  AND c.facet = 'category' AND c.value = p.category
  AND k.facet = 'color' AND k.value = p.color_name;--> statement-breakpoint
CREATE TRIGGER products_facet_codes BEFORE INSERT OR UPDATE OF gender, category, color_name ON products
FOR EACH ROW EXECUTE FUNCTION products_set_facet_codes();
--> statement-breakpoint
CREATE INDEX "products_on_sale_facets_idx" ON "products" USING btree ("style_id","gender_code","category_code","color_code","rating_stars","in_stock_size_bits","rating","price_paise","search_document") WHERE "products"."archived_at" is null;--> statement-breakpoint
-- Statistics for the new columns and index, so the planner costs the facets' pass (PGlite has
-- no autovacuum to gather them later).
ANALYZE products;
