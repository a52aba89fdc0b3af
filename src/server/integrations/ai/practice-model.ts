import type { LanguageModel } from "ai";
import { z } from "zod";
import { itemCounts, type PracticeResult } from "../../../core/practice/generate.js";
import { countWords, normaliseText } from "../../../core/practice/normalise.js";
import { type Flashcard, type QuizItem, type SourcePassage } from "../../../core/practice/types.js";
import { keepValid, validateFlashcard, validateQuizItem } from "../../../core/practice/validate.js";
import { loadAiSdk } from "./load-ai-sdk";

/**
 * Practice written by the school's AI service, held to the offline generator's rules: every item quotes the passage
 * it was built on, the passage must occur in the source, and the item must pass the same validators. An item that
 * fails is dropped, not shown. A topic line has no text to quote, so the model first writes short notes on it and
 * the items must quote those; the notes come back with the items for the teacher to read.
 */
export interface PracticeRequest {
  /** Pasted or extracted text, or a topic line. */
  source: string;
  kind: "quiz" | "deck";
  count?: number;
  /** "topic" asks the model to write the notes first; by default a single short line is taken as a topic. */
  sourceKind?: "text" | "topic";
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type ModelPracticeResult<T> = PracticeResult<T> & {
  /** The notes the model wrote on a topic, which the items quote. */
  notes?: string;
  /** How many of the model's items were dropped for breaking a rule. */
  dropped: number;
};

/** The longest source sent: a longer document is cut, and passages are checked against what was sent. */
const maxSourceCharacters = 30_000;
const topicWords = 30;
const defaultTimeoutMs = 120_000;

/** Flat objects with every field present: the shape structured output handles on every provider. */
const quizSchema = z.object({
  notes: z.string(),
  items: z.array(
    z.object({
      kind: z.enum(["multiple-choice", "cloze", "fix-the-sentence"]),
      question: z.string(),
      options: z.array(z.string()),
      answerIndex: z.number(),
      answer: z.string(),
      original: z.string(),
      explanation: z.string(),
      passage: z.string(),
    }),
  ),
});
const deckSchema = z.object({ notes: z.string(), cards: z.array(z.object({ front: z.string(), back: z.string(), passage: z.string() })) });

const quizInstructions = [
  "You write quiz questions for school students from the source below. Every question must be answerable from the source alone.",
  "Kinds: multiple-choice (question, 2 to 6 different options, answerIndex of the one correct option, counted from 0); cloze (question: a sentence copied from the source with the answer replaced by _____ exactly once; answer: the words removed); fix-the-sentence (question: the instruction; original: a sentence with one error; answer: the corrected sentence).",
  "Wrong options must be plausible and of the same kind as the answer (names with names, dates with dates).",
  "passage: copy, word for word, the sentence or two of the source the question is built on. Leave fields a kind does not use empty (options [] and answerIndex 0 when not multiple-choice).",
].join("\n");
const deckInstructions = [
  "You write flashcards for school students from the source below: a term, name, date or question on the front; its definition or answer on the back, in a sentence or two, as the source says it.",
  "passage: copy, word for word, the sentence or two of the source the card is built on.",
].join("\n");
const topicInstructions =
  "The source is only a topic. First write notes: 150 to 400 words of accurate, plain explanation of the topic for school students, in full sentences. Then build everything on the notes, quoting them as the source.";

function isTopic(request: PracticeRequest): boolean {
  if (request.sourceKind) return request.sourceKind === "topic";
  return !request.source.trim().includes("\n") && countWords(request.source) <= topicWords;
}

/** The passage as the source has it, when it occurs there (compared without case, spacing or curly quotes). */
function passageIn(source: string, passage: string): SourcePassage | undefined {
  const text = passage.trim();
  if (!text || !normaliseText(source).includes(normaliseText(text))) return undefined;
  return { text, origin: "source" };
}

type ModelQuizItem = z.infer<typeof quizSchema>["items"][number];

function toQuizItem(item: ModelQuizItem, source: SourcePassage): QuizItem {
  const explanation = item.explanation.trim() ? { explanation: item.explanation.trim() } : {};
  switch (item.kind) {
    case "multiple-choice":
      return { kind: "multiple-choice", prompt: item.question.trim(), options: item.options.map((o) => o.trim()), answerIndex: item.answerIndex, ...explanation, source };
    case "cloze":
      return { kind: "cloze", sentence: item.question.trim(), answer: item.answer.trim(), ...explanation, source };
    case "fix-the-sentence":
      return { kind: "fix-the-sentence", prompt: item.question.trim(), original: item.original.trim(), answer: item.answer.trim(), ...explanation, source };
  }
}

function countFor(request: PracticeRequest): number {
  const limits = itemCounts[request.kind];
  return Math.max(1, Math.min(limits.max, Math.floor(request.count ?? limits.default)));
}

function callOptions(model: LanguageModel, request: PracticeRequest, system: string, prompt: string) {
  const timeout = AbortSignal.timeout(request.timeoutMs ?? defaultTimeoutMs);
  return {
    model,
    system,
    prompt,
    ...(request.maxRetries !== undefined ? { maxRetries: request.maxRetries } : {}),
    abortSignal: request.signal ? AbortSignal.any([timeout, request.signal]) : timeout,
  };
}

function sourcePrompt(request: PracticeRequest, count: number, what: string): { topic: boolean; prompt: string; text: string } {
  const topic = isTopic(request);
  const text = request.source.trim().slice(0, maxSourceCharacters);
  return { topic, text, prompt: `Write ${count} ${what}.\n\n${topic ? "Topic" : "Source"}:\n${text}` };
}

function resultOf<T>(items: T[], dropped: number, notes: string | undefined, empty: string): ModelPracticeResult<T> {
  return { items, dropped, ...(notes ? { notes } : {}), ...(items.length ? {} : { problem: { code: "nothing-found" as const, message: empty } }) };
}

const noneKept = (what: string) => `None of the ${what} the AI service wrote quoted the text exactly and kept the rules, so none are shown. Try again, or make them without the AI service.`;

export function generatePracticeWithModel(model: LanguageModel, request: PracticeRequest & { kind: "quiz" }): Promise<ModelPracticeResult<QuizItem>>;
export function generatePracticeWithModel(model: LanguageModel, request: PracticeRequest & { kind: "deck" }): Promise<ModelPracticeResult<Flashcard>>;
export function generatePracticeWithModel(model: LanguageModel, request: PracticeRequest): Promise<ModelPracticeResult<QuizItem | Flashcard>>;
export async function generatePracticeWithModel(model: LanguageModel, request: PracticeRequest): Promise<ModelPracticeResult<QuizItem | Flashcard>> {
  const { generateText, Output } = await loadAiSdk();
  const count = countFor(request);
  if (request.kind === "quiz") {
    const { topic, text, prompt } = sourcePrompt(request, count, "quiz questions, mixing the kinds");
    const { output } = await generateText({ ...callOptions(model, request, [quizInstructions, topic ? topicInstructions : "Leave notes empty."].join("\n"), prompt), output: Output.object({ schema: quizSchema }) });
    const source = topic ? output.notes : text;
    const linked = output.items.flatMap((item) => {
      const passage = passageIn(source, item.passage);
      // The validators then check a cloze against its passage: the answer must fill the blank as the passage has it.
      return passage ? [toQuizItem(item, passage)] : [];
    });
    const items = keepValid(linked, validateQuizItem).slice(0, count);
    return resultOf(items, output.items.length - items.length, topic ? output.notes : undefined, noneKept("questions"));
  }
  const { topic, text, prompt } = sourcePrompt(request, count, "flashcards");
  const { output } = await generateText({ ...callOptions(model, request, [deckInstructions, topic ? topicInstructions : "Leave notes empty."].join("\n"), prompt), output: Output.object({ schema: deckSchema }) });
  const source = topic ? output.notes : text;
  const linked = output.cards.flatMap((card) => {
    const passage = passageIn(source, card.passage);
    return passage ? [{ front: card.front.trim(), back: card.back.trim(), source: passage }] : [];
  });
  const items = keepValid(linked, validateFlashcard).slice(0, count);
  return resultOf(items, output.cards.length - items.length, topic ? output.notes : undefined, noneKept("cards"));
}
