CREATE TABLE "google_classroom_grade_posts" (
	"link_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"classroom_submission_id" text NOT NULL,
	"draft_grade" double precision NOT NULL,
	"assigned_grade" double precision,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_classroom_grade_posts_link_id_submission_id_pk" PRIMARY KEY("link_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "google_classroom_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"course_id" text NOT NULL,
	"course_name" text NOT NULL,
	"course_work_id" text,
	"course_work_title" text,
	"course_work_url" text,
	"max_points" double precision,
	"is_published_by_markwise" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_classroom_students" (
	"link_id" uuid NOT NULL,
	"google_user_id" text NOT NULL,
	"roster_student_id" uuid NOT NULL,
	CONSTRAINT "google_classroom_students_link_id_google_user_id_pk" PRIMARY KEY("link_id","google_user_id")
);
--> statement-breakpoint
ALTER TABLE "google_classroom_grade_posts" ADD CONSTRAINT "google_classroom_grade_posts_link_id_google_classroom_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."google_classroom_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_classroom_grade_posts" ADD CONSTRAINT "google_classroom_grade_posts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_classroom_links" ADD CONSTRAINT "google_classroom_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_classroom_links" ADD CONSTRAINT "google_classroom_links_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_classroom_students" ADD CONSTRAINT "google_classroom_students_link_id_google_classroom_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."google_classroom_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_classroom_students" ADD CONSTRAINT "google_classroom_students_roster_student_id_roster_students_id_fk" FOREIGN KEY ("roster_student_id") REFERENCES "public"."roster_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_classroom_links_assignment_id_index" ON "google_classroom_links" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "google_classroom_links_teacher_id_index" ON "google_classroom_links" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "google_classroom_students_roster_student_id_index" ON "google_classroom_students" USING btree ("roster_student_id");