/**
 * Rubric criteria typed into the chat: "Thesis 20, Evidence 40, Analysis 25, Mechanics 15", "evidence 40%",
 * "- Organization: 20 points", "40% analysis". Each piece must be nothing but a name and a number, so sentences
 * such as "I have 30 students" never become criteria.
 */
import { capitalize, isQuestion } from "./text";
import type { CriterionFact } from "./types";

export interface RubricReading {
  criteria: CriterionFact[];
  problems: string[];
  /** Character spans of the pieces read as criteria, so other readers ignore their numbers. */
  used: [number, number][];
}

type Unit = "percent" | "points" | undefined;
type Piece = { name: string; value: number; unit: Unit; start: number; end: number };

const unitPattern = String.raw`(%|percent|pts?\.?|points?|marks?)`;
const nameFirst = new RegExp(String.raw`^([A-Za-z][A-Za-z'&/() -]{0,48}?)\s*(?:[:=\u2013\u2014-]+|\s(?:is|at|to|worth|gets)\s)?\s*\(?(\d{1,4}(?:\.\d+)?)\s*${unitPattern}?\)?\.?$`, "i");
const valueFirst = new RegExp(String.raw`^\(?(\d{1,4}(?:\.\d+)?)\s*${unitPattern}?\)?\s*(for|on|to|-|:)?\s*([A-Za-z][A-Za-z'&/ -]{1,48})\.?$`, "i");
/** "Rubric: claim 15%": a label before a colon, when what follows is itself a name and a number. */
const label = /^[A-Za-z][A-Za-z ]{0,30}:\s+(?=[A-Za-z][A-Za-z'&/ -]*\s*\(?\d)/;
// Verbs of a change ("make evidence 35", "change style to 15") and suggestions ("what about ...") lead into a name.
const leadIn = /^(?:and|or|then|plus|also|my|our|the|make|change|set|put|bump|raise|lower|how about|what about|rubric|criteria|categories|weights?|weighting|is|are|would be|will be|i use|we use|i'd say|i grade on|grade on|it's|its|something like|like|so|ok|okay|well|um|with|breakdown|split|i have|we have|here's|here is|mine is|:)\b[\s:]*/i;
/** Words that start a sentence or name a preference, never a criterion. */
const notCriterion = /^(?:i|we|you|he|she|they|it|my|our|not|no|lol|ok|okay|yes|have|has|had|room|class|classes|period|grade|students?|kids|strict|strictness|auto|auto-accept|accept|confidence|threshold|late|penalty|days?|tone|feedback|length|maybe|about|around|score|scored|total|out|up|after|before|starts?|at|in|on|for|from|page|chapter|unit|year|years|minutes?|hours?|points?|percent|take|lose|loses|minus|give|gave)\b/i;

function segments(text: string): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  // "and" separates only next to a number ("Thesis 20 and Evidence 40", "40 for ideas and 30 for mechanics"), so
  // "Grammar and Mechanics 15" stays whole; "2)" starts an item of a numbered list written on one line.
  const separator = /\s*(?:[\n,;•|·]|\s+plus\s+|(?<=\d\s*(?:%|percent|pts?\.?|points?|marks?)?\)?)\s+and\s+|\s+and\s+(?=\(?\d)|\s+(?=\d{1,2}[.)]\s+[A-Za-z]))\s*/gi;
  let last = 0;
  for (const match of text.matchAll(separator)) {
    pieces.push({ text: text.slice(last, match.index), start: last });
    last = match.index + match[0].length;
  }
  pieces.push({ text: text.slice(last), start: last });
  return pieces;
}

function cleanName(raw: string): string | undefined {
  let name = raw.trim().replace(/^(?:[-*•]\s*|\d+[.)]\s+)/, "");
  for (let previous = ""; previous !== name; ) {
    previous = name;
    name = name.replace(leadIn, "").trim();
  }
  name = name.replace(/\s*[(:?-]+$/, "").replace(/\s+(?:is|at|to|worth|gets|for)$/i, "").trim();
  const wordCount = name.split(/\s+/).length;
  if (!name || wordCount > 5 || notCriterion.test(name) || !/[a-z]{2}/i.test(name)) return undefined;
  return capitalize(name);
}

function readPiece(piece: { text: string; start: number }): Piece | undefined {
  const text = piece.text.trim().replace(/^(?:[-*•]\s*|\d+[.)]\s+)/, "").replace(label, "");
  if (!text) return undefined;
  const unitOf = (raw: string | undefined): Unit => (raw ? (/^(?:%|percent)/i.test(raw) ? "percent" : "points") : undefined);
  const first = nameFirst.exec(text);
  if (first) {
    const name = cleanName(first[1]!);
    if (name) return { name, value: Number(first[2]), unit: unitOf(first[3]), start: piece.start, end: piece.start + piece.text.length };
  }
  // A number first needs a unit or "for" ("40% thesis", "40 for ideas"): "3 sections" and "30 students" are not criteria.
  const second = valueFirst.exec(text);
  if (second && (second[2] || second[3]?.toLowerCase() === "for")) {
    const name = cleanName(second[4]!);
    if (name) return { name, value: Number(second[1]), unit: unitOf(second[2]), start: piece.start, end: piece.start + piece.text.length };
  }
  return undefined;
}

