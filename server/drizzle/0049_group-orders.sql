CREATE TABLE "group_order_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_order_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"size" text NOT NULL,
	"player_name" text,
	"number" integer,
	"entry_token_hash" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"organiser_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"design" jsonb NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"payer" text NOT NULL,
	"personalise" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"order_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_orders_closed_at" CHECK (("group_orders"."status" = 'open') = ("group_orders"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "group_order_id" uuid;--> statement-breakpoint
ALTER TABLE "group_order_entries" ADD CONSTRAINT "group_order_entries_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_order_entries_group_idx" ON "group_order_entries" USING btree ("group_order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_entries_token_key" ON "group_order_entries" USING btree ("entry_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "group_orders_token_key" ON "group_orders" USING btree ("token");--> statement-breakpoint
CREATE INDEX "group_orders_organiser_idx" ON "group_orders" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "group_orders_open_closes_idx" ON "group_orders" USING btree ("closes_at") WHERE "group_orders"."status" = 'open';--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE set null ON UPDATE no action;