-- Issue 27: coupons the owner manages: a percentage or a flat amount, limits on uses
-- (counted from the orders that used the code), first order only; codes unique whatever
-- their case. Newsletter subscriptions are confirmed by a mailed link, which mails a
-- single-use code; those who subscribed before confirmations existed count as confirmed.
ALTER TABLE "coupons" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amount_off_paise" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_upper_key" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_key" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_code","user_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_amount_of_kind" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent_off" is not null and "coupons"."amount_off_paise" is null)
        or ("coupons"."kind" = 'flat' and "coupons"."amount_off_paise" is not null and "coupons"."percent_off" is null));--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at";