import type { FeedbackSentence } from "./phrasing.js";
import { countQuoteWords, minQuoteWords } from "./passages.js";

/** What a model wrote about one criterion: each part a sentence or two that should quote the student's text. */
export interface ModelComment {
  criterionId: string;
  strength: string;
  problem: string;
  nextStep: string;
}

export interface CheckedComment {
  strength?: FeedbackSentence;
  problem?: FeedbackSentence;
  step?: FeedbackSentence;
  /** At least one part quotes six words or more of the essay, verbatim. */
  hasQuotation: boolean;
  /** Parts left out because they quoted words the essay does not contain. */
  dropped: number;
}

const quoted = /"([^"]+)"|“([^”]+)”/g;

/** The passages a sentence shows in double quotation marks. */
export function quotationsOf(sentence: string): string[] {
  return [...sentence.matchAll(quoted)].map((m) => (m[1] ?? m[2] ?? "").trim());
}

/**
 * A part that quotes something the essay does not say is dropped whole: a model's invented quotation is never shown
 * to a student, and cutting it out of the sentence would leave words that no longer mean anything.
 */
function checkPart(essay: string, role: FeedbackSentence["role"], text: string): { sentence?: FeedbackSentence; dropped: boolean; hasQuotation: boolean } {
  const trimmed = text.trim();
  if (!trimmed) return { dropped: false, hasQuotation: false };
  const quotations = quotationsOf(trimmed);
  if (quotations.some((q) => !essay.includes(q))) return { dropped: true, hasQuotation: false };
  const real = quotations.filter((q) => countQuoteWords(q) >= minQuoteWords);
  const ended = /[.!?]["”]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
  return { sentence: { role, text: ended, quotes: real }, dropped: false, hasQuotation: real.length > 0 };
}

export function checkModelComment(essay: string, comment: ModelComment): CheckedComment {
  const parts = [checkPart(essay, "strength", comment.strength), checkPart(essay, "problem", comment.problem), checkPart(essay, "step", comment.nextStep)] as const;
  const [strength, problem, step] = parts;
  return {
    ...(strength.sentence ? { strength: strength.sentence } : {}),
    ...(problem.sentence ? { problem: problem.sentence } : {}),
    ...(step.sentence ? { step: step.sentence } : {}),
    hasQuotation: parts.some((p) => p.hasQuotation),
    dropped: parts.filter((p) => p.dropped).length,
  };
}
