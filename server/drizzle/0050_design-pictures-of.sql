-- Issue 28: a message keeps the ordered lines whose designs it shows (the confirmation, the return
-- emails); confirmations written before, still to be sent, keep showing their order's designed lines.
ALTER TABLE "outbox_messages" ADD COLUMN "design_pictures_of" uuid[];--> statement-breakpoint
UPDATE "outbox_messages" SET "design_pictures_of" = (SELECT array_agg("order_items"."id" ORDER BY "order_items"."position") FROM "order_items" WHERE "order_items"."order_id" = "outbox_messages"."attach_invoice_of" AND "order_items"."design" IS NOT NULL) WHERE "attach_invoice_of" IS NOT NULL AND "status" <> 'sent';
