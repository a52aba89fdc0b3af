/**
 * Which figures in a model's answer come from nowhere. A model asked about a class can write "the class averaged
 * 97%" without having looked: the answer is checked against what it was given (the teacher's words, the assignment
 * list, every tool's result), and the teacher is told which figures were not found there.
 */
import { listInProse, splitSentences } from "./text";

// The figures a teacher would act on: shares, scores "N of M", decimals, and counts of students or work. A bare
// integer ("3 tips") is left alone: too many of those are the model's own wording.
const claimedFigure =
  /(\d+(?:\.\d+)?)\s?(?:%|percent\b)|(\d+(?:\.\d+)?)\s*(?:\/|out of|of)\s*(\d+(?:\.\d+)?)\b|\b(\d+\.\d+)\b|\b(\d+)\s+(?:students?|essays?|submissions?|pupils?|kids|learners|papers)\b/gi;
// A number standing on its own: not the digits of an id ("4f0c-91d2") or a word ("Grade7").
const anyNumber = /(?<![\w-])\d+(?:\.\d+)?(?![\w-])/g;
const scoreOf = /(\d+(?:\.\d+)?)\s*(?:\/|out of|of)\s*(\d+(?:\.\d+)?)/gi;
// Dates and times carry numbers that are not figures: 2026-11-20, 20/11/2026, 9:30.
const datesAndTimes = /\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}:\d{2}\b/g;

// Only sentences about the class's results are checked: a rubric the model drafts ("Evidence 30%") has figures of
// its own making, and that is its job.
const aboutResults = /\b(?:class(?:es)?|averaged?|mean|median|scored|got|submitted|handed in|late|graded|struggl\w*|passed|failed|highest|lowest|results?)\b/i;

/** A figure is found when a number of the sources is within rounding of it (69.6 written as 70). */
const tolerance = 0.5;

/** The figures of `answer`'s sentences about results, as written, that match no number of `sources` (nor a share worked out from "N of M"). */
export function figuresNotIn(answer: string, sources: string[]): string[] {
  const known = knownNumbers(sources);
  const found = (value: string) => known.some((number) => Math.abs(number - Number(value)) <= tolerance);
  const unfound = new Set<string>();
  for (const sentence of splitSentences(answer.replace(datesAndTimes, " ")).filter((line) => aboutResults.test(line))) {
    for (const match of sentence.matchAll(claimedFigure)) {
      const values = match.slice(1).filter((value): value is string => value !== undefined);
      if (!values.every(found)) unfound.add(match[0].trim());
    }
  }
  return [...unfound];
}

function knownNumbers(sources: string[]): number[] {
  const numbers: number[] = [];
  for (const text of sources) {
    const source = text.replace(datesAndTimes, " ");
    for (const match of source.matchAll(anyNumber)) numbers.push(Number(match[0]));
    for (const match of source.matchAll(scoreOf)) {
      const whole = Number(match[2]);
      if (whole > 0) numbers.push((Number(match[1]) / whole) * 100);
    }
  }
  return numbers;
}

/** The line added under an answer with figures not found, so the teacher checks them before acting on them. */
export function uncheckedFiguresNote(figures: string[]): string {
  const them = figures.length === 1 ? "it" : "them";
  return `I could not find ${listInProse(figures.map((figure) => `\u201c${figure}\u201d`))} in your classes' data: check ${them} in the gradebook before relying on ${them}.`;
}
