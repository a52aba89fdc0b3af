import { describe, expect, it } from "vitest";
import { buildAssignmentContext } from "./assignment-context.js";
import { analyzeText, featureValue } from "./features.js";
import { fakeSpellChecker, makeInput, strongEssay, weakEssay } from "./test-fixtures.js";

const context = buildAssignmentContext(makeInput());
const spell = fakeSpellChecker();
const analyze = (text: string) => analyzeText(text, context, spell);

describe("text features", () => {
  it("measures development: a longer essay has more words, sentences and paragraphs", () => {
    const strong = analyze(strongEssay);
    const weak = analyze(weakEssay);
    expect(strong.wordCount).toBeGreaterThan(weak.wordCount * 3);
    expect(strong.sentenceCount).toBeGreaterThan(weak.sentenceCount);
    expect(strong.paragraphCount).toBe(5);
    expect(weak.paragraphCount).toBe(1);
  });

  it("finds misspelled words with their exact text", () => {
    const a = analyze(weakEssay);
    expect(a.misspelled.map((m) => m.text)).toEqual(["alot", "becuase", "thier"]);
    expect(featureValue(a, "spellingErrorShare")).toBeCloseTo(3 / a.wordCount, 6);
    expect(analyze(strongEssay).misspelled).toHaveLength(0);
  });

  it("scores vocabulary range and sophistication higher for varied, longer words", () => {
    const plain = analyze("The dog ran. The dog sat. The dog ran and sat. The dog is big.");
    const rich = analyze("The anxious terrier sprinted, hesitated, then collapsed beside the weathered fountain.");
    expect(featureValue(rich, "meanWordLength")).toBeGreaterThan(featureValue(plain, "meanWordLength"));
    expect(featureValue(rich, "longWordShare")).toBeGreaterThan(featureValue(plain, "longWordShare"));
    expect(featureValue(rich, "guiraud")).toBeGreaterThan(featureValue(plain, "guiraud"));
  });

  it("measures sentence variety", () => {
    const flat = analyze("I like cats. I like dogs. I like birds. I like fish.");
    const varied = analyze("Cats. I like dogs because they run beside me every morning before school starts. Birds sing.");
    expect(featureValue(varied, "sentenceLengthSd")).toBeGreaterThan(featureValue(flat, "sentenceLengthSd"));
    expect(featureValue(flat, "sentenceLengthSd")).toBe(0);
  });

  it("detects organisation cues: transitions used", () => {
    const a = analyze(strongEssay);
    expect(a.transitionsUsed).toEqual(expect.arrayContaining(["first", "second", "however", "in conclusion", "for example"]));
    expect(analyze("Cats sleep. Dogs bark.").transitionsUsed).toHaveLength(0);
  });

  it("measures relevance to the prompt", () => {
    const onTopic = analyze("Computers affect people in the newspaper letter I write about effects.");
    const offTopic = analyze("My favourite holiday was at the beach with sand castles and waves.");
    expect(featureValue(onTopic, "promptCoverage")).toBeGreaterThan(featureValue(offTopic, "promptCoverage"));
    expect(featureValue(onTopic, "onTopicShare")).toBeGreaterThan(featureValue(offTopic, "onTopicShare"));
  });

  it("measures closeness to the rubric's top descriptors versus its bottom ones", () => {
    const top = analyze("My ideas are developed with relevant support and precise transitions.");
    const bottom = analyze("There are frequent vague details and limited errors.");
    expect(featureValue(top, "descriptorLean")).toBeGreaterThan(featureValue(bottom, "descriptorLean"));
  });

  it("notices a lower-case i and lower-case sentence starts", () => {
    const a = analyze(weakEssay);
    expect(featureValue(a, "lowercaseI")).toBeGreaterThan(0);
    expect(featureValue(a, "lowercaseSentenceStarts")).toBe(1);
  });

  it("handles an empty text without NaN", () => {
    const a = analyze("");
    expect(a.wordCount).toBe(0);
    for (const v of a.features) expect(Number.isFinite(v)).toBe(true);
  });
});
