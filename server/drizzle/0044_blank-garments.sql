DROP INDEX "products_on_sale_facet_pass_idx";--> statement-breakpoint
DROP INDEX "products_on_sale_facets_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "blank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_on_sale_facet_pass_idx" ON "products" USING btree ("style_id","gender_code","category_code","color_code","rating_stars","in_stock_size_bits","customisable","rating","price_paise") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_facets_idx" ON "products" USING btree ("style_id","gender_code","category_code","color_code","rating_stars","in_stock_size_bits","customisable","rating","price_paise","search_document") WHERE "products"."archived_at" is null;