ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "group_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_group_entry_id_group_order_entries_id_fk" FOREIGN KEY ("group_entry_id") REFERENCES "public"."group_order_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "refunds" ("id", "group_entry_id", "amount_paise", "reason", "status", "provider_reference", "created_at", "refunded_at") SELECT "id", "entry_id", "amount_paise", "reason", "status", "provider_reference", "created_at", "refunded_at" FROM "group_entry_refunds";--> statement-breakpoint
DROP TABLE "group_entry_refunds" CASCADE;--> statement-breakpoint
CREATE INDEX "refunds_group_entry_idx" ON "refunds" USING btree ("group_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_of_order_or_group_entry" CHECK (("refunds"."order_id" is null) <> ("refunds"."group_entry_id" is null));
