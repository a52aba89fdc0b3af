import { normaliseAnswer, normaliseText } from "./normalise.js";
import { splitsCompound } from "./compounds.js";
import { clozeBlank, type Flashcard, type QuizItem, type SourcePassage } from "./types.js";

/**
 * The rules every item keeps, whoever made it (the offline generator, a model, the teacher): an item that breaks one
 * is dropped, never shown. The limits sit at or under the API's (src/contracts/practice.ts), so a valid item always
 * stores.
 */
export const practiceLimits = {
  prompt: 500,
  option: 500,
  sentence: 500,
  clozeAnswer: 200,
  explanation: 1000,
  cardFront: 1000,
  cardBack: 2000,
  passage: 2000,
  minOptions: 2,
  maxOptions: 6,
} as const;

/** The first rule a text breaks: empty, or longer than its limit. */
function checkText(label: string, text: string | undefined, max: number): string | null {
  if (typeof text !== "string" || text.trim() === "") return `${label} is empty.`;
  if (text.length > max) return `${label} is longer than ${max} characters.`;
  return null;
}

function checkSource(source: SourcePassage | undefined): string | null {
  if (!source) return null;
  return checkText("The source passage", source.text, practiceLimits.passage);
}

function checkExplanation(explanation: string | undefined): string | null {
  if (explanation === undefined) return null;
  return checkText("The explanation", explanation, practiceLimits.explanation);
}

function countOccurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

function validateMultipleChoice(item: Extract<QuizItem, { kind: "multiple-choice" }>): string | null {
  const problem = checkText("The question", item.prompt, practiceLimits.prompt);
  if (problem) return problem;
  if (!Array.isArray(item.options) || item.options.length < practiceLimits.minOptions || item.options.length > practiceLimits.maxOptions) {
    return `A multiple-choice question needs ${practiceLimits.minOptions} to ${practiceLimits.maxOptions} options.`;
  }
  for (const [i, option] of item.options.entries()) {
    const optionProblem = checkText(`Option ${i + 1}`, option, practiceLimits.option);
    if (optionProblem) return optionProblem;
  }
  if (new Set(item.options.map(normaliseText)).size !== item.options.length) return "Two options say the same thing.";
  if (!Number.isInteger(item.answerIndex) || item.answerIndex < 0 || item.answerIndex >= item.options.length) return "The correct option is not one of the options.";
  return null;
}

function validateCloze(item: Extract<QuizItem, { kind: "cloze" }>): string | null {
  const problem = checkText("The sentence", item.sentence, practiceLimits.sentence) ?? checkText("The answer", item.answer, practiceLimits.clozeAnswer);
  if (problem) return problem;
  if (countOccurrences(item.sentence, clozeBlank) !== 1) return `The sentence must have the blank ${clozeBlank} exactly once.`;
  if (item.answer.includes(clozeBlank)) return "The answer contains the blank.";
  const at = item.sentence.indexOf(clozeBlank);
  if (splitsCompound(item.sentence, at, at + clozeBlank.length)) return "The blank cuts a hyphenated word in two: blank the whole word (such as thousand-foot) or none of it.";
  for (const other of item.alsoAccepted ?? []) {
    const otherProblem = checkText("An accepted answer", other, practiceLimits.clozeAnswer);
    if (otherProblem) return otherProblem;
  }
  // The blank stands for the answer at that place in the sentence the item came from. A cloze may end where a clause does, so its own full stop need not be in the source.
  if (item.source && !normaliseText(item.source.text).includes(normaliseAnswer(item.sentence.replace(clozeBlank, () => item.answer)))) {
    return "The answer does not fill the blank as the source sentence has it.";
  }
  return null;
}

function validateFixTheSentence(item: Extract<QuizItem, { kind: "fix-the-sentence" }>): string | null {
  const problem =
    checkText("The instruction", item.prompt, practiceLimits.prompt) ??
    checkText("The sentence to fix", item.original, practiceLimits.sentence) ??
    checkText("The corrected sentence", item.answer, practiceLimits.sentence);
  if (problem) return problem;
  // Case counts here: capitalising "i" is a correction.
  const spaced = (text: string) => text.replace(/\s+/g, " ").trim();
  if (spaced(item.original) === spaced(item.answer)) return "The corrected sentence is the same as the sentence to fix.";
  return null;
}

/** null when the item keeps every rule, else the first rule it breaks, in words a teacher understands. */
export function validateQuizItem(item: QuizItem): string | null {
  let problem: string | null;
  switch (item?.kind) {
    case "multiple-choice":
      problem = validateMultipleChoice(item);
      break;
    case "cloze":
      problem = validateCloze(item);
      break;
    case "fix-the-sentence":
      problem = validateFixTheSentence(item);
      break;
    default:
      return "The question's kind must be multiple-choice, cloze or fix-the-sentence.";
  }
  return problem ?? checkExplanation(item.explanation) ?? checkSource(item.source);
}

export function validateFlashcard(card: Flashcard): string | null {
  return checkText("The front", card?.front, practiceLimits.cardFront) ?? checkText("The back", card?.back, practiceLimits.cardBack) ?? checkSource(card.source);
}

/**
 * What an item asks, as keys: two items sharing a key ask the same thing. The question's text itself is one (a
 * cloze sentence, a sentence to fix, a card's front); the question with its answer is another, so that a
 * multiple-choice question and a cloze on the same sentence with the same answer count as one. A multiple-choice
 * prompt alone is not a key: "Which opening states its main idea more clearly?" is asked of different openings.
 */
function questionKeys(item: QuizItem | Flashcard): string[] {
  if (!("kind" in item)) return [`q:${normaliseText(item.front)}`];
  switch (item.kind) {
    case "multiple-choice":
      return [`qa:${normaliseText(item.prompt)}\u0000${normaliseAnswer(item.options[item.answerIndex] ?? "")}`];
    case "cloze":
      return [`q:${normaliseText(item.sentence)}`, `qa:${normaliseText(item.sentence)}\u0000${normaliseAnswer(item.answer)}`, `filled:${normaliseText(item.sentence.replace(clozeBlank, () => item.answer))}\u0000${normaliseAnswer(item.answer)}`];
    case "fix-the-sentence":
      return [`q:${normaliseText(item.original)}`];
  }
}

/** The valid items, in order, without any that asks what an earlier one already asks. */
export function keepValid<T extends QuizItem | Flashcard>(items: readonly T[], validate: (item: T) => string | null): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    if (validate(item) !== null) continue;
    const keys = questionKeys(item);
    if (keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    kept.push(item);
  }
  return kept;
}
