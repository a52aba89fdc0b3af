import { gradedCriteria, type Assignment } from "../../../../contracts/assignments";
import type { EngineGrade, SubmissionDetail } from "../../../../contracts/submissions";

type CriterionGrade = EngineGrade["criterionScores"][number];

export interface ReviewCriterion {
  id: string;
  name: string;
  maxPoints: number;
  /** The engine's score, rationale and evidence for this criterion, when it graded one. */
  engine: CriterionGrade | undefined;
}

/** The current rubric's criteria with the engine's grading of each: what an edit scores. */
export function reviewCriteria(assignment: Assignment, detail: SubmissionDetail): ReviewCriterion[] {
  return withEngineGrades(gradedCriteria(assignment.rubric.criteria), detail);
}

/**
 * The criteria the grade's scores are out of, as the page shows it: the earlier rubric's for a grade given on one
 * (its own rows and total, never the current rubric's), else the current rubric's.
 */
export function gradeCriteria(assignment: Assignment, detail: SubmissionDetail): ReviewCriterion[] {
  return detail.earlierRubric ? withEngineGrades(detail.earlierRubric.criteria, detail) : reviewCriteria(assignment, detail);
}

function withEngineGrades(rubric: { id: string; name: string; maxPoints: number }[], detail: SubmissionDetail): ReviewCriterion[] {
  const engineScores = detail.engineGrade?.criterionScores ?? [];
  return rubric.map((criterion) => ({
    id: criterion.id,
    name: criterion.name,
    maxPoints: criterion.maxPoints,
    engine: engineScores.find((score) => score.criterionId === criterion.id),
  }));
}

/** The grade of record for a criterion: the teacher's or accepted score, else what the engine gave. */
export function scoreOf(criterion: ReviewCriterion, detail: SubmissionDetail): number | undefined {
  return detail.criteriaScores?.[criterion.id] ?? criterion.engine?.score;
}

export const totalPointsOf = (criteria: ReviewCriterion[]) => criteria.reduce((total, criterion) => total + criterion.maxPoints, 0);

/** Scores to two decimals at most, without trailing zeros. */
export const formatPoints = (value: number) => String(Math.round(value * 100) / 100);
