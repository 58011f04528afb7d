-- Each product becomes one colour of a style (decision 018). A product stored before colours
-- existed becomes a style of its own in 'White' until the owner names its real colour.
DROP INDEX "products_facets_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "style_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_name" text DEFAULT 'White' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "color_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_hex" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "color_hex" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" USING btree ("color_name","color_hex");--> statement-breakpoint
CREATE INDEX "products_style_idx" ON "products" USING btree ("style_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("gender","category","in_stock_sizes","color_name","rating","price_paise") WHERE "products"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_color_hex_format" CHECK ("products"."color_hex" ~ '^#[0-9a-f]{6}$');