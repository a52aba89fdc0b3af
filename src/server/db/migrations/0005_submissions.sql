CREATE TABLE "grade_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"is_automatic" boolean NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"assignment_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"name" text NOT NULL,
	"identifier" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "similarity_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"submission_id" uuid NOT NULL,
	"other_submission_id" uuid NOT NULL,
	"similarity" integer NOT NULL,
	"matches" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"batch_id" uuid,
	"roster_student_id" uuid,
	"student_name" text NOT NULL,
	"student_identifier" text,
	"original_name" text,
	"file_id" uuid,
	"content_hash" text NOT NULL,
	"content" text NOT NULL,
	"word_count" integer NOT NULL,
	"is_ocr" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"failure_reason" text,
	"engine_grade" jsonb,
	"criteria_scores" jsonb,
	"overall_score" double precision,
	"feedback" text,
	"confidence" integer,
	"review_reason" text,
	"grade_source" text,
	"reviewed_at" timestamp with time zone,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_limit" integer DEFAULT 2 NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_events" ADD CONSTRAINT "grade_events_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_students" ADD CONSTRAINT "roster_students_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_students" ADD CONSTRAINT "roster_students_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_matches" ADD CONSTRAINT "similarity_matches_other_submission_id_submissions_id_fk" FOREIGN KEY ("other_submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_batches" ADD CONSTRAINT "submission_batches_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_batches" ADD CONSTRAINT "submission_batches_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_batch_id_submission_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."submission_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_roster_student_id_roster_students_id_fk" FOREIGN KEY ("roster_student_id") REFERENCES "public"."roster_students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_events_submission_id_created_at_index" ON "grade_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_teacher_id_created_at_index" ON "notifications" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_students_assignment_id_index" ON "roster_students" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "similarity_matches_assignment_id_index" ON "similarity_matches" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "similarity_matches_submission_id_index" ON "similarity_matches" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "submission_batches_assignment_id_index" ON "submission_batches" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_assignment_id_content_hash_index" ON "submissions" USING btree ("assignment_id","content_hash");--> statement-breakpoint
CREATE INDEX "submissions_assignment_id_status_index" ON "submissions" USING btree ("assignment_id","status");--> statement-breakpoint
CREATE INDEX "submissions_teacher_id_index" ON "submissions" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "submissions_status_claimed_at_index" ON "submissions" USING btree ("status","claimed_at");--> statement-breakpoint
CREATE INDEX "embedded_jobs_queue_state_start_after_index" ON "embedded_jobs" USING btree ("queue","state","start_after");