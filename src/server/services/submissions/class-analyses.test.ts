import { describe, expect, it } from "vitest";
import { analyzeForAssignment, prepareAssignment } from "../../../core/grading";
import { fakeSpellChecker, makeInput, strongEssay, weakEssay } from "../../../core/grading/test-fixtures";
import { createClassAnalyses } from "./class-analyses";

const prepared = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker() });
/** What the core makes of the text (an analysis also holds functions, which never compare equal). */
const featuresOf = (text: string) => analyzeForAssignment(prepared, text).features;

describe("class analyses", () => {
  it("analyses a text once per assignment version, as the core would, and again for a new version", () => {
    const analyses = createClassAnalyses();
    const [first] = analyses.analyzeClass("a:1", prepared, [strongEssay]);
    expect(first!.features).toEqual(featuresOf(strongEssay));
    const grown = analyses.analyzeClass("a:1", prepared, [strongEssay, weakEssay]);
    expect(grown[0]).toBe(first);
    expect(grown[1]!.features).toEqual(featuresOf(weakEssay));
    expect(analyses.analyzeClass("a:2", prepared, [strongEssay])[0]).not.toBe(first);
  });

  it("gives the text being graded its class analysis, and keeps the class when asked for one text", () => {
    const analyses = createClassAnalyses();
    const [strong, weak] = analyses.analyzeClass("a:1", prepared, [strongEssay, weakEssay, "a third text."]);
    expect(analyses.analyzeOne("a:1", prepared, weakEssay)).toBe(weak);
    expect(analyses.analyzeOne("a:1", prepared, strongEssay)).toBe(strong);
  });

  it("forgets texts that left the class once they outnumber it", () => {
    const analyses = createClassAnalyses();
    const texts = ["one two three.", "four five six.", "seven eight nine."];
    const [kept, left] = analyses.analyzeClass("a:1", prepared, texts);
    analyses.analyzeClass("a:1", prepared, [texts[0]!]);
    const again = analyses.analyzeClass("a:1", prepared, texts);
    expect(again[0]).toBe(kept);
    expect(again[1]).not.toBe(left);
    expect(again[1]!.features).toEqual(featuresOf(texts[1]!));
  });
});
