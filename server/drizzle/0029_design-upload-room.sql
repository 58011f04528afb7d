ALTER TABLE "design_images" ADD COLUMN "claimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "design_images" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "design_images_unclaimed_guest_idx" ON "design_images" USING btree ("image_id") WHERE "design_images"."user_id" is null and not "design_images"."claimed";--> statement-breakpoint
-- Uploads kept so far: their stored size, and claimed when a design already uses them.
UPDATE "design_images" SET "bytes" = octet_length("images"."bytes") FROM "images" WHERE "images"."id" = "design_images"."image_id";--> statement-breakpoint
UPDATE "design_images" SET "claimed" = true WHERE
  EXISTS (SELECT 1 FROM "cart_items" WHERE "design_images"."image_id" = ANY("cart_items"."image_ids"))
  OR EXISTS (SELECT 1 FROM "saved_designs" WHERE "design_images"."image_id" = ANY("saved_designs"."image_ids"))
  OR EXISTS (SELECT 1 FROM "order_items" WHERE "design_images"."image_id" = ANY("order_items"."image_ids"));
