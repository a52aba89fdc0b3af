CREATE TABLE "assignment_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"content" text NOT NULL,
	"score" double precision NOT NULL,
	"feedback" text NOT NULL,
	"criteria_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'argumentative_essay' NOT NULL,
	"due_date" date,
	"prompt" text DEFAULT '' NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"autograding_enabled" boolean DEFAULT false NOT NULL,
	"grading_settings" jsonb NOT NULL,
	"calibration_preview" jsonb,
	"calibration_fit" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_samples" ADD CONSTRAINT "assignment_samples_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_samples" ADD CONSTRAINT "assignment_samples_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_samples" ADD CONSTRAINT "assignment_samples_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_samples_assignment_id_index" ON "assignment_samples" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "assignments_teacher_id_status_index" ON "assignments" USING btree ("teacher_id","status");