import { highestPoints, pointsOnlyPattern, rangeSource, unit } from "./points.js";

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
 * name) and left the rubric unread. They leave out the header row ("6 | The essay…" from the first row) or its score
 * cell, add a column to fill in while marking ("Comments", blank below its header), and name each level in its score
 * cell ("4 – Exemplary"): each of these was refused or read as a second criterion. Other tables come back as they are.
 */
export function asLevelTable(given: string[][]): string[][] {
  // Empty rows (a Markdown table's rule line) are none of its levels.
  const table = given.filter((row) => row.some((cell) => cell.trim()));
  // A first row that describes a level is one (a header's "Description" or "Criteria" describes none): it is read
  // under an empty header, which gets the usual header words.
  const headerless = (table[0] ?? []).some(readsAsDescription) ? levelTableUnder([[], ...table]) : undefined;
  return headerless ?? levelTableUnder(table) ?? given;
}

/** The table (its first row the header) as "Score | Description" rows, or undefined when its rows are no scale of levels. */
function levelTableUnder(table: string[][]): string[][] | undefined {
  const [header = [], ...rows] = withoutBlankColumns(table);
  if (rows.some((row) => row.length > 2)) return undefined;
  const scoreColumn = [0, 1].find((column) =>
    isScaleOfLevels(rows.map((row) => ({ name: row[1 - column] ?? "", points: scoreOf(row[column] ?? "")?.points }))),
  );
  if (scoreColumn === undefined) return undefined;
  const ordered = (row: string[]) => (scoreColumn === 0 ? [row[0] ?? "", row[1] ?? ""] : [row[1] ?? "", row[0] ?? ""]);
  const [scoreHeader, descriptionHeader] = ordered(header).map((cell) => cell.trim()) as [string, string];
  return [
    [scoreHeader || "Score", !descriptionHeader || criteriaWord.test(descriptionHeader) ? "Description" : descriptionHeader],
    ...rows.map(ordered).map(([score = "", description = ""]) => [levelLabel(score), description]),
  ];
}

/** Without the columns that hold nothing below the first row: "Comments" or "Teacher notes", left to fill in. */
function withoutBlankColumns(table: string[][]): string[][] {
  const width = Math.max(0, ...table.map((row) => row.length));
  const kept = Array.from({ length: width }, (_, column) => column).filter((column) => table.slice(1).some((row) => (row[column] ?? "").trim()));
  return table.map((row) => kept.map((column) => row[column] ?? ""));
}

/** A level's name: a few words, no sentence ("Exemplary", "Meets the Standard"). */
const levelName = String.raw`(\p{L}[\p{L}'’&/]*(?:\s+[\p{L}'’&/]+){0,3})`;
const scoreThenName = new RegExp(String.raw`^\(?\s*(${rangeSource})\s*${unit}?\s*\)?\s*(?:[-–—:=.)]\s*|\s+)${levelName}$`, "iu");
const nameThenScore = new RegExp(String.raw`^${levelName}\s*(?:[-–—:=]\s*\(?|\()\s*(${rangeSource})\s*${unit}?\s*\)?$`, "iu");

/** A score cell: points alone ("4", "9-10"), or points with the level's name ("4 – Exemplary", "Proficient (3)"). */
function scoreOf(cell: string): { points: number | undefined; text: string; level?: string } | undefined {
  const text = cell.trim();
  if (pointsOnlyPattern.test(text)) return { points: highestPoints(text), text };
  const first = text.match(scoreThenName);
  if (first) return { points: highestPoints(first[1]!), text: first[1]!, level: first[2]! };
  const last = text.match(nameThenScore);
  return last ? { points: highestPoints(last[2]!), text: last[2]!, level: last[1]! } : undefined;
}

/** A named level as table headers write it ("Exemplary (4)"), so its descriptor reads "Exemplary (4): …". */
function levelLabel(cell: string): string {
  const score = scoreOf(cell);
  return score?.level ? `${score.level} (${score.text})` : cell;
}
