-- History cards (`card_json`, decision 097) now carry the analysis' verdict, drivers and confidence, as the
-- detail's view already did. Cards written since migration 0013 kept the verdict columns but not these keys:
-- add them, as toRecentAnalysis(toAnalysis(row)) writes them for new rows (drivers outside the contract, which
-- allows at most two known categories, become none). Rows without a valid verdict keep their card as it is.
UPDATE "analyses" SET "card_json" = (
  ("card_json"::jsonb - 'verdict' - 'drivers' - 'confidence')
  || jsonb_build_object(
    'verdict', "verdict",
    'drivers', CASE
      WHEN jsonb_typeof("drivers") = 'array' AND jsonb_array_length("drivers") <= 2 AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements("drivers") AS d(value)
         WHERE jsonb_typeof(d.value) <> 'string' OR d.value #>> '{}' NOT IN (
           'joy', 'calm', 'gratitude', 'hope', 'curiosity', 'compassion', 'awe',
           'anger', 'outrage', 'fear', 'anxiety', 'sadness', 'disgust', 'envy'))
      THEN "drivers"
      ELSE '[]'::jsonb
    END)
  || CASE WHEN "confidence" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('confidence', "confidence") END
)::text
WHERE "card_json" IS NOT NULL AND "verdict" IN ('uplifting', 'neutral', 'mixed', 'draining');
