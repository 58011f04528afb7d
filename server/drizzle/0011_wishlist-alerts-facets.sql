CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unique" ON "stock_alerts" USING btree ("product_id","size","email") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "wishlist_items_user_created_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("gender","category","in_stock_sizes","rating","price_paise") WHERE "products"."archived_at" is null;--> statement-breakpoint
-- Keeps products.in_stock_sizes (the sizes with stock, in the shop's size order)
-- in step with product_stock, whoever writes it: the facet counts group by it
-- instead of joining the stock of every product (decision 024). Only a size
-- crossing between sold out and in stock rewrites it.
CREATE FUNCTION product_stock_keep_in_stock_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.stock <= 0 THEN RETURN NULL; END IF;
    changed := NEW.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.stock <= 0 THEN RETURN NULL; END IF;
    changed := OLD.product_id;
  ELSE
    IF (OLD.stock > 0) = (NEW.stock > 0) AND OLD.size = NEW.size THEN RETURN NULL; END IF;
    changed := NEW.product_id;
  END IF;
  UPDATE products SET in_stock_sizes = ARRAY(
    SELECT size FROM product_stock
    WHERE product_id = changed AND stock > 0
    ORDER BY array_position(ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL'], size)
  )
  WHERE id = changed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_in_stock_sizes
AFTER INSERT OR UPDATE OR DELETE ON product_stock
FOR EACH ROW EXECUTE FUNCTION product_stock_keep_in_stock_sizes();
--> statement-breakpoint
UPDATE products SET in_stock_sizes = ARRAY(
  SELECT size FROM product_stock
  WHERE product_id = products.id AND stock > 0
  ORDER BY array_position(ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL'], size)
);
