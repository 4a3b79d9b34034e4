CREATE TABLE "analysis_daily_rollups" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"analyses" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"overall_sum" double precision DEFAULT 0 NOT NULL,
	"overall_count" integer DEFAULT 0 NOT NULL,
	"joy_sum" double precision DEFAULT 0 NOT NULL,
	"calm_sum" double precision DEFAULT 0 NOT NULL,
	"gratitude_sum" double precision DEFAULT 0 NOT NULL,
	"hope_sum" double precision DEFAULT 0 NOT NULL,
	"curiosity_sum" double precision DEFAULT 0 NOT NULL,
	"compassion_sum" double precision DEFAULT 0 NOT NULL,
	"awe_sum" double precision DEFAULT 0 NOT NULL,
	"anger_sum" double precision DEFAULT 0 NOT NULL,
	"outrage_sum" double precision DEFAULT 0 NOT NULL,
	"fear_sum" double precision DEFAULT 0 NOT NULL,
	"anxiety_sum" double precision DEFAULT 0 NOT NULL,
	"sadness_sum" double precision DEFAULT 0 NOT NULL,
	"disgust_sum" double precision DEFAULT 0 NOT NULL,
	"envy_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analysis_daily_rollups_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "analysis_domain_rollups" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"host" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"overall_sum" double precision DEFAULT 0 NOT NULL,
	"overall_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analysis_domain_rollups_user_id_month_host_pk" PRIMARY KEY("user_id","month","host")
);
--> statement-breakpoint
DROP INDEX "analyses_user_created_idx";--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "view_json" text;--> statement-breakpoint
-- Backfill (decision 071): the API Analysis of each existing row, as toAnalysis (analysis/view.ts) writes it
-- for new rows: keys with no value (empty title, null figures) are left out.
UPDATE "analyses" SET "view_json" = json_strip_nulls(json_build_object(
  'id', "id",
  'url', "url",
  'title', nullif("title", ''),
  'createdAt', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'tokens', "tokens",
  'categoryScores', "category_scores",
  'classificationAnalysis', "classification_analysis",
  'valence', "valence",
  'overallScore', "overall_score",
  'modelVersion', "model_version",
  'mode', CASE WHEN "mode" IN ('server', 'device') THEN "mode" END
))::text;--> statement-breakpoint
ALTER TABLE "analyses" ALTER COLUMN "view_json" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_daily_rollups" ADD CONSTRAINT "analysis_daily_rollups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_domain_rollups" ADD CONSTRAINT "analysis_domain_rollups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_created_id_idx" ON "analyses" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Backfill (decision 071): the rollups of the analyses stored before this migration. From here on the
-- worker keeps them in the transaction that stores each analysis (analysis/repository.ts addToRollups).
INSERT INTO "analysis_daily_rollups" ("user_id", "day", "analyses", "tokens", "overall_sum", "overall_count", "joy_sum", "calm_sum", "gratitude_sum", "hope_sum", "curiosity_sum", "compassion_sum", "awe_sum", "anger_sum", "outrage_sum", "fear_sum", "anxiety_sum", "sadness_sum", "disgust_sum", "envy_sum")
SELECT a.user_id, (a.created_at AT TIME ZONE 'UTC')::date, count(*)::int, coalesce(sum(a.tokens), 0)::bigint,
  coalesce(sum(a.overall_score), 0)::float8, count(a.overall_score)::int,
  sum(coalesce((a.category_scores -> 'joy' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'calm' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'gratitude' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'hope' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'curiosity' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'compassion' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'awe' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'anger' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'outrage' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'fear' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'anxiety' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'sadness' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'disgust' ->> 'BaseScore')::float8, 0))::float8,
  sum(coalesce((a.category_scores -> 'envy' ->> 'BaseScore')::float8, 0))::float8
FROM "analyses" a
GROUP BY a.user_id, (a.created_at AT TIME ZONE 'UTC')::date;--> statement-breakpoint
INSERT INTO "analysis_domain_rollups" ("user_id", "month", "host", "visits", "overall_sum", "overall_count")
SELECT a.user_id, date_trunc('month', a.created_at AT TIME ZONE 'UTC')::date, a.host, count(*)::int,
  coalesce(sum(a.overall_score), 0)::float8, count(a.overall_score)::int
FROM "analyses" a
GROUP BY a.user_id, date_trunc('month', a.created_at AT TIME ZONE 'UTC')::date, a.host;
