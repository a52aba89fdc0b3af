CREATE TABLE "lti_registration_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"platform_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_registration_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lti_cross_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_registration_links_expires_at_index" ON "lti_registration_links" USING btree ("expires_at");