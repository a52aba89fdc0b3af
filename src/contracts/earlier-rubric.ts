import { z } from "zod";
import { gradedCriteria } from "./assignments";

/**
 * The rubric a reviewed grade was given on, kept with it when the assignment's rubric changed scoring since (decision
 * 012, addendum "a kept reviewed grade on its own scale"): its criteria (ids, names, points) and its total. A grade
 * carries none while it is on the current rubric.
 */
export const earlierRubric = z.object({
  criteria: z.array(z.object({ id: z.string(), name: z.string(), maxPoints: z.number() })),
  totalPoints: z.number(),
});
export type EarlierRubric = z.infer<typeof earlierRubric>;

type ScoredCriterion = { id: string; name: string; maxPoints: number };

/** The scale of a rubric as it is kept with a grade (the Overall criterion out of 100 when it has none). */
export function earlierRubricOf(criteria: readonly ScoredCriterion[]): EarlierRubric {
  const graded = gradedCriteria([...criteria]).map(({ id, name, maxPoints }) => ({ id, name, maxPoints }));
  return { criteria: graded, totalPoints: graded.reduce((total, item) => total + item.maxPoints, 0) };
}

/** "Thesis 10, Evidence 10": how the history and the notices name a rubric. */
export const describeRubric = (criteria: readonly ScoredCriterion[]) => gradedCriteria([...criteria]).map((item) => `${item.name} ${item.maxPoints}`).join(", ");

/** The word beside the score wherever a grade on an earlier rubric is listed (list, queue, gradebook, export). */
export const earlierRubricMark = "Earlier rubric";

/** What a teacher is told about such a grade: on which scale it stands, and how to put it on the current one. */
export const earlierRubricNotice = (rubric: EarlierRubric) =>
  `Given on the earlier rubric (${describeRubric(rubric.criteria)}; out of ${rubric.totalPoints}): review it again to grade it on the current one.`;

/**
 * Why a grade send left students out: their grades were given on an earlier rubric. A learning platform holds one
 * total per assignment and Classroom scales to its own points, so such a grade is not sent on any scale until the
 * teacher reviews it again; a grade sent before stays as it was.
 */
export function earlierRubricNotSentSentence(names: readonly string[]): string {
  const one = names.length === 1;
  return `Not sent, given on the earlier rubric: ${names.join(", ")}. Review ${one ? "this grade" : "these grades"} again to grade ${one ? "it" : "them"} on the current rubric, then send.`;
}

/**
 * The criteria and total a grade's scores are out of: the earlier rubric's when it was given on one, else the
 * current rubric's. Every view and send reads a grade through this, so none puts it on a scale it was not given on.
 */
export function scaleOfGrade(current: readonly ScoredCriterion[], earlier: EarlierRubric | null): EarlierRubric {
  return earlier ?? earlierRubricOf(current);
}

/**
 * Criterion scores a view of the current rubric may show in its columns: those of criteria with the same id and
 * points on both scales. A criterion removed, added or re-pointed has no score on the current rubric.
 */
export function scoresOnCurrentRubric(current: readonly ScoredCriterion[], earlier: EarlierRubric | null, scores: Record<string, number> | null): Record<string, number> | null {
  if (!earlier || !scores) return scores;
  const unchanged = gradedCriteria([...current]).filter((item) => earlier.criteria.some((was) => was.id === item.id && was.maxPoints === item.maxPoints));
  return Object.fromEntries(unchanged.flatMap((item) => (scores[item.id] === undefined ? [] : [[item.id, scores[item.id]!]])));
}
