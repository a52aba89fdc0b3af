ALTER TABLE "submissions" ADD COLUMN "teacher_review" jsonb;--> statement-breakpoint
-- Reviews made before this column existed keep counting in the agreement figures and can be restored.
UPDATE "submissions" SET "teacher_review" = jsonb_build_object(
  'criteriaScores', "criteria_scores",
  'overallScore', "overall_score",
  'feedback', "feedback",
  'engineOverallScore', "engine_grade"->'overallScore',
  'reviewedAt', to_char(coalesce("reviewed_at", "updated_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
) WHERE "grade_source" = 'reviewed' AND "overall_score" IS NOT NULL;
