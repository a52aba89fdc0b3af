CREATE TABLE "retired_practice_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"practice_set_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_practice_tokens" ADD CONSTRAINT "retired_practice_tokens_practice_set_id_practice_sets_id_fk" FOREIGN KEY ("practice_set_id") REFERENCES "public"."practice_sets"("id") ON DELETE cascade ON UPDATE no action;