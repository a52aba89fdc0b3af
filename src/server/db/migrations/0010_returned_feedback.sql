CREATE TABLE "feedback_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"submission_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"emailed_to" text,
	"emailed_at" timestamp with time zone,
	"email_failure" text,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_students" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "feedback_links" ADD CONSTRAINT "feedback_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_links" ADD CONSTRAINT "feedback_links_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_links" ADD CONSTRAINT "feedback_links_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_links_token_hash_index" ON "feedback_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_links_live_submission_idx" ON "feedback_links" USING btree ("submission_id") WHERE "feedback_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_links_assignment_id_index" ON "feedback_links" USING btree ("assignment_id");