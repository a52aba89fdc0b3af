import { highestPoints, pointsOnlyPattern } from "./points.js";

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

/** A description column headed by the word for criteria: "Score | Criteria", then "6 | The essay is insightful…". */
const criteriaWord = /^(criteria|criterion|criterios?|crit[èe]res?)$/i;

/**
 * A two-column table of levels as the levels-as-rows reading takes it: scores first, the descriptions' column headed
 * by a word it reads as a header ("Description"). Teachers also write the scores on the right ("Description |
 * Score") and head the descriptions "Criteria", which named no criterion (it is a header word, never a criterion's
 * name) and left the rubric unread. Other tables come back as they are.
 */
export function asLevelTable(given: string[][]): string[][] {
  // Empty rows (a Markdown table's rule line) are none of its levels.
  const table = given.filter((row) => row.some((cell) => cell.trim()));
  if (table.length < 4 || table.some((row) => row.length > 2)) return given;
  const rows = table.slice(1);
  const scoresOn = (column: number) => rows.every((row) => pointsOnlyPattern.test(row[column] ?? ""));
  const scoreColumn = scoresOn(0) ? 0 : scoresOn(1) ? 1 : -1;
  if (scoreColumn < 0 || !isScaleOfLevels(rows.map((row) => ({ name: row[1 - scoreColumn] ?? "", points: highestPoints(row[scoreColumn] ?? "") })))) return given;
  const ordered = table.map((row) => (scoreColumn === 0 ? row : [row[1] ?? "", row[0] ?? ""]));
  const [scoreHeader = "", descriptionHeader = ""] = ordered[0]!;
  if (criteriaWord.test(descriptionHeader.trim())) ordered[0] = [scoreHeader, "Description"];
  return ordered;
}
