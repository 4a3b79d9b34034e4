CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"has_had_free_trial" boolean DEFAULT false NOT NULL,
	"should_show_extension_wizard" boolean DEFAULT true NOT NULL,
	"stripe_customer_id" text,
	"configs_state" text DEFAULT 'NOT_STARTED' NOT NULL,
	"configs_last_submitted" timestamp with time zone,
	"extension_status" boolean DEFAULT false NOT NULL,
	"extension_installed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));