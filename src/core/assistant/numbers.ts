/**
 * Reading numbers the way teachers type them: "80", "eighty", "75%", "a third", "8 out of 10", "70/30", "70-80",
 * while recognising numbers that are about something else ("30 students", "class starts at 8", "room 204").
 */

const units: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const tens: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** Fractions teachers use for shares: "a third" is 33 (percent). */
const fractions: [RegExp, string][] = [
  [/\bhalf[- ]and[- ]half\b|\bfifty[- ]fifty\b/gi, "50/50"],
  [/\btwo[- ]thirds\b/gi, "67%"],
  [/\bthree[- ]quarters\b|\bthree[- ]fourths\b/gi, "75%"],
  [/\b(?:a|one)[- ](?:third)\b/gi, "33%"],
  [/\b(?:a|one)[- ](?:quarter|fourth)\b/gi, "25%"],
  [/\b(?:a|one)[- ]fifth\b/gi, "20%"],
  [/\b(?:a|one)[- ]tenth\b/gi, "10%"],
  [/\b(?:a|one)[- ]half\b|\bhalf\b/gi, "50%"],
];

/** Number words become digits and fractions become percentages, so one set of patterns reads both. */
export function digitizeNumberWords(text: string): string {
  let result = text;
  for (const [pattern, replacement] of fractions) result = result.replace(pattern, replacement);
  const tensWord = Object.keys(tens).join("|");
  const unitWord = Object.keys(units).join("|");
  result = result.replace(new RegExp(`\\b(${tensWord})(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\\b`, "gi"), (_, ten: string, unit?: string) =>
    String(tens[ten.toLowerCase()]! + (unit ? units[unit.toLowerCase()]! : 0)),
  );
  // "one" is left alone: "no one", "one of my classes" are not amounts.
  result = result.replace(new RegExp(`\\b(${unitWord.replace("one|", "")})\\b`, "gi"), (word: string) => String(units[word.toLowerCase()]));
  // "one hundred and fifty" is one number: read as "100 and 50", an out-of-range 150 was taken for 100.
  return result.replace(/\b(a|one|[1-9])[- ]hundred(?:(?:[- ]and)?[- ](\d{1,2})(?![\d.]))?\b/gi, (_, multiplier: string, rest?: string) =>
    String((/^\d$/.test(multiplier) ? Number(multiplier) : 1) * 100 + (rest ? Number(rest) : 0)),
  );
}

export type NumberUnit = "percent" | "points" | "days";

export interface NumberMention {
  /** The value as written; for "8 out of 10" the value is 8 with outOf 10. */
  value: number;
  unit?: NumberUnit;
  outOf?: number;
  /** "70/30": two shares that make 100. */
  ratio?: [number, number];
  start: number;
  end: number;
  /** The number is about something else: a head count, a time, a room, a grade level, a year. */
  isUnrelated: boolean;
}

const numberPattern = /(?<![\w.])(-(?=\d))?(\d{1,4}(?:\.\d+)?)(?:\s*(?:-|\u2013|to)\s*(\d{1,4}(?:\.\d+)?)(?!\s*\/))?(?:\s*(?:\/|out of)\s*(\d{1,4}))?(\s*(?:%|percent\b|per cent\b|pct\b|percentage points?\b|points?\b|pts?\b|marks?\b|days?\b))?/gi;

const unrelatedAfter = /^(?:st|nd|rd|th)\b|^\s*(?:students?|kids|children|people|pupils|classes|sections|periods|minutes?|mins?|hours?|hrs?|years?|yrs?|am|a\.m|pm|p\.m|o'clock|grade(?:rs)?|graders|pages?|words?|sentences?|paragraphs?|essays?|assignments?|weeks?|months?|juniors|seniors|sophomores|freshmen|questions?|slides?|of (?:them|my|our|the|those|these|us)\b|:\d)/i;
const unrelatedBefore = /(?:\b(?:room|rm|period|grade|page|pages|chapter|unit|since|in|year|section|number|no\.|bus|class of|starts? at|begins? at|ends? at|meets? at|start at|lunch at|from|until|till)\s*|#\s*)$/i;

function readUnit(text: string | undefined): NumberUnit | undefined {
  if (!text) return undefined;
  const unit = text.trim().toLowerCase();
  if (unit.startsWith("day")) return "days";
  if (/^(?:%|percent|per cent|pct|percentage)/.test(unit)) return "percent";
  return "points";
}

/** Every number in a text with what surrounds it. */
export function findNumbers(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  for (const match of text.matchAll(numberPattern)) {
    const [whole, minus, first, second, outOf, unitText] = match;
    const start = match.index;
    const low = Number(first);
    const high = second === undefined ? undefined : Number(second);
    const isRange = high !== undefined && high > low;
    let value = isRange ? Math.round((low + high) / 2) : low;
    if (minus) value = -value;
    // Only the nearby words matter, and bounding them keeps long pastes fast.
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(start + whole.length, start + whole.length + 40);
    const yearLike = /^\d{4}$/.test(first!) && low >= 1900 && low <= 2100;
    const clockLike = /^\s*:\d/.test(after) || /^\s*(?:am|pm|a\.m|p\.m)\b/i.test(after);
    const mention: NumberMention = {
      value,
      start,
      end: start + whole.length,
      isUnrelated: yearLike || clockLike || (!unitText && unrelatedAfter.test(after)) || unrelatedBefore.test(before),
    };
    const unit = readUnit(unitText);
    if (unit) mention.unit = unit;
    if (outOf !== undefined) {
      const denominator = Number(outOf);
      if (low + denominator === 100 && !unitText) mention.ratio = [low, denominator];
      else mention.outOf = denominator;
    }
    mentions.push(mention);
  }
  return mentions;
}

/** A 0-100 reading of a mention: "8 out of 10" is 80, "75%" is 75. Undefined when it cannot be a percentage. */
export function asPercent(mention: NumberMention): number | undefined {
  if (mention.ratio) return undefined;
  if (mention.outOf !== undefined) {
    if (mention.outOf <= 0 || mention.value > mention.outOf) return undefined;
    return Math.round((mention.value / mention.outOf) * 100);
  }
  return mention.value;
}

/** Replaces a span with spaces so later readers skip numbers that were already understood, keeping positions. */
export function blankOut(text: string, start: number, end: number): string {
  return text.slice(0, start) + " ".repeat(end - start) + text.slice(end);
}
