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

  it("offers no fragment as a model sentence, nor one a student would have to type a data set's placeholder in", () => {
    const spell = fakeSpellChecker(["becuase", "sprot"]);
    expect(findSentenceErrors("a sprot or hanging out.", spell)).toEqual([]);
    expect(findSentenceErrors("studies show that @NUM1 out of @NUM2 kids sleep less becuase of phones.", spell)).toEqual([]);
    expect(findSentenceErrors("we sleep less becuase of our phones.", spell)).toHaveLength(1);
  });
});
