CREATE TABLE "catalogue_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_list_entries_name_key" ON "catalogue_list_entries" USING btree ("list",lower("name"));--> statement-breakpoint
-- The lists start with every category and gender products have; of names that differ only in
-- case ('T-shirts', 'T-Shirts'), the one most products spell wins, and the others join it below.
INSERT INTO "catalogue_list_entries" ("list", "name")
SELECT DISTINCT ON (list, lower(value)) list, value
FROM (
  SELECT 'category' AS list, category AS value, count(*) AS products FROM products GROUP BY category
  UNION ALL
  SELECT 'gender', gender, count(*) FROM products GROUP BY gender
) used
ORDER BY list, lower(value), products DESC, value;--> statement-breakpoint
-- A name as its list spells it, whatever its case; one not listed yet is added (the seed, the
-- bench and API writes name new ones). The entry is locked (FOR SHARE) until the writer commits,
-- so a rename or a merge (which locks it for update) waits for the product written with its old
-- name, then moves it too; a write that waited on them finds the new name, or lists its own.
CREATE FUNCTION catalogue_list_name(kind text, given text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  listed text;
BEGIN
  SELECT name INTO listed FROM catalogue_list_entries
    WHERE list = kind AND lower(name) = lower(given) FOR SHARE;
  IF listed IS NULL THEN
    INSERT INTO catalogue_list_entries (list, name) VALUES (kind, given)
      ON CONFLICT (list, lower(name)) DO NOTHING;
    SELECT name INTO listed FROM catalogue_list_entries
      WHERE list = kind AND lower(name) = lower(given) FOR SHARE;
  END IF;
  RETURN listed;
END;
$$;
--> statement-breakpoint
-- The trigger of migration 0019, which sets the facet codes, first spells the gender and category
-- as their lists do: the codes, the search words and the filters all see the listed name.
CREATE OR REPLACE FUNCTION products_set_facet_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gender := catalogue_list_name('gender', NEW.gender);
  NEW.category := catalogue_list_name('category', NEW.category);
  NEW.gender_code := facet_code('gender', NEW.gender);
  NEW.category_code := facet_code('category', NEW.category);
  NEW.color_code := facet_code('color', NEW.color_name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Products spelling a name otherwise than its list take the list's spelling (the trigger sets it).
UPDATE products p SET category = p.category, gender = p.gender
WHERE NOT EXISTS (
    SELECT 1 FROM catalogue_list_entries e WHERE e.list = 'category' AND e.name = p.category
  ) OR NOT EXISTS (
    SELECT 1 FROM catalogue_list_entries e WHERE e.list = 'gender' AND e.name = p.gender
  );
