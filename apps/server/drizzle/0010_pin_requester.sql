ALTER TABLE "login_pins" ADD COLUMN "requester" text;--> statement-breakpoint
CREATE INDEX "login_pins_email_requester_idx" ON "login_pins" USING btree ("email_lower","requester");