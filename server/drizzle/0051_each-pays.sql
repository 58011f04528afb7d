CREATE TABLE "group_entry_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "group_entry_refunds_amount_positive" CHECK ("group_entry_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "amount_paise" integer;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "razorpay_order_id" text;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "group_entry_refunds" ADD CONSTRAINT "group_entry_refunds_entry_id_group_order_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."group_order_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_entry_refunds_entry_idx" ON "group_entry_refunds" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "group_entry_refunds_pending_idx" ON "group_entry_refunds" USING btree ("created_at") WHERE "group_entry_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_entries_razorpay_order_key" ON "group_order_entries" USING btree ("razorpay_order_id");