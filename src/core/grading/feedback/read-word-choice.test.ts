import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { readWordChoice } from "./read-word-choice.js";

const context = buildAssignmentContext(makeInput({ feedbackLength: "detailed" }, { prompt: "Write about a time a cyclist in a story faced a hard road." }));
/** The words the word-choice reading praises as exact, if any. */
const readingOf = (text: string) => readWordChoice(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context));
const praisedWords = (text: string): string => readingOf(text).strength?.note ?? "";

beforeAll(warmUpLanguage, warmUpTimeout);

describe("the word-choice strength", () => {
  it("praises a rare word the student chose", () => {
    expect(praisedWords("My grandmother gave a meticulous account of the day we moved to the farm.")).toContain("meticulous");
  });

  it("passes by a lookalike of a commoner word, the prompt's own words and words inside a quotation", () => {
    expect(praisedWords("Being kind is the most impotent thing everyone should have in their life.")).not.toContain("impotent");
    expect(praisedWords("The cyclist kept riding down the long road in the summer heat.")).not.toContain("cyclist");
    expect(praisedWords('Churchill said that success "consists of going from failure to failure" and he was right.')).not.toContain("consists");
  });

  it("praises no word of a sentence with a slip the app can see: the praise read as praise of the slip", () => {
    const withSlip = (checker: ReturnType<typeof fakeSpellChecker>, text: string) => readWordChoice(gatherEssayFacts(text, analyzeText(text, context, checker), context)).strength?.note ?? "";
    expect(withSlip(fakeSpellChecker(["ministre"]), "My uncle wants to be the primer ministre of a meticulous country.")).toBe("");
    expect(praisedWords("She give a meticulous account of the day we moved to the farm.")).toBe("");
  });

  it("gives up the praise when the sentence it praised is the one then told to replace a vague word", () => {
    const reading = readingOf("My grandmother gave a meticulous account of the day, and it was really good.");
    expect(reading.step?.note).toMatch(/replace/);
    expect(reading.strength).toBeUndefined();
  });
});

describe("the word-choice step", () => {
  it("quotes the sentence first when it has no topic to name, never 'in the sentence, replace'", () => {
    const step = readingOf("Waiting was hard. It was not easy. I had to take an entire hour without saying anything to anyone.").step;
    expect(step.note).toBe("in {q}, replace ‘take’ with a verb that shows exactly how");
    expect(step.passage?.text).toBe("I had to take an entire hour without saying anything to anyone.");
  });

  it("never asks to replace the verb of a set phrase ('running late', 'get used to', 'find his way', 'put together')", () => {
    for (const sentence of ["I was in a rush because I was running late to the doctor.", "She wants to move on and learn to get used to her new home.", "For the cyclist to find his way he had to put together the piece."]) {
      const step = readingOf(`Waiting was hard. It was not easy. ${sentence}`).step;
      expect(step.note, sentence).not.toMatch(/replace ‘(?:running|get|find|put|move)’/);
    }
  });
});
