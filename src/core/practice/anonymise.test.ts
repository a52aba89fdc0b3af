import { beforeAll, describe, expect, it } from "vitest";
import { fakeSpellChecker } from "../grading/test-fixtures.js";
import { anonymise, replaceNames } from "./anonymise.js";
import { warmUpLanguage, warmUpTimeout } from "../language/test-warm-up.js";

const spellChecker = fakeSpellChecker(["becuase"]);

beforeAll(warmUpLanguage, warmUpTimeout);

describe("anonymise", () => {
  it.each([
    ["replaces a classmate's full name by one placeholder", "I went to the park with Jake Smith on Monday.", "I went to the park with [name] on Monday."],
    ["replaces the student's own name even in lower case", "My name is maria lopez and I like dogs.", "My name is [name] and I like dogs."],
    ["replaces a name with its title", "Our teacher Mr. Okafor said so.", "Our teacher [name] said so."],
    ["replaces corpus placeholders", "My friend @PERSON1 lives in @LOCATION2.", "My friend [name] lives in [location]."],
    ["keeps a misspelled word that starts a sentence", "Becuase it rained, we stayed in.", "Becuase it rained, we stayed in."],
    ["keeps months, days and I", "On Monday in March I left.", "On Monday in March I left."],
  ])("%s", (_rule, text, expected) => {
    expect(anonymise(text, { names: ["Maria Lopez"], spellChecker }).text).toBe(expected);
  });

  it("replaces the same names in the corrected copy of a passage", () => {
    const { text, replaced } = anonymise("I told Jake Smith becuase he asked.", { spellChecker });
    expect(text).toBe("I told [name] becuase he asked.");
    expect(replaceNames("I told Jake Smith because he asked.", replaced)).toBe("I told [name] because he asked.");
  });
});
