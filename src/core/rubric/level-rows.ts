/**
 * A holistic rubric whose rows are its levels and whose first column is headed "Points" ("Points | Description", then
 * "4 | Clear thesis, strong evidence…") has the shape of a summary table ("Criterion | Points"), and was read as one
 * criterion per level, named by its description and worth 4, 3, 2 and 1. A table is a scale of levels, not a list of
 * criteria, when its points step evenly through at least three distinct values, one per row (4, 3, 2, 1 or 0, 2, 4,
 * 6: a list's points repeat or jump), and its "names" read as descriptions (sentences, not the few words naming a
 * criterion). The reading of levels as rows then takes it.
 */
export function isScaleOfLevels(rows: Array<{ name: string; points: number | undefined }>): boolean {
  if (rows.length < 3) return false;
  const points = rows.map((row) => row.points);
  if (points.some((p) => p === undefined || !Number.isInteger(p))) return false;
  const steps = (points as number[]).slice(1).map((p, i) => p - points[i]!);
  const step = steps[0]!;
  if (step === 0 || steps.some((s) => s !== step)) return false;
  const described = rows.filter((row) => readsAsDescription(row.name)).length;
  return described * 2 >= rows.length;
}

/** Several words with a sentence's punctuation, or more words than a criterion's name takes. */
function readsAsDescription(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean).length;
  return words >= 9 || (words >= 4 && /[.,;]/.test(text));
}