/** Unitless numbers follow the message's stated unit, then the rubric so far, then whether they make 100. */
function resolveKind(pieces: Piece[], rubricKind?: "weights" | "points"): "percent" | "points" {
  const stated = pieces.map((piece) => piece.unit).filter(Boolean) as ("percent" | "points")[];
  if (stated.length) return stated.filter((unit) => unit === "percent").length >= stated.length / 2 ? "percent" : "points";
  if (rubricKind) return rubricKind === "weights" ? "percent" : "points";
  const total = pieces.reduce((sum, piece) => sum + piece.value, 0);
  return total === 100 || pieces.length < 3 ? "percent" : "points";
}

/**
 * "Thesis, evidence, organisation and conventions": a list of names with no numbers, read as equal weights. Every
 * item must be a criterion name, so a sentence with a comma ("ok, one sec") is never a list.
 */
function readNameList(text: string): CriterionFact[] | undefined {
  // "3 criteria: voice, ideas, conventions": what comes before the colon introduces the list.
  const items = text
    .replace(/^[^,:\n]{0,40}:\s*/, "")
    .split(/\s*(?:[\n,;•|·]|\s+(?:and|&|plus)\s+)\s*/i)
    .map((item) => item.trim().replace(/^(?:[-*•]\s*|\d+[.)]\s+)/, "").replace(/^(?:and|&)\s+/i, "").replace(/[.!?]+$/, ""))
    .filter(Boolean);
  if (items.length < 3 || items.length > 10 || items.some((item) => /\d/.test(item))) return undefined;
  const names = items.map(cleanName);
  if (names.some((name) => name === undefined || name.split(/\s+/).length > 4)) return undefined;
  if (new Set(names.map((name) => name!.toLowerCase())).size !== names.length) return undefined;
  return equalShares(names.length).map((weight, index) => ({ name: names[index]!, weight }));
}

/** Whole percentages as equal as they can be, adding up to 100; the earlier criteria take the odd points. */
function equalShares(count: number): number[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, index) => base + (index < 100 - base * count ? 1 : 0));
}

export function readRubricLines(text: string, isRubricContext: boolean, rubricKind?: "weights" | "points"): RubricReading {
  const reading: RubricReading = { criteria: [], problems: [], used: [] };
  if (!text.trim() || (isQuestion(text) && !text.includes("\n"))) return reading;
  const pieces = segments(text).map(readPiece).filter((piece): piece is Piece => piece !== undefined);
  const mentionsRubric = /\brubric|\bcriteri(?:a|on)|\bcategor(?:y|ies)|\bweights?\b|\bweighting\b/i.test(text);
  if (pieces.length === 0 && (isRubricContext || mentionsRubric)) {
    const listed = readNameList(text);
    if (listed) {
      reading.criteria = listed;
      reading.used.push([0, text.length]);
    }
    return reading;
  }
  const isEnough = isRubricContext ? pieces.length >= 1 : pieces.length >= 3 || (mentionsRubric && pieces.length >= 2);
  if (!isEnough) return reading;

  const kind = resolveKind(pieces, rubricKind);
  const byName = new Map<string, CriterionFact>();
  for (const piece of pieces) {
    const unit = piece.unit ?? kind;
    reading.used.push([piece.start, piece.end]);
    if (unit === "percent") {
      if (!Number.isInteger(piece.value) || piece.value < 0 || piece.value > 100) {
        reading.problems.push(`The weight for ${piece.name} must be a whole number from 0 to 100.`);
        continue;
      }
      byName.set(piece.name.toLowerCase(), { name: piece.name, weight: piece.value });
    } else {
      if (piece.value <= 0 || piece.value > 1000) {
        reading.problems.push(`Maximum points for ${piece.name} must be more than 0 and at most 1000.`);
        continue;
      }
      byName.set(piece.name.toLowerCase(), { name: piece.name, points: piece.value });
    }
  }
  reading.criteria = [...byName.values()];
  return reading;
}
