import { isCriterionName } from "./names.js";
import { pointsSource } from "./points.js";

/**
 * "Thesis: 0-10" or "Thesis: 10", a line per criterion with nothing after the colon but the points, was read without
 * points (a rubric with no points, each criterion given one per level). A bare number after a colon is points when
 * two lines or more of the text read that way, each naming a criterion, none of them a detail a heading also writes
 * so ("Grade: 10", "Period: 3", "Word Count: 500"), and no line states points with their unit. Those lines are given their unit ("Thesis: 0-10
 * points") before the readers see them, as points written as words are given digits.
 */
const bareLine = /^(?<name>[\p{L}][^:\t]{0,60}?)\s*:\s*(?<points>\d{1,3}(?:[.,]\d{1,2})?(?:\s*(?:-|–|—|to)\s*\d{1,3}(?:[.,]\d{1,2})?)?)\s*$/u;
const documentDetails =
  /^(grade|grade level|period|class|block|date|due( date)?|year|name|student|teacher|instructor|course|subject|section|unit|week|room|pages?|page count|version|chapter|lesson|level|age|group|term|semester|quarter|total|word count|words?|length|minimum|maximum|sources?|citations?|references?|quotes?|quotations?|duration|minutes|time|paragraphs?|slides?|sentences?|attempts?|points possible)$/i;
/** Points said with their unit or in brackets anywhere: then the document says its points, and bare numbers are not. */
const statedPoints = new RegExp(pointsSource, "i");

export function withBarePointsUnits(text: string): string {
  const lines = text.split("\n");
  if (lines.some((line) => statedPoints.test(line))) return text;
  const bare = lines.map((line) => {
    const found = line.trim().match(bareLine);
    const name = found?.groups?.name?.trim() ?? "";
    return found && !documentDetails.test(name) && isCriterionName(name) ? found : undefined;
  });
  if (bare.filter(Boolean).length < 2) return text;
  return lines.map((line, i) => (bare[i] ? `${line.trimEnd()} points` : line)).join("\n");
}
