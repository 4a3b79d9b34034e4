-- Keyed hashes of the e-mail address and card fingerprints of deleted accounts that had a free trial (decision
-- 103): they outlive the account, so the same e-mail or card cannot start a second trial.
CREATE TABLE "trial_markers" (
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_markers_kind_hash_pk" PRIMARY KEY("kind","hash")
);
