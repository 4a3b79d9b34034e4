-- Touch-point ingest in one statement (decision 093): the duplicate lock, the ignored-site check, the
-- duplicate lookup and the insert of a batch of uploads, in one round trip and one implicit transaction.
CREATE TYPE "touchpoint_in" AS (
	"item_key" text,
	"user_id" uuid,
	"url" text,
	"host" text,
	"title" text,
	"text" text,
	"scores" jsonb,
	"content_hash" text,
	"captured_at" timestamptz
);
--> statement-breakpoint
-- One row per distinct item: 'created' (stored now), 'existing' (the same user, URL and content within
-- window_ms: the first row's id) or 'ignored' (the host is on the user's list: nothing stored). The rule of
-- the list is the contract's isHostCovered (see modules/urls/repository.ts): the domain itself or a subdomain.
CREATE FUNCTION "enqueue_touchpoints"("items" "touchpoint_in"[], "window_ms" double precision)
RETURNS TABLE ("item_key" text, "outcome" text, "touchpoint_id" uuid)
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
			(SELECT t.id FROM touchpoints t
			  WHERE t.user_id = i.user_id AND t.content_hash = i.content_hash AND t.url = i.url
			    AND t.created_at > now() - window_ms * interval '1 millisecond'
			  LIMIT 1) AS existing
		  FROM unnest(items) AS i
	), inserted AS (
		INSERT INTO touchpoints (user_id, url, host, title, text, scores, content_hash, captured_at)
		SELECT x.user_id, x.url, x.host, x.title, x.text, x.scores, x.content_hash, x.captured_at
		  FROM x WHERE NOT x.ignored AND x.existing IS NULL
		RETURNING touchpoints.id, touchpoints.user_id, touchpoints.url, touchpoints.content_hash
	)
	SELECT x.item_key,
	       CASE WHEN x.ignored THEN 'ignored' WHEN x.existing IS NOT NULL THEN 'existing' ELSE 'created' END,
	       coalesce(x.existing, ins.id)
	  FROM x LEFT JOIN inserted ins
	    ON ins.user_id = x.user_id AND ins.url = x.url AND ins.content_hash = x.content_hash;
END
$$;
