import type { CriterionKind } from "./criterion-kind.js";
import type { TextAnalysis } from "./features.js";
import { quoteSentence } from "./quotes.js";
import type { Span } from "./text.js";

/** One thing a teacher would say about one aspect of this text: what it shows, and what to do next. */
export interface Observation {
  /** What the text does, in the student's own words where possible. */
  strength: string;
  /** What holds it back, with the evidence. */
  concern: string;
  /** One concrete next step, imperative. */
  action: string;
  /** A passage of the text showing the strength, and one showing the concern (verbatim). */
  strengthQuote?: string;
  concernQuote?: string;
}

const vagueWords = ["good", "bad", "nice", "things", "stuff", "a lot", "very", "really", "great"];

function q(s: string): string {
  return `"${s}"`;
}

function longest(a: TextAnalysis): Span | undefined {
  return [...a.sentences].sort((x, y) => y.text.length - x.text.length)[0];
}

function shortest(a: TextAnalysis): Span | undefined {
  return [...a.sentences].sort((x, y) => x.text.length - y.text.length)[0];
}

export function observe(kind: CriterionKind, text: string, a: TextAnalysis): Observation {
  const first = a.sentences[0];
  switch (kind) {
    case "conventions": {
      const errors = [...new Set(a.misspelled.map((m) => m.text))];
      const lowercaseI = /(^|\s)i(\s|['’])/.test(text);
      const concern =
        errors.length > 0
          ? `A few spellings slip: ${errors.slice(0, 3).map(q).join(", ")}${errors.length > 3 ? ` and ${errors.length - 3} more` : ""}.`
          : lowercaseI
            ? `The word "i" is written in lower case where it means yourself.`
            : `Punctuation sometimes lets sentences run together.`;
      return {
        strength:
          errors.length === 0
            ? `Your spelling is careful across all ${a.wordCount} words.`
            : `Most of your ${a.wordCount} words are spelled correctly.`,
        concern,
        action: errors.length > 0 ? `Read the essay aloud slowly and check each word you are unsure of, starting with ${q(errors[0]!)}.` : `Proofread once for capital letters and end punctuation before you hand it in.`,
        ...(errors[0] ? { concernQuote: errors[0] } : {}),
      };
    }
    case "fluency": {
      const long = longest(a);
      const short = shortest(a);
      const longWords = long ? long.text.split(/\s+/).length : 0;
      return {
        strength:
          a.sentenceLengthSd >= 5 && short && long
            ? `Your sentences vary, from ${q(quoteSentence(text, short, 8))} to longer ones of ${longWords} words.`
            : `Your sentences are easy to follow, about ${Math.round(a.meanSentenceLength)} words each.`,
        concern:
          a.meanSentenceLength > 28
            ? `Some sentences run long; one has ${longWords} words.`
            : a.meanSentenceLength < 9
              ? `Many sentences are short (about ${Math.round(a.meanSentenceLength)} words), which makes the writing feel choppy.`
              : `Most sentences follow the same pattern and length.`,
        action:
          a.meanSentenceLength > 28
            ? `Split your longest sentence where the idea changes.`
            : `Join two short sentences with "because", "although" or "which" and start another with a different word.`,
        ...(long ? { strengthQuote: quoteSentence(text, long, 14), concernQuote: quoteSentence(text, long, 14) } : {}),
      };
    }
    case "language": {
      const rich = [...new Set(a.longWords.map((w) => w.text))].slice(0, 2);
      const vague = vagueWords.find((v) => new RegExp(`\\b${v}\\b`, "i").test(text));
      const vagueQuote = vague ? text.match(new RegExp(`\\b${vague}\\b`, "i"))?.[0] : undefined;
      return {
        strength: rich.length
          ? `Words such as ${rich.map(q).join(" and ")} show a good range of vocabulary.`
          : `Your word choice is plain and clear.`,
        concern: vagueQuote
          ? `Some words, like ${q(vagueQuote)}, are too general to show exactly what you mean.`
          : `The vocabulary stays close to everyday words (${a.distinctWords} different words in all).`,
        action: vagueQuote
          ? `Replace ${q(vagueQuote)} with a word that names exactly what you mean.`
          : `Choose two ideas and find a more precise word for each.`,
        ...(rich[0] ? { strengthQuote: rich[0] } : {}),
        ...(vagueQuote ? { concernQuote: vagueQuote } : {}),
      };
    }
    case "organization": {
      const linked = a.transitionsUsed.slice(0, 2);
      return {
        strength: linked.length
          ? `You guide the reader with linking words like ${linked.map(q).join(" and ")}.`
          : first
            ? `You open with a clear start: ${q(quoteSentence(text, first, 12))}.`
            : `The essay has a beginning to build on.`,
        concern:
          a.paragraphCount <= 1 && a.wordCount > 120
            ? `All ${a.wordCount} words sit in one block, so the reader cannot see where one idea ends and the next begins.`
            : linked.length < 2
              ? `The ideas sit side by side without words that show how they connect.`
              : `The ending does not yet pull the ideas together.`,
        action:
          a.paragraphCount <= 1 && a.wordCount > 120
            ? `Start a new paragraph for each main idea, and finish with a short conclusion.`
            : `Add linking words such as "for example", "as a result" or "in conclusion" between ideas.`,
        ...(first ? { strengthQuote: quoteSentence(text, first, 12) } : {}),
      };
    }
    case "content":
    case "overall": {
      const topical = a.topicalSentenceOrder[0] !== undefined ? a.sentences[a.topicalSentenceOrder[0]] : first;
      const quote = topical ? quoteSentence(text, topical, 16) : undefined;
      return {
        strength: quote ? `Your point ${q(quote)} answers the task directly.` : `You respond to the task.`,
        concern:
          a.wordCount < 80
            ? `At ${a.wordCount} words, the answer is too short to develop its ideas.`
            : `The main points need more specific support to be convincing.`,
        action:
          a.wordCount < 80
            ? `Add two more details or examples that explain your answer.`
            : `Back each main point with a specific example or detail from the text or your experience.`,
        ...(quote ? { strengthQuote: quote } : {}),
      };
    }
  }
}
