CREATE TABLE "practice_attempt_starts" (
	"practice_set_id" uuid NOT NULL,
	"student_key" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_attempt_starts_practice_set_id_student_key_attempt_number_pk" PRIMARY KEY("practice_set_id","student_key","attempt_number")
);
--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_attempt_starts" ADD CONSTRAINT "practice_attempt_starts_practice_set_id_practice_sets_id_fk" FOREIGN KEY ("practice_set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;