-- Issue 29: a personalised piece (name and number) keeps them beside its shared design, in the cart and on the order.
ALTER TABLE "cart_items" ADD COLUMN "personalisation" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalisation" jsonb;