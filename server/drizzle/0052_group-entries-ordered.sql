ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_group_order_id_group_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "group_orders" DROP CONSTRAINT "group_orders_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "group_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_group_entry_id_group_order_entries_id_fk" FOREIGN KEY ("group_entry_id") REFERENCES "public"."group_order_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD CONSTRAINT "group_order_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_order_entries_order_idx" ON "group_order_entries" USING btree ("order_id");--> statement-breakpoint
-- Decision 072: an ordered group's pieces name its order, entry by entry.
UPDATE "group_order_entries" AS "e" SET "order_id" = "g"."order_id"
FROM "group_orders" AS "g"
WHERE "g"."id" = "e"."group_order_id" AND "g"."order_id" IS NOT NULL
  AND "e"."dropped_at" IS NULL AND ("g"."payer" = 'organiser' OR "e"."paid");--> statement-breakpoint
UPDATE "group_orders" SET "status" = 'ordered' WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- A closed group's lines still in a cart take one of its entries each: same size, name and number.
WITH "lines" AS (
  SELECT "c"."id", "c"."group_order_id", "c"."size", "c"."personalisation",
    row_number() OVER (
      PARTITION BY "c"."group_order_id", "c"."size", "c"."personalisation"
      ORDER BY "c"."created_at", "c"."id"
    ) AS "rank"
  FROM "cart_items" AS "c" WHERE "c"."group_order_id" IS NOT NULL
), "pieces" AS (
  SELECT "p"."id", "p"."group_order_id", "p"."size", "p"."personalisation",
    row_number() OVER (
      PARTITION BY "p"."group_order_id", "p"."size", "p"."personalisation"
      ORDER BY "p"."created_at", "p"."id"
    ) AS "rank"
  FROM (
    SELECT "e"."id", "e"."group_order_id", "e"."size", "e"."created_at",
      CASE WHEN "g"."personalise" AND ("e"."player_name" IS NOT NULL OR "e"."number" IS NOT NULL)
        THEN jsonb_build_object('name', coalesce("e"."player_name", ''), 'number', "e"."number")
      END AS "personalisation"
    FROM "group_order_entries" AS "e"
    JOIN "group_orders" AS "g" ON "g"."id" = "e"."group_order_id"
    WHERE "e"."order_id" IS NULL AND "e"."dropped_at" IS NULL
  ) AS "p"
)
UPDATE "cart_items" SET "group_entry_id" = "pieces"."id"
FROM "lines"
JOIN "pieces" ON "pieces"."group_order_id" = "lines"."group_order_id"
  AND "pieces"."size" = "lines"."size"
  AND "pieces"."personalisation" IS NOT DISTINCT FROM "lines"."personalisation"
  AND "pieces"."rank" = "lines"."rank"
WHERE "cart_items"."id" = "lines"."id";--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "group_order_id";--> statement-breakpoint
ALTER TABLE "group_orders" DROP COLUMN "order_id";