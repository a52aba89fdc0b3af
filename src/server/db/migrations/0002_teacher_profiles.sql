CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"template" text,
	"weights" jsonb,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_student_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"rubric_id" uuid,
	"content" text NOT NULL,
	"score" double precision NOT NULL,
	"feedback" text NOT NULL,
	"criteria_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"extracted_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"calibrated" boolean DEFAULT false NOT NULL,
	"calibration_fit" jsonb,
	"name" text,
	"school" text,
	"course" text,
	"department" text,
	"standard" text,
	"tone" text,
	"strictness" integer,
	"feedback_length" text,
	"grammar_vs_content" integer,
	"grading_approach" text,
	"late_policy" jsonb,
	"strengths_first" boolean,
	"auto_accept_threshold" integer,
	"rubric_template" text,
	"rubric_weights" jsonb,
	"rubric_criteria" jsonb,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_student_work" ADD CONSTRAINT "sample_student_work_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_student_work" ADD CONSTRAINT "sample_student_work_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_student_work" ADD CONSTRAINT "sample_student_work_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rubrics_teacher_id_index" ON "rubrics" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "sample_student_work_teacher_id_index" ON "sample_student_work" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "stored_files_teacher_id_index" ON "stored_files" USING btree ("teacher_id");