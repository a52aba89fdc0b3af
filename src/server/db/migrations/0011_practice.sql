CREATE TABLE "practice_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_set_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"student_name" text NOT NULL,
	"student_key" text NOT NULL,
	"answers" jsonb NOT NULL,
	"item_scores" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"max_score" integer NOT NULL,
	"attempt_number" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_kind" text NOT NULL,
	"assignment_id" uuid,
	"weakest_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notice" text,
	"settings" jsonb NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"share_token" text,
	"shared_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_practice_set_id_practice_sets_id_fk" FOREIGN KEY ("practice_set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sets" ADD CONSTRAINT "practice_sets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_practice_set_id_idempotency_key_index" ON "practice_attempts" USING btree ("practice_set_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "practice_attempts_practice_set_id_student_key_index" ON "practice_attempts" USING btree ("practice_set_id","student_key");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sets_share_token_index" ON "practice_sets" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "practice_sets_teacher_id_kind_index" ON "practice_sets" USING btree ("teacher_id","kind");