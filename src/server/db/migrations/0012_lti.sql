CREATE TABLE "lti_login_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_pending_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"platform_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"return_url" text,
	"data" text,
	"resource_link" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_login_url" text NOT NULL,
	"token_url" text NOT NULL,
	"keyset_url" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_resource_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"resource_link_id" text NOT NULL,
	"context_id" text,
	"context_title" text,
	"assignment_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"line_item_url" text,
	"line_items_url" text,
	"ags_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memberships_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_roster_members" (
	"resource_link_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"roster_student_id" uuid NOT NULL,
	CONSTRAINT "lti_roster_members_resource_link_id_subject_pk" PRIMARY KEY("resource_link_id","subject")
);
--> statement-breakpoint
CREATE TABLE "lti_score_posts" (
	"resource_link_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"score_given" double precision NOT NULL,
	"score_maximum" double precision NOT NULL,
	"comment" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_score_posts_resource_link_id_submission_id_pk" PRIMARY KEY("resource_link_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"published_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_used_nonces" (
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_used_nonces_platform_id_nonce_pk" PRIMARY KEY("platform_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "lti_users" (
	"platform_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_users_platform_id_subject_pk" PRIMARY KEY("platform_id","subject")
);
--> statement-breakpoint
ALTER TABLE "lti_login_states" ADD CONSTRAINT "lti_login_states_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_pending_picks" ADD CONSTRAINT "lti_pending_picks_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_pending_picks" ADD CONSTRAINT "lti_pending_picks_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_roster_members" ADD CONSTRAINT "lti_roster_members_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_roster_members" ADD CONSTRAINT "lti_roster_members_roster_student_id_roster_students_id_fk" FOREIGN KEY ("roster_student_id") REFERENCES "public"."roster_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_posts" ADD CONSTRAINT "lti_score_posts_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_posts" ADD CONSTRAINT "lti_score_posts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_used_nonces" ADD CONSTRAINT "lti_used_nonces_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_users" ADD CONSTRAINT "lti_users_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_users" ADD CONSTRAINT "lti_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_login_states_expires_at_index" ON "lti_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_issuer_client_id_index" ON "lti_platforms" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_resource_links_platform_id_resource_link_id_index" ON "lti_resource_links" USING btree ("platform_id","resource_link_id");--> statement-breakpoint
CREATE INDEX "lti_resource_links_assignment_id_index" ON "lti_resource_links" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "lti_roster_members_roster_student_id_index" ON "lti_roster_members" USING btree ("roster_student_id");--> statement-breakpoint
CREATE INDEX "lti_used_nonces_expires_at_index" ON "lti_used_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_users_user_id_index" ON "lti_users" USING btree ("user_id");