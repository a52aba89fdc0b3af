import type { CriterionKind } from "./criterion-kind.js";
import type { TextAnalysis } from "./features.js";
import { quoteSentence, verifyQuotes } from "./quotes.js";
import type { Span } from "./text.js";
import type { GradingRubricCriterion } from "./types.js";

export interface CriterionEvidence {
  rationale: string;
  quotes: string[];
}

export function levelWord(fraction: number): "strong" | "developing" | "limited" {
  return fraction >= 0.67 ? "strong" : fraction >= 0.4 ? "developing" : "limited";
}

function longestSentence(a: TextAnalysis): Span | undefined {
  return [...a.sentences].sort((x, y) => y.text.length - x.text.length)[0];
}

function sentenceWith(a: TextAnalysis, pattern: RegExp): Span | undefined {
  return a.sentences.find((s) => pattern.test(s.text));
}

/** Picks passages of the student's own text that show the criterion at work, and says what they show. */
export function buildCriterionEvidence(
  text: string,
  a: TextAnalysis,
  kind: CriterionKind,
  fraction: number,
  criterion: GradingRubricCriterion,
): CriterionEvidence {
  const level = levelWord(fraction);
  const name = criterion.name;
  const first = a.sentences[0];
  if (a.wordCount === 0 || !first) return { rationale: `${name}: there is no text to assess yet.`, quotes: [] };
  let rationale: string;
  let picked: string[] = [];
  switch (kind) {
    case "conventions": {
      const errors = [...new Set(a.misspelled.map((m) => m.text))];
      picked = errors.slice(0, 3);
      rationale =
        errors.length === 0
          ? `${name} (${level}): no spelling slips found in ${a.wordCount} words; sentences ${a.sentences.length > 1 ? "are" : "is"} punctuated to be read easily.`
          : `${name} (${level}): ${errors.length} word${errors.length === 1 ? "" : "s"} look misspelled, such as ${picked.map((e) => `"${e}"`).join(", ")}.`;
      break;
    }
    case "fluency": {
      const longest = longestSentence(a);
      if (longest) picked = [quoteSentence(text, longest)];
      rationale = `${name} (${level}): ${a.sentenceCount} sentence${a.sentenceCount === 1 ? "" : "s"} averaging ${Math.round(a.meanSentenceLength)} words, ${
        a.sentenceLengthSd >= 5 ? "with a good mix of short and long ones" : "mostly of similar length"
      }.`;
      break;
    }
    case "language": {
      const rich = [...new Set(a.longWords.map((w) => w.text))].slice(0, 3);
      picked = rich;
      rationale =
        rich.length > 0
          ? `${name} (${level}): ${a.distinctWords} different words, including ${rich.map((w) => `"${w}"`).join(", ")}.`
          : `${name} (${level}): mostly short, everyday words (${a.distinctWords} different words).`;
      break;
    }
    case "organization": {
      const linked = a.transitionsUsed.length
        ? sentenceWith(a, new RegExp(`\\b${a.transitionsUsed[0]}\\b`, "i"))
        : undefined;
      picked = [quoteSentence(text, linked ?? first)];
      rationale = `${name} (${level}): ${a.paragraphCount} paragraph${a.paragraphCount === 1 ? "" : "s"}; ${
        a.transitionsUsed.length
          ? `links ideas with ${a.transitionsUsed.slice(0, 3).map((t) => `"${t}"`).join(", ")}`
          : "few words that link one idea to the next"
      }.`;
      break;
    }
    case "content":
    case "overall": {
      const topical = a.topicalSentenceOrder[0] !== undefined ? a.sentences[a.topicalSentenceOrder[0]] : undefined;
      picked = [quoteSentence(text, topical ?? first)];
      rationale = `${name} (${level}): ${a.wordCount} words on the task; the clearest point on topic is quoted.`;
      break;
    }
  }
  return { rationale, quotes: verifyQuotes(text, picked) };
}
