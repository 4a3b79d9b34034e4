CREATE TABLE "oauth_exchange_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"binding_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_place" text;--> statement-breakpoint
ALTER TABLE "oauth_exchange_codes" ADD CONSTRAINT "oauth_exchange_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_exchange_codes_code_hash_key" ON "oauth_exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "oauth_exchange_codes_user_id_idx" ON "oauth_exchange_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_exchange_codes_expires_at_idx" ON "oauth_exchange_codes" USING btree ("expires_at");