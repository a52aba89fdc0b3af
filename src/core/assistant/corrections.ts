/**
 * Corrections: "no, I meant 30%", "actually make that 60/40", "not organisation, I said evidence". A correction
 * replaces the answer it corrects, so its lead-in is taken off and what is left is read as an answer to the field
 * last set; a renamed criterion keeps its weight. Nothing in a correction is ever read as a new criterion.
 */

// A bare "no" opens plain answers too ("No late penalty"), so it is a lead-in only before punctuation or a marker.
const leadWord = /^\s*(?:(?:no+|nope|nah)(?=\s*[,.!;:-]|\s+(?:i\s+mean|wait|sorry|actually|make))|sorry|oops|actually|wait|hold on|hang on|correction|my bad|scratch that|i mean|i meant|i said|make (?:that|it)|change (?:that|it) to|let's make (?:that|it))\b[\s,.!:;-]*/i;
/** A "no" alone may answer a yes-or-no question; one of these makes the opening a correction. */
const correctionMarker = /\b(?:meant|mean|said|make|change|actually|sorry|oops|wait|hold on|hang on|scratch|correction|my bad)\b/i;

/** Whether the message opens like a correction of the previous answer. */
export function isCorrection(message: string): boolean {
  const text = message.trimEnd();
  return correctionMarker.test(text.slice(0, text.length - stripCorrection(text).length));
}

/** The message without its correction lead-ins: "no wait, 65" is "65", "sorry, I meant 80" is "80". */
export function stripCorrection(message: string): string {
  let text = message;
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(leadWord, "");
  }
  return text.trim();
}

export interface CriterionRename {
  from: string;
  to: string;
}

const name = String.raw`(?:the\s+)?([a-z][a-z'&/ -]{1,40}?)`;
const renamePatterns: { pattern: RegExp; fromGroup: 1 | 2 }[] = [
  // "not organisation, I said evidence", "not organisation but evidence", "not X - it's Y"
  { pattern: new RegExp(String.raw`^not\s+${name}\s*(?:[,;:-]+\s*|\s+)(?:but\s+)?(?:i\s+(?:said|meant)|it'?s|it\s+(?:is|should be)|make\s+it|use)?\s*${name}[.!]*$`, "i"), fromGroup: 1 },
  // "I said evidence, not organisation", "evidence, not organisation"
  { pattern: new RegExp(String.raw`^(?:i\s+(?:said|meant)\s+)?${name}\s*,?\s+not\s+${name}[.!]*$`, "i"), fromGroup: 2 },
  // "replace organisation with evidence", "change organisation to evidence", "rename organisation to evidence"
  { pattern: new RegExp(String.raw`^(?:replace|change|rename|swap)\s+${name}\s+(?:with|to|for)\s+${name}[.!]*$`, "i"), fromGroup: 1 },
];

/** A criterion swapped for another by name; undefined unless `from` is one of the rubric's criteria. */
export function readCriterionRename(message: string, criteria: string[]): CriterionRename | undefined {
  const text = stripCorrection(message);
  const known = new Map(criteria.map((criterion) => [comparable(criterion), criterion]));
  for (const { pattern, fromGroup } of renamePatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const from = known.get(comparable(match[fromGroup]!));
    const to = match[fromGroup === 1 ? 2 : 1]!.trim();
    if (from && !known.has(comparable(to)) && !/\d/.test(to)) return { from, to };
  }
  return undefined;
}

/** British and American spellings of one criterion are the same criterion ("organisation", "organization"). */
export function comparable(name: string): string {
  return name.trim().toLowerCase().replace(/is(e|ation|ing)/g, "iz$1").replace(/\s+/g, " ");
}
