CREATE TABLE "design_images" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"design" jsonb NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "cart_items_line_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "customisable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "print_areas" jsonb DEFAULT '{"front":{"xMm":150,"yMm":150,"widthMm":300,"heightMm":400},"back":{"xMm":150,"yMm":120,"widthMm":300,"heightMm":400}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "decoration_front_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "decoration_back_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_areas" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "design_images" ADD CONSTRAINT "design_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_images" ADD CONSTRAINT "design_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_designs" ADD CONSTRAINT "saved_designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_designs" ADD CONSTRAINT "saved_designs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_images_uploaded_idx" ON "design_images" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "saved_designs_user_idx" ON "saved_designs" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_plain_line_key" ON "cart_items" USING btree ("user_id","product_id","size") WHERE "cart_items"."design" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_decoration_nonnegative" CHECK ("products"."decoration_front_paise" >= 0 and "products"."decoration_back_paise" >= 0);