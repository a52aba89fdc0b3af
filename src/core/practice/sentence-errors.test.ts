import { beforeAll, describe, expect, it } from "vitest";
import { fakeSpellChecker } from "../grading/test-fixtures.js";
import { warmUpLanguage, warmUpTimeout } from "../language/test-warm-up.js";
import { findSentenceErrors } from "./sentence-errors.js";

beforeAll(warmUpLanguage, warmUpTimeout);

describe("sentences to correct", () => {
  it("corrects a sentence whose every slip it can fix", () => {
    const [error] = findSentenceErrors("i think the bus is slow becuase of the trafic.", fakeSpellChecker(["becuase", "trafic"]));
    expect(error).toMatchObject({ original: "i think the bus is slow becuase of the trafic.", answer: "I think the bus is slow because of the traffic." });
  });

  it("offers no sentence whose answer would keep a 'to' meant as 'too'", () => {
    const spell = fakeSpellChecker(["becuase"]);
    for (const text of ["school starts to early becuase we have buses.", "the bus comes to late for us becuase of traffic."]) {
      expect(findSentenceErrors(text, spell), text).toEqual([]);
    }
    expect(findSentenceErrors("i want to go home early becuase i am tired.", spell)).toHaveLength(1);
    for (const text of ["i listen to loud music becuase it helps.", "we talk to other students becuase they know."]) expect(findSentenceErrors(text, spell), text).toHaveLength(1);
  });

  it("offers no sentence whose answer would keep 'of' written for 'have'", () => {
    const spell = fakeSpellChecker(["becuase"]);
    for (const text of ["i could of gone home becuase it rained.", "we shouldn't of waited becuase the bus left.", "they would not of known becuase nobody said."]) {
      expect(findSentenceErrors(text, spell), text).toEqual([]);
    }
    expect(findSentenceErrors("i could have gone home becuase it rained.", spell)).toHaveLength(1);
  });

  it("offers no fragment as a model sentence, nor one a student would have to type a data set's placeholder in", () => {
    const spell = fakeSpellChecker(["becuase", "sprot"]);
    expect(findSentenceErrors("a sprot or hanging out.", spell)).toEqual([]);
    expect(findSentenceErrors("studies show that @NUM1 out of @NUM2 kids sleep less becuase of phones.", spell)).toEqual([]);
    expect(findSentenceErrors("we sleep less becuase of our phones.", spell)).toHaveLength(1);
  });

  it("calls no dependent clause before a comma a comma splice, nor a sentence with a heading glued on", () => {
    const spell = fakeSpellChecker([]);
    for (const text of [
      "When the Empire State Building was conceived, it was planned as the world's tallest building.",
      "Two months after the workers celebrated framing the entire building, they were back to raise a flag.",
      "The Mooring Mast\nby Marcia Amidon Lüsted\nThe building was finished early, it was planned well.",
    ]) expect(findSentenceErrors(text, spell), text).toEqual([]);
    expect(findSentenceErrors("Many teenagers go to bed late, they cannot fall asleep before eleven.", spell)).toMatchObject([{ answer: "Many teenagers go to bed late. They cannot fall asleep before eleven." }]);
  });

  it("splits no long compound sentence, and only where two full sentences are left", () => {
    const spell = fakeSpellChecker([]);
    for (const text of [
      "He secretly constructed a tall spire inside the building, and then shocked the public and the media by hoisting it up to the top of the building, bringing it to a height of many feet, which was far taller than the originally announced height of the other building.",
      "This dream of the aviation pioneers was travel by dirigible, or zeppelin, and the Empire State Building was going to have a mooring mast at its top for docking these new airships, which would carry passengers on routes that already existed and routes yet to come.",
    ]) expect(findSentenceErrors(text, spell), text).toEqual([]);
    const [chain] = findSentenceErrors("When the alarm rings at six they feel awful and they skip breakfast and they come to school hungry and they cannot focus in the first lesson and their grades go down over the long school year for everyone.", spell);
    for (const piece of chain!.answer.split(/(?<=\.) /)) expect(piece).toMatch(/^[A-Z].*\.$/);
  });

  it("teaches no fragment as a sentence, and keeps no run-on it found in a key", () => {
    const spell = fakeSpellChecker(["im"]);
    for (const text of ["see her anymore.", "new technology, and post pictures on websites where everyone can see."]) expect(findSentenceErrors(text, spell), text).toEqual([]);
    const runOn = "First, the computers teach hand eye coordination it helps you become a better speller and type fast or type without looking at the keys I know it helped me and im sure it will help you too.";
    expect(findSentenceErrors(runOn, spell)).toEqual([]);
  });
});
