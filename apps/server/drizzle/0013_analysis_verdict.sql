ALTER TABLE "analyses" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "drivers" jsonb;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "confidence" double precision;