CREATE TABLE "stock_alert_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alert_confirmations" ADD CONSTRAINT "stock_alert_confirmations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alert_confirmations_expires_idx" ON "stock_alert_confirmations" USING btree ("expires_at");