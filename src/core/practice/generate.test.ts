import { beforeAll, describe, expect, it } from "vitest";
import { fakeSpellChecker } from "../grading/test-fixtures.js";
import { generateDeck, generateQuiz, maxSourceCharacters, minimumWords } from "./generate.js";
import { normaliseText } from "./normalise.js";
import { draftWithSlips, photosynthesisPassage } from "./test-passages.js";
import { clozeBlank, type QuizItem } from "./types.js";
import { keepValid, validateFlashcard, validateQuizItem } from "./validate.js";
import { warmUpLanguage, warmUpTimeout } from "../language/test-warm-up.js";

const spellChecker = fakeSpellChecker(["becuase", "alot"]);
const quizOf = (seed: number, count?: number) => generateQuiz(photosynthesisPassage, { seed, ...(count ? { count } : {}), spellChecker });
const seeds = [1, 2, 3, 42, 2026];
const flat = (text: string) => text.replace(/\s+/g, " ");

beforeAll(warmUpLanguage, warmUpTimeout);

describe("generateQuiz", () => {
  it("makes the default ten items, every one valid and none asking what another asks", () => {
    for (const seed of seeds) {
      const { items, problem } = quizOf(seed);
      expect(problem).toBeUndefined();
      expect(items).toHaveLength(10);
      for (const item of items) expect(validateQuizItem(item), JSON.stringify(item)).toBeNull();
      expect(keepValid(items, validateQuizItem)).toHaveLength(items.length);
    }
  });

  it("gives the same items for the same seed and changes them with the seed", () => {
    expect(quizOf(7)).toEqual(quizOf(7));
    expect(seeds.map((seed) => JSON.stringify(quizOf(seed).items)).filter((v, i, all) => all.indexOf(v) === i).length).toBeGreaterThan(1);
  });

  it("builds every item on a passage that occurs in the source", () => {
    for (const item of quizOf(3, 50).items) {
      expect(item.source?.origin).toBe("source");
      expect(flat(photosynthesisPassage)).toContain(flat(item.source!.text));
    }
  });

  it("puts the cloze answer in its sentence at the blank", () => {
    const clozes = seeds.flatMap((seed) => quizOf(seed, 50).items).filter((i): i is Extract<QuizItem, { kind: "cloze" }> => i.kind === "cloze");
    expect(clozes.length).toBeGreaterThan(3);
    for (const item of clozes) expect(item.source!.text).toBe(item.sentence.replace(clozeBlank, item.answer));
  });

  it("offers distractors that differ from the answer and are terms of the same kind from the source", () => {
    const choices = seeds.flatMap((seed) => quizOf(seed, 50).items).filter((i): i is Extract<QuizItem, { kind: "multiple-choice" }> => i.kind === "multiple-choice");
    expect(choices.length).toBeGreaterThan(3);
    for (const item of choices) {
      const answer = item.options[item.answerIndex]!;
      const distractors = item.options.filter((_, i) => i !== item.answerIndex);
      expect(distractors.length).toBeGreaterThanOrEqual(1);
      for (const d of distractors) {
        expect(normaliseText(d)).not.toBe(normaliseText(answer));
        expect(normaliseText(photosynthesisPassage)).toContain(normaliseText(d));
      }
      // Years among years: an answer that is a number is offered only among numbers.
      if (/^\d/.test(answer)) for (const d of distractors) expect(d).toMatch(/^\d/);
    }
  });

  it("asks about the definitions of the text among each other", () => {
    const defined = quizOf(1, 50).items.filter((i) => i.kind === "multiple-choice" && i.prompt.startsWith("According to the text, what"));
    expect(defined.map((i) => (i as { prompt: string }).prompt)).toEqual(expect.arrayContaining(["According to the text, what is photosynthesis?", "According to the text, what are stomata?"]));
  });

  it("asks to correct the real slips of a draft, spelling, comma splice and run-on", () => {
    const { items } = generateQuiz(`${draftWithSlips} ${draftWithSlips.replace(/^i think/, "We think")}`, { seed: 1, count: 20, spellChecker });
    const fixes = items.filter((i): i is Extract<QuizItem, { kind: "fix-the-sentence" }> => i.kind === "fix-the-sentence");
    expect(fixes.map((f) => f.answer)).toEqual(
      expect.arrayContaining([
        "I think schools should start later because students are tired in the morning.",
        "Many teenagers go to bed late. They cannot fall asleep before eleven.",
        "A later start would give them a lot more sleep.",
      ]),
    );
    const runOn = fixes.find((f) => f.prompt.startsWith("Split this run-on sentence"));
    expect(runOn?.answer.split(/(?<=\.) /)).toHaveLength(2);
  });

  it("blanks no part of a hyphenated compound", () => {
    const text = `${photosynthesisPassage}\n\nA thousand-foot dirigible could have moored at the top of the tower for hours. The rocket-shaped mast would have four wings at its corners and a small platform.`;
    for (const seed of seeds) {
      const quiz = generateQuiz(text, { seed, count: 50, spellChecker }).items;
      const deck = generateDeck(text, { seed, count: 100, spellChecker }).items;
      const asked = [...quiz.map((i) => (i.kind === "cloze" ? i.sentence : i.kind === "multiple-choice" ? i.prompt : "")), ...deck.map((c) => c.front)];
      for (const question of asked) expect(question).not.toMatch(/[\p{L}\p{N}]-_____|_____-[\p{L}\p{N}]/u);
    }
  });

  it("makes no spelling items without a dictionary", () => {
    const { items } = generateQuiz(`${draftWithSlips} ${draftWithSlips}`, { seed: 1, count: 20 });
    expect(items.some((i) => i.kind === "fix-the-sentence" && i.prompt.includes("spelling"))).toBe(false);
  });

  it("says how many words it needs when the source is too short", () => {
    const result = generateQuiz("Photosynthesis is the process by which green plants make food from light.", { seed: 1 });
    expect(result).toEqual({ items: [], problem: { code: "too-short", message: `Paste at least ${minimumWords.quiz} words to make a quiz from: this text has 12.` } });
  });

  it("says when a long text has nothing to ask about", () => {
    const result = generateQuiz("ok ".repeat(200), { seed: 1 });
    expect(result.items).toEqual([]);
    expect(result.problem?.code).toBe("nothing-found");
  });

  it("reads no further than the first 30,000 characters of a long source", () => {
    const long = `${photosynthesisPassage}\n\n`.repeat(Math.ceil(maxSourceCharacters / photosynthesisPassage.length) + 1);
    const tail = "\n\nIn 1883, Theodor Engelmann lit algae through a prism and watched bacteria gather in red and blue light.";
    const { items } = generateQuiz(long + tail, { seed: 1, count: 50 });
    expect(items.length).toBeGreaterThan(10);
    expect(JSON.stringify(items)).not.toContain("Engelmann");
    // Reading 30,000 characters takes a few seconds on a busy machine.
  }, 30_000);

  it("caps the count at 50", () => {
    expect(quizOf(1, 500).items.length).toBeLessThanOrEqual(50);
  });
});

describe("generateDeck", () => {
  it("makes term-definition cards from the definitional sentences", () => {
    const { items } = generateDeck(photosynthesisPassage, { seed: 1 });
    const fronts = items.map((c) => c.front);
    expect(fronts).toEqual(expect.arrayContaining(["Photosynthesis", "Chlorophyll", "Stomata", "Glucose", "Producer"]));
    expect(items.find((c) => c.front === "Chlorophyll")?.back).toBe("A green pigment that absorbs red and blue light and reflects green light, which is why most leaves look green.");
  });

  it("fills the rest with valid, distinct cards from the source, the same for a seed", () => {
    for (const seed of seeds) {
      const { items } = generateDeck(photosynthesisPassage, { seed });
      expect(items.length).toBeGreaterThan(10);
      expect(items.length).toBeLessThanOrEqual(20);
      for (const card of items) {
        expect(validateFlashcard(card)).toBeNull();
        expect(flat(photosynthesisPassage)).toContain(flat(card.source!.text));
      }
      expect(keepValid(items, validateFlashcard)).toHaveLength(items.length);
    }
    expect(generateDeck(photosynthesisPassage, { seed: 9 })).toEqual(generateDeck(photosynthesisPassage, { seed: 9 }));
  });

  it("makes one card per defined term when the source repeats itself, and fills the deck with others", () => {
    const { items } = generateDeck(`${photosynthesisPassage}\n\n${photosynthesisPassage}`, { seed: 1 });
    expect(items.filter((c) => c.front === "Chlorophyll")).toHaveLength(1);
    expect(items.length).toBeGreaterThan(10);
  });

  it("never makes a card of a slip or of a sentence with one", () => {
    const { items } = generateDeck(`${draftWithSlips}\n\n${photosynthesisPassage}`, { seed: 1, count: 100, spellChecker });
    expect(items.length).toBeGreaterThan(5);
    expect(JSON.stringify(items)).not.toMatch(/becuase|alot/);
  });

  it("says how many words it needs when the source is too short", () => {
    expect(generateDeck("Too short.", { seed: 1 }).problem).toEqual({ code: "too-short", message: `Paste at least ${minimumWords.deck} words to make flashcards from: this text has 2.` });
  });
});
