ALTER TABLE "analysis_daily_rollups" ADD COLUMN "uplifting_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_daily_rollups" ADD COLUMN "neutral_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_daily_rollups" ADD COLUMN "mixed_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_daily_rollups" ADD COLUMN "draining_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The verdict trend (issue 29): the days stored before these columns existed count their verdicts once.
UPDATE "analysis_daily_rollups" r
   SET "uplifting_pages" = v.uplifting, "neutral_pages" = v.neutral, "mixed_pages" = v.mixed,
       "draining_pages" = v.draining
  FROM (SELECT a.user_id, (a.created_at AT TIME ZONE 'UTC')::date AS day,
               count(*) FILTER (WHERE a.verdict = 'uplifting')::int AS uplifting,
               count(*) FILTER (WHERE a.verdict = 'neutral')::int AS neutral,
               count(*) FILTER (WHERE a.verdict = 'mixed')::int AS mixed,
               count(*) FILTER (WHERE a.verdict = 'draining')::int AS draining
          FROM "analyses" a
         WHERE a.verdict IS NOT NULL
         GROUP BY 1, 2) v
 WHERE r.user_id = v.user_id AND r.day = v.day;
