/** Reading points the way teachers write them: "(20 points)", "— 20 pts", "18-20", "2.5 marks", "/25", "out of 10". */
import { digitizeNumberWords } from "../assistant/numbers.js";

const number = String.raw`\d{1,4}(?:[.,]\d{1,2})?`;
const dash = String.raw`(?:-|–|—|to)`;
const range = String.raw`${number}(?:\s*${dash}\s*${number})?`;
/** English and French "points", Spanish "puntos": "Contenido (4 puntos)". */
export const unit = String.raw`(?:points?\b|pts?\b\.?|marks?\b|puntos?\b|%)`;

/** A points expression with its unit, in brackets ("(20)", "(total: 5 points)"), or as "/N" / "out of N". */
const pointsExpression = String.raw`(?:\(\s*(?:total\s*:?\s*|out\s+of\s+)?${range}\s*${unit}?\s*\)|\[\s*${range}\s*${unit}?\s*\]|(?:out\s+of\s+)?${range}\s*${unit}|\/\s*${number}\b|out\s+of\s+${number})`;

/** A whole cell or label that is nothing but points: "20", "20 pts", "(4)", "18-20", "/20". */
export const pointsOnlyPattern = new RegExp(String.raw`^\s*(?:${pointsExpression}|${range})\s*$`, "i");
/** Any number or range inside a header such as "Exemplary (4)", "Proficient 3-4", "4 - Mastery", "A (18-20)". */
const anyRange = new RegExp(range, "g");

function toNumber(text: string): number {
  return Number(text.replace(",", "."));
}

/** The highest number of a points text: "18-20" gives 20, "(2.5 pts)" gives 2.5. Undefined without a number. */
export function highestPoints(text: string): number | undefined {
  const values = [...text.matchAll(/\d{1,4}(?:[.,]\d{1,2})?/g)].map((m) => toNumber(m[0]));
  const finite = values.filter((value) => Number.isFinite(value));
  return finite.length ? Math.max(...finite) : undefined;
}

/** "A (90-100%)", "85 %": a grade band or a share of the criterion, which names a level but gives it no points. */
const percentBand = new RegExp(String.raw`${range}\s*%`, "g");

/**
 * The points of a level header (the highest number it shows); undefined when it shows none. Percentages are not
 * points: "A (90-100%) … D (60-69%)" are grade bands, and reading them made every criterion worth 100.
 */
export function headerPoints(header: string): number | undefined {
  const matches = [...header.replace(percentBand, " ").matchAll(anyRange)].map((m) => m[0]);
  if (matches.length === 0) return undefined;
  return Math.max(...matches.map((m) => highestPoints(m) ?? 0));
}

/** Pattern sources for the parser's line rules. */
export const rangeSource = range;
export const pointsSource = pointsExpression;

const numberWord = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)`;
/** "twenty points", "twenty-five pts", "one hundred marks": number words right before a unit of points. */
const wordedPoints = new RegExp(String.raw`\b(${numberWord}(?:[- ](?:and[- ])?${numberWord}){0,3})(\s+)(?=(?:points?|pts?|marks?|puntos?)\b)`, "gi");

/**
 * Points written as words become digits ("Claim (twenty points)" is "Claim (20 points)"), with the number reader
 * the setup chat uses, so every reader of points sees them. Only before a unit: "Three Reasons" stays a name.
 */
export function digitizeWordedPoints(text: string): string {
  // The chat's reader leaves a lone "one" a word ("no one"); before "point" it is a number.
  return text.replace(wordedPoints, (_, words: string, space: string) => `${/^one$/i.test(words) ? "1" : digitizeNumberWords(words)}${space}`);
}
