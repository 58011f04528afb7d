CREATE TABLE "cart_options" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"coupon_code" text,
	"gift_wrap" boolean DEFAULT false NOT NULL,
	"gift_message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_options" ADD CONSTRAINT "cart_options_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;