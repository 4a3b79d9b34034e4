CREATE TABLE "label_counts" (
	"user_id" uuid NOT NULL,
	"browser_id" uuid NOT NULL,
	"day" date NOT NULL,
	"shown_uplifting" integer DEFAULT 0 NOT NULL,
	"shown_neutral" integer DEFAULT 0 NOT NULL,
	"shown_mixed" integer DEFAULT 0 NOT NULL,
	"shown_draining" integer DEFAULT 0 NOT NULL,
	"opened_uplifting" integer DEFAULT 0 NOT NULL,
	"opened_neutral" integer DEFAULT 0 NOT NULL,
	"opened_mixed" integer DEFAULT 0 NOT NULL,
	"opened_draining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_counts_user_id_day_browser_id_pk" PRIMARY KEY("user_id","day","browser_id")
);
--> statement-breakpoint
ALTER TABLE "label_counts" ADD CONSTRAINT "label_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;