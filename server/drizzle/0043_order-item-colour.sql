-- Issue 28: each ordered line keeps its garment's colour, frozen like its name and design;
-- lines ordered before take their product's colour, which a product keeps (decision 018).
ALTER TABLE "order_items" ADD COLUMN "color_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color_hex" text;--> statement-breakpoint
UPDATE "order_items" SET "color_name" = "products"."color_name", "color_hex" = "products"."color_hex" FROM "products" WHERE "products"."id" = "order_items"."product_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "color_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "color_hex" SET NOT NULL;
