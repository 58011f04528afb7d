-- Lines ordered before the column are drawn as their product's category says today (issue 28).
ALTER TABLE "order_items" ADD COLUMN "garment" text NOT NULL DEFAULT 'tee';--> statement-breakpoint
UPDATE "order_items" SET "garment" = 'hoodie' FROM "products" WHERE "products"."id" = "order_items"."product_id" AND lower(btrim("products"."category")) = 'hoodies';--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "garment" DROP DEFAULT;
