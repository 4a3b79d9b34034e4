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
--> statement-breakpoint
-- One row per distinct item, the first outcome that applies: 'ignored' (the host is on the user's list),
-- 'refused' (no live accepting subscription, or the page does not fit in what the period has left: status and
-- plan say which message), 'existing' (the same user, URL and content within window_ms: the first row's id) or
-- 'created'. Nothing is stored for the first two. Each item is checked against the period's usage as this
-- statement sees it; the authoritative check-and-add runs when the worker stores the analysis.
CREATE FUNCTION "enqueue_metered_touchpoints"(
	"items" "metered_touchpoint_in"[],
	"window_ms" double precision,
	"accepting" text[],
	"plans" "plan_terms"[],
	"overage_rate_tokens" bigint
)
RETURNS TABLE ("item_key" text, "outcome" text, "touchpoint_id" uuid, "status" text, "plan" text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
	-- Two identical concurrent uploads agree on one row: a transaction-scoped advisory lock per item key,
	-- taken in a fixed order (no deadlock) and released at the statement's commit.
	PERFORM pg_advisory_xact_lock(locks.h) FROM (
		SELECT DISTINCT hashtextextended(i.item_key, 0) AS h FROM unnest(items) AS i
	) AS locks ORDER BY locks.h;
	-- A new statement, so a new snapshot (READ COMMITTED): it sees the row the lock's previous holder committed.
	RETURN QUERY
	WITH x AS (
		SELECT i.*,
			EXISTS (
				SELECT 1 FROM user_urls listed
				 WHERE listed.user_id = i.user_id
				   AND (listed.domain = rtrim(i.host, '.')
				        OR right(rtrim(i.host, '.'), length(listed.domain) + 1) = '.' || listed.domain)
			) AS ignored,
			coalesce(s.status = ANY (accepting)
				AND coalesce(u.tokens, 0) + i.tokens <= p.included_tokens + CASE WHEN p.overage_rate_cents > 0
					THEN floor(s.overage_limit_cents::numeric * overage_rate_tokens / p.overage_rate_cents)::bigint
					ELSE 0 END
				AND coalesce(u.touchpoints, 0) + 1 <= p.max_touchpoints, false) AS allowed,
			s.status AS sub_status,
			s.plan AS sub_plan,
			(SELECT t.id FROM touchpoints t
			  WHERE t.user_id = i.user_id AND t.content_hash = i.content_hash AND t.url = i.url
			    AND t.created_at > now() - window_ms * interval '1 millisecond'
			  LIMIT 1) AS existing
		  FROM unnest(items) AS i
		  LEFT JOIN subscriptions s ON s.user_id = i.user_id AND s.status <> 'canceled'
		  LEFT JOIN usage_periods u ON u.user_id = s.user_id AND u.period_start = s.current_period_start
		  LEFT JOIN unnest(plans) AS p ON p.plan = s.plan
	), inserted AS (
		INSERT INTO touchpoints (user_id, url, host, title, text, scores, content_hash, captured_at)
		SELECT x.user_id, x.url, x.host, x.title, x.text, x.scores, x.content_hash, x.captured_at
		  FROM x WHERE NOT x.ignored AND x.allowed AND x.existing IS NULL
		RETURNING touchpoints.id, touchpoints.user_id, touchpoints.url, touchpoints.content_hash
	)
	SELECT x.item_key,
	       CASE WHEN x.ignored THEN 'ignored' WHEN NOT x.allowed THEN 'refused'
	            WHEN x.existing IS NOT NULL THEN 'existing' ELSE 'created' END,
	       coalesce(x.existing, ins.id),
	       x.sub_status,
	       x.sub_plan
	  FROM x LEFT JOIN inserted ins
	    ON ins.user_id = x.user_id AND ins.url = x.url AND ins.content_hash = x.content_hash;
END
$$;
