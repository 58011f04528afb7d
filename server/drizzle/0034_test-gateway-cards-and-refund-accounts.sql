CREATE TABLE "refund_accounts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"upi_id" text,
	"account_number" text,
	"ifsc" text,
	"account_holder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_accounts_complete" CHECK (("refund_accounts"."kind" = 'upi' and "refund_accounts"."upi_id" is not null) or ("refund_accounts"."kind" = 'bank' and "refund_accounts"."account_number" is not null and "refund_accounts"."ifsc" is not null and "refund_accounts"."account_holder" is not null))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"approvable" boolean NOT NULL,
	"cvv_salt" text NOT NULL,
	"cvv_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_accounts" ADD CONSTRAINT "refund_accounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;