CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"cod_enabled" boolean DEFAULT true NOT NULL,
	"cod_max_order_paise" integer DEFAULT 500000 NOT NULL,
	"cod_fee_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_cod_max_positive" CHECK ("payment_settings"."cod_max_order_paise" > 0),
	CONSTRAINT "payment_settings_cod_fee_nonnegative" CHECK ("payment_settings"."cod_fee_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The one row of the owner's payment settings, with cash on delivery's defaults (on, up to ₹5,000, no fee).
INSERT INTO "payment_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
