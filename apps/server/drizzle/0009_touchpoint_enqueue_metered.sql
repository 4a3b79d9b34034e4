-- Touch-point ingest with its early allowance check in the same statement (decision 098): the duplicate lock,
-- the ignored-site check, the plan's allowance, the duplicate lookup and the insert of a batch of uploads, in
-- one round trip. enqueue_touchpoints (0006) stays for instances of the previous version during an upgrade.
CREATE TYPE "metered_touchpoint_in" AS (
	"item_key" text,
	"user_id" uuid,
	"url" text,
	"host" text,
	"title" text,
	"text" text,
	"scores" jsonb,
	"content_hash" text,
	"captured_at" timestamptz,
	-- The tokens the early check counts for this page (a lower bound when only its text is known).
	"tokens" bigint
);
--> statement-breakpoint
-- A plan's allowance as the metering rules (modules/billing/metering.ts usageLimits) state it: the included
-- tokens, the most touch points a period may hold, and the overage rate (0: no overage).
CREATE TYPE "plan_terms" AS (
	"plan" text,
	"included_tokens" bigint,
	"max_touchpoints" bigint,
	"overage_rate_cents" bigint
);
-- Its function "enqueue_metered_touchpoints" lives in src/modules/touchpoints/sql/enqueue.sql, applied as CREATE OR
-- REPLACE after the migrations on every start (decision 144); a database that ran this migration before has the
-- same function replaced there.
