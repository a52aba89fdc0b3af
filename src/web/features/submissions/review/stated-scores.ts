/** A criterion whose score the feedback states as the grader wrote it ("Conventions (3/3)"), unlike the score now given. */
export interface OutdatedScore {
  name: string;
  stated: number;
  given: number;
  maxPoints: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The scores the feedback text states that the teacher's scores no longer match. The grader's feedback names each
 * criterion with its score; a teacher who changed only the scores sent the student "Conventions (3/3) Works: ..."
 * beside a Conventions score of 1/3.
 */
export function outdatedScores(feedback: string, criteria: readonly { id: string; name: string; maxPoints: number }[], scores: Record<string, string>): OutdatedScore[] {
  return criteria.flatMap((criterion) => {
    const text = scores[criterion.id]?.trim();
    const given = text ? Number(text) : Number.NaN;
    if (!Number.isFinite(given)) return [];
    const stated = new RegExp(`${escapeRegExp(criterion.name)} \\((\\d+(?:\\.\\d+)?)/${escapeRegExp(String(criterion.maxPoints))}\\)`).exec(feedback);
    if (!stated || Number(stated[1]) === given) return [];
    return [{ name: criterion.name, stated: Number(stated[1]), given, maxPoints: criterion.maxPoints }];
  });
}
