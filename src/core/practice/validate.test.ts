import { describe, expect, it } from "vitest";
import { clozeBlank, type ClozeItem, type Flashcard, type MultipleChoiceItem, type QuizItem } from "./types.js";
import { keepValid, validateFlashcard, validateQuizItem } from "./validate.js";

const choice = (over: Partial<MultipleChoiceItem> = {}): MultipleChoiceItem => ({ kind: "multiple-choice", prompt: "Which gas do plants take in?", options: ["Oxygen", "Carbon dioxide", "Nitrogen"], answerIndex: 1, ...over });
const cloze = (over: Partial<ClozeItem> = {}): ClozeItem => ({ kind: "cloze", sentence: `Plants take in ${clozeBlank} through their leaves.`, answer: "carbon dioxide", ...over });
const fix = (original: string, answer: string): QuizItem => ({ kind: "fix-the-sentence", prompt: "Correct the spelling in this sentence.", original, answer });

describe("validateQuizItem", () => {
  it.each<[string, QuizItem, string | null]>([
    ["accepts a well-formed multiple-choice question", choice(), null],
    ["refuses a single option", choice({ options: ["Oxygen"], answerIndex: 0 }), "A multiple-choice question needs 2 to 6 options."],
    ["refuses seven options", choice({ options: ["a", "b", "c", "d", "e", "f", "g"], answerIndex: 0 }), "A multiple-choice question needs 2 to 6 options."],
    ["refuses options that differ only in case and spaces", choice({ options: ["Carbon  dioxide", "carbon dioxide", "Oxygen"] }), "Two options say the same thing."],
    ["refuses an answer index past the options", choice({ answerIndex: 3 }), "The correct option is not one of the options."],
    ["refuses a fractional answer index", choice({ answerIndex: 0.5 }), "The correct option is not one of the options."],
    ["refuses an empty option", choice({ options: ["Oxygen", " "], answerIndex: 0 }), "Option 2 is empty."],
    ["refuses an empty question", choice({ prompt: "  " }), "The question is empty."],
    ["refuses a question over 500 characters", choice({ prompt: "x".repeat(501) }), "The question is longer than 500 characters."],
    ["accepts a cloze with one blank", cloze(), null],
    ["refuses a cloze without its blank", cloze({ sentence: "Plants take in air." }), "The sentence must have the blank _____ exactly once."],
    ["refuses a cloze with two blanks", cloze({ sentence: `${clozeBlank} and ${clozeBlank}` }), "The sentence must have the blank _____ exactly once."],
    ["refuses a cloze with an empty answer", cloze({ answer: "" }), "The answer is empty."],
    [
      "accepts a cloze whose answer fills the blank as its source sentence has it",
      cloze({ source: { text: "In daylight, plants take in carbon dioxide through their leaves. Then...", origin: "source" } }),
      null,
    ],
    [
      "accepts a cloze that ends where a clause of its source sentence does",
      cloze({ source: { text: "Plants take in carbon dioxide through their leaves, and oxygen leaves the same way.", origin: "source" } }),
      null,
    ],
    [
      "refuses a cloze whose answer is not what its source sentence has there",
      cloze({ source: { text: "Plants take in sunlight through their leaves.", origin: "source" } }),
      "The answer does not fill the blank as the source sentence has it.",
    ],
    ["accepts a corrected sentence", fix("I recieved it.", "I received it."), null],
    ["accepts a correction of case only", fix("then i left.", "Then I left."), null],
    ["refuses a correction that changes nothing", fix("I received it.", " I received  it."), "The corrected sentence is the same as the sentence to fix."],
    ["refuses an empty explanation", { ...choice(), explanation: "" }, "The explanation is empty."],
    ["refuses an unknown kind", { kind: "essay" } as unknown as QuizItem, "The question's kind must be multiple-choice, cloze or fix-the-sentence."],
  ])("%s", (_rule, item, expected) => {
    expect(validateQuizItem(item)).toBe(expected);
  });
});

describe("validateFlashcard", () => {
  it.each<[string, Flashcard, string | null]>([
    ["accepts a card with both sides", { front: "Photosynthesis", back: "How plants make food from light." }, null],
    ["refuses an empty front", { front: "", back: "x" }, "The front is empty."],
    ["refuses an empty back", { front: "x", back: "\n" }, "The back is empty."],
    ["refuses a back over 2,000 characters", { front: "x", back: "y".repeat(2001) }, "The back is longer than 2000 characters."],
  ])("%s", (_rule, card, expected) => {
    expect(validateFlashcard(card)).toBe(expected);
  });
});

describe("keepValid", () => {
  it("refuses a cloze whose blank cuts a hyphenated word", () => {
    expect(validateQuizItem({ kind: "cloze", sentence: "A thousand-_____ moored at the top.", answer: "foot dirigible" })).toBe("The blank cuts a hyphenated word in two: blank the whole word (such as thousand-foot) or none of it.");
    expect(validateQuizItem({ kind: "cloze", sentence: "A _____ moored at the top.", answer: "thousand-foot dirigible" })).toBeNull();
  });

  it("drops invalid items and keeps the rest in order", () => {
    const items: QuizItem[] = [choice(), cloze({ sentence: "no blank" }), cloze()];
    expect(keepValid(items, validateQuizItem)).toEqual([items[0], items[2]]);
  });

  it("drops a second item with the same sentence, whatever its case and spacing", () => {
    const items: QuizItem[] = [cloze(), cloze({ sentence: `plants take in  ${clozeBlank} through their leaves.`, answer: "air" })];
    expect(keepValid(items, validateQuizItem)).toHaveLength(1);
  });

  it("drops a cloze with the same answer at another place of the same sentence", () => {
    const items: QuizItem[] = [
      cloze({ sentence: `${clozeBlank} is warm and water is warm.`, answer: "Water" }),
      cloze({ sentence: `Water is warm and ${clozeBlank} is warm.`, answer: "water" }),
    ];
    expect(keepValid(items, validateQuizItem)).toHaveLength(1);
  });

  it("keeps two multiple-choice questions with one prompt and different right answers", () => {
    const prompt = "Which opening states its main idea more clearly?";
    const items: QuizItem[] = [choice({ prompt, options: ["A", "B"], answerIndex: 0 }), choice({ prompt, options: ["C", "D"], answerIndex: 1 })];
    expect(keepValid(items, validateQuizItem)).toHaveLength(2);
  });

  it("drops a multiple-choice question that asks a cloze's sentence with the same answer", () => {
    const items: QuizItem[] = [cloze(), choice({ prompt: `Plants take in ${clozeBlank} through their leaves.`, options: ["Oxygen", "Carbon dioxide"], answerIndex: 1 })];
    expect(keepValid(items, validateQuizItem)).toEqual([items[0]]);
  });

  it("drops cards with the same front", () => {
    const cards: Flashcard[] = [{ front: "Osmosis", back: "a" }, { front: " osmosis ", back: "b" }, { front: "Diffusion", back: "c" }];
    expect(keepValid(cards, validateFlashcard).map((c) => c.back)).toEqual(["a", "c"]);
  });
});
