-- Migration 0006's ingest function has had no caller since 0009's metered one replaced it (decision 098).
DROP FUNCTION IF EXISTS "enqueue_touchpoints"("touchpoint_in"[], double precision);
--> statement-breakpoint
DROP TYPE IF EXISTS "touchpoint_in";
