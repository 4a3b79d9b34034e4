-- The touch-point ingest in one statement (decisions 093, 098 and 144): the duplicate lock, the ignored-site
-- check, the plan's early allowance check, the duplicate lookup and the insert of a batch of uploads, in one
-- round trip. Called by enqueueMany (repository.ts). Applied as CREATE OR REPLACE after the migrations on every
-- start (db/sql-functions.ts): edit this file to change the function; its argument types (metered_touchpoint_in,
-- plan_terms) are schema and stay in migration 0009. Keep the signature: instances of the previous version call
-- it during an upgrade; a new signature is a new function (and a migration to drop the old one later).
--
-- Why these rules live here, and where their other forms are:
-- - Ignored sites: this statement is the server's one home of the rule (a listed domain covers itself and its
--   subdomains), so that the check, the duplicate lookup and the insert take one round trip. The contract's
--   isHostCovered (packages/contract/src/urls.ts) is the same rule for the extension, which never reaches the
--   database; test/modules/touchpoints/enqueue.test.ts holds the two to the same answers.
-- - The allowance: the numbers come from TypeScript (modules/billing/metering.ts allowanceTerms passes each
--   plan's terms and the accepting statuses as arguments); only the comparison of a subscription's own cap is
--   here, because the subscription is read in this statement. It is an early check: the authoritative
--   check-and-add is UsageService.tryRecordBatchIn (metering.ts usageLimits) when the worker stores the
--   analysis. The same test file holds this check to usageLimits at the edge of each plan.
--
-- One row per distinct item, the first outcome that applies: 'ignored' (the host is on the user's list),
-- 'refused' (no live accepting subscription, or the page does not fit in what the period has left: status and
-- plan say which message), 'existing' (the same user, URL and content within window_ms: the first row's id) or
-- 'created'. Nothing is stored for the first two. Each item is checked against the period's usage as this
-- statement sees it.
CREATE OR REPLACE FUNCTION "enqueue_metered_touchpoints"(
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
