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
-- Its function "enqueue_touchpoints"(touchpoint_in[], double precision) was created here and dropped by 0014; a
-- database created since never needs it, so its body is no longer kept (decision 144).
