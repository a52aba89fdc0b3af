import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { passageOf } from "./passages.js";
import { quotedTail } from "./reading.js";

beforeAll(warmUpLanguage, warmUpTimeout);

const prompt = "Write a letter to your local newspaper that persuades readers to agree with you about the effects computers have on people.";
const sourceText = "The road ahead was long and the heat rose off the cracked pavement in waves that made the hills shimmer.";
const factsOf = (text: string) => {
  const context = buildAssignmentContext(makeInput({}, { prompt, sourceText }));
  return gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
};

describe("passages the feedback may quote", () => {
  const essay = [
    "I am writing a letter to your local newspaper about the effects computers have on people.",
    "The author writes that the heat rose off the cracked pavement in waves that made the hills shimmer.",
    "My cousin learned to build a website last summer and now she earns money fixing them for shops.",
  ].join(" ");

  it("never quotes the prompt's words back as the student's, in any use", () => {
    const facts = factsOf(essay);
    expect(passageOf(facts, 0)).toBeUndefined();
    expect(passageOf(facts, 0, undefined, false, "evidence")).toBeUndefined();
  });

  it("quotes the source's words only as evidence the student chose, and the student's own words in every use", () => {
    const facts = factsOf(essay);
    expect(passageOf(facts, 1)).toBeUndefined();
    expect(passageOf(facts, 1, undefined, false, "evidence")?.text).toBe(facts.sentences[1]!.text);
    expect(passageOf(facts, 2)?.text).toBe(facts.sentences[2]!.text);
  });
});

describe("quotation marks inside a passage", () => {
  it("never quotes a passage that opens a quotation it does not close, and drops a lone quotation mark before a space", () => {
    const unclosed = factsOf("The author ends the story with “when they come back in the spring, I will take that test again and pass it.");
    expect(passageOf(unclosed, 0)).toBeUndefined();
    const lone = factsOf("' It was the time when London was covered in a thick fog that nobody could see through at all.");
    expect(passageOf(lone, 0)?.text).toMatch(/^It was the time/);
  });
});

describe("a long sentence quoted in part", () => {
  it("is never cut between a word and the conjunction it makes one phrase with ('as much as', 'so that')", () => {
    const sentence = "This paragraph in the middle of the story also shows that the girl in the story is trying hard to like this new country as much as she can while she still misses her old home every single day of the year so that she can feel at home.";
    const facts = factsOf(sentence);
    for (const word of ["can", "home", "misses"]) {
      const passage = passageOf(facts, 0, sentence.indexOf(word));
      expect(passage?.text, word).not.toMatch(/\b(?:as much|so)$/);
    }
  });
});

describe("a lead-in to a quotation", () => {
  it("is quoted with what it introduces, never alone", () => {
    const sentence = "Lastly, in the text it says, she realized that many of the things she thought of as strange before had become her own and she would miss them when she left for good.";
    const passage = passageOf(factsOf(sentence), 0);
    expect(passage?.text).not.toMatch(/says$/);
    expect(passage?.text).toContain("she realized");
  });
});

describe("a passage that a step says to write after", () => {
  it("ends where its sentence ends, so 'after {q}' never points into the middle of a sentence", () => {
    const long = "The effects from the setting that has an effect on me is that the hills were long and steep, and when I rode my bike up them in the summer I got tired and thirsty, and I wanted to stop and rest under a tree for a while.";
    const facts = factsOf(`My cousin rode his bike to school every day last year. ${long} We got home late.`);
    const sentence = facts.sentences[1]!;
    expect(passageOf(facts, 1)?.text).not.toMatch(/tree for a while\.$/);
    const tail = quotedTail(facts, sentence);
    expect(tail?.end).toBe(sentence.end);
    expect(long.endsWith(tail!.text)).toBe(true);
  });
});

describe("where a long sentence is cut for a quotation", () => {
  it("never at a date's or a place's comma ('on May 6, 1937', 'Lakehurst, New Jersey')", () => {
    const long = "This was a problem because on May 6, 1937 a dirigible was destroyed by fire while it tried to land at the naval air station in Lakehurst, New Jersey, and the owners of the building realized how much worse that accident could have been over a crowded city.";
    const facts = factsOf(`Dirigibles were hard to dock. ${long}`);
    const quoted = passageOf(facts, 1, facts.sentences[1]!.start + long.indexOf("May"))?.text ?? "";
    expect(quoted).not.toMatch(/May 6,?$/);
    expect(quoted).not.toMatch(/Lakehurst,?$/);
    expect(quoted).toContain("May 6, 1937");
  });
});
