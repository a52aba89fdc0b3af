import { cleanName, isCriterionName } from "./names.js";
import { lineKey, type DraftCriterion } from "./types.js";

/**
 * A holistic rubric laid out with its levels as rows ("Score | Description", then "4 | ...") has one criterion, and
 * the table only gives it its column's header. Read that way it was named "Description"; its own name is the table's
 * caption (a row with one cell above the header), else the heading right before the table, else the title's subject.
 */
const genericHeader =
  /^(descriptions?|descriptors?|details?|expectations?|requirements?|criteria description|performance( descriptions?| indicators?| levels?)?|characteristics|indicators?|level descriptions?|what .* (looking for|looks like))$/i;
/** What a title says about the document rather than about what is graded: "Holistic Scoring Guide", "Rubric". */
const rubricWords = /\b(holistic|analytic|scoring|guide|rubric|r[úu]brica|grille|bar[èe]me|scale|criteria)\b/i;
/** The name given when the document names nothing but the rubric itself: a holistic rubric grades the work overall. */
export const holisticName = "Overall";

/** Rows above a table's header with a single filled cell: a caption merged across the table ("Overall Quality"). */
export function withoutCaption(table: string[][]): { caption: string | undefined; rows: string[][] } {
  let start = 0;
  while (start < table.length - 2 && (table[start] ?? []).filter((cell) => cell.trim()).length === 1) start++;
  const caption = start > 0 ? (table[start - 1] ?? []).find((cell) => cell.trim())?.trim() : undefined;
  return { caption, rows: table.slice(start) };
}

/**
 * The criteria of a table read with its levels as rows, its lone criterion renamed when the table named it only by a
 * header word. `lines` is the document's text (tables appear in it as tab-separated lines). Returns the line used
 * for the name, which the reading then counts as understood.
 */
export function nameLoneCriterion(criteria: DraftCriterion[], table: string[][], lines: string[]): { criteria: DraftCriterion[]; nameLine: string | undefined } {
  const [lone] = criteria;
  if (criteria.length !== 1 || !lone || !genericHeader.test(lone.name)) return { criteria, nameLine: undefined };
  const { caption } = withoutCaption(table);
  const named = (name: string | undefined) => name !== undefined && isCriterionName(name, 8) && !rubricWords.test(name) && !genericHeader.test(name);
  if (caption && named(cleanName(caption))) return { criteria: [{ ...lone, name: cleanName(caption) }], nameLine: undefined };
  const heading = headingBefore(table, lines);
  if (heading && named(cleanName(heading))) return { criteria: [{ ...lone, name: cleanName(heading) }], nameLine: lineKey(heading) };
  // "Personal Narrative – Holistic Rubric", "Holistic Writing Rubric": what the title names besides the rubric.
  const title = lines.find((line) => line.trim() && !line.includes("\t")) ?? "";
  const subject = title
    .split(/\s+[–—:|-]\s+|:\s+/)
    .map(subjectOf)
    .find((part) => !/\d/.test(part) && !/['’]s$/.test(part) && named(part));
  return { criteria: [{ ...lone, name: subject ?? holisticName }], nameLine: undefined };
}

const everyRubricWord = new RegExp(rubricWords.source, "gi");
/** "Grade 9", "Year 7", "9th Grade": whom the rubric is for, not what it grades. */
const gradeLevel = /\b(grades?|gr\.|years?|yr\.)\s*\d+(\s*[-–]\s*\d+)?\b|\b\d+(st|nd|rd|th)\s+grade\b/gi;
/** Words left at the edge once the rubric's own are gone: "Rubric for the Lab Report" leaves "for the Lab Report". */
const edgeWords = /^((for|of|on|the|an?)\s+)+|(\s+(for|of|on|the|an?))+$/gi;

/**
 * A title part without its words about the document (rubric, holistic, scale…) and the grade it is for: "Holistic
 * Writing Rubric" is "Writing", "Lab Report Holistic Scale" "Lab Report". A number left in it ("English 10") names a
 * course and a possessive at its end ("Ms Park's") a teacher, not what is graded: the caller passes those over.
 */
function subjectOf(part: string): string {
  return cleanName(cleanName(part.replace(everyRubricWord, " ").replace(gradeLevel, " ")).replace(edgeWords, ""));
}

/** The nearest non-empty line above the table's first row in the text, when it is no sentence. */
function headingBefore(table: string[][], lines: string[]): string | undefined {
  const firstRow = table.find((row) => row.some((cell) => cell.trim()));
  if (!firstRow) return undefined;
  const key = lineKey(firstRow.join(" "));
  const at = lines.findIndex((line) => lineKey(line) === key);
  for (let index = at - 1; index >= 0; index--) {
    const line = lines[index]!.trim();
    if (!line) continue;
    return line.includes("\t") || /[.!?]$/.test(line) ? undefined : line;
  }
  return undefined;
}
