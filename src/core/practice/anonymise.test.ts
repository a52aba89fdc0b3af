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

  it("replaces every classmate's name the class list holds, at a sentence's start or in lower case", () => {
    const names = ["Grace Scott", "Mason Diaz", "Jayden Rivera", "Will Grant"];
    // A dictionary that knows "grace", "mason", "will" and "grant" as words, but no surname.
    const spellChecker = { correct: (word: string) => !["scott", "diaz", "jayden", "rivera", "becuase"].includes(word.toLowerCase()) };
    const passage = "Grace sits next to me. my best friend grace scott says so, and Mason and I agree with my cousin jayden rivera.";
    expect(anonymise(passage, { classNames: names, spellChecker }).text).toBe("[name] sits next to me. my best friend [name] says so, and [name] and I agree with my cousin [name].");
    // A name that is also a word is a name only when it reads as one.
    expect(anonymise("I will go with grace, and Will says the mason was kind.", { classNames: names, spellChecker }).text).toBe(
      "I will go with grace, and [name] says the mason was kind.",
    );
  });

  it("keeps a classmate's name out of the corrected copy too, and takes apostrophe names whole, never a month or a sentence's first word", () => {
    const names = ["Grace Scott", "Liam O'Brien", "April Lee", "Will Grant"];
    const spellChecker = { correct: (word: string) => !["scott", "o'brien", "brien", "lee", "freind"].includes(word.toLowerCase()) };
    const { text, replaced } = anonymise("grace Scott is my freind.", { classNames: names, spellChecker });
    expect(text).toBe("[name] is my freind.");
    expect(replaceNames("Grace Scott is my friend.", replaced)).toBe("[name] is my friend.");
    expect(anonymise("I sat with liam o'brien.", { classNames: names, spellChecker }).text).toBe("I sat with [name].");
    expect(anonymise("In April we planted seeds. Will you help?", { classNames: names, spellChecker }).text).toBe("In April we planted seeds. Will you help?");
    expect(anonymise("Follow @JAKE or see www.site.com. Then stop.", { spellChecker }).text).toBe("Follow [link] or see [link]. Then stop.");
  });

  it("replaces e-mail and web addresses, handles and phone numbers, keeping the corpus's placeholders", () => {
    const passage = "Email me at noah.patel@gmail.com or see www.noahs-page.net, @noah_p2 or call (555) 123-4567 or 555.987.6543 with @PERSON1.";
    expect(anonymise(passage, { spellChecker }).text).toBe("Email me at [email] or see [link], [link] or call [phone] or [phone] with [name].");
    expect(replaceNames("Write to noah.patel@gmail.com, please.", [])).toBe("Write to [email], please.");
    expect(anonymise("In 2019, 1,500 of 3,000 students walked 2.5 miles.", { spellChecker }).text).toBe("In 2019, 1,500 of 3,000 students walked 2.5 miles.");
  });

  it("replaces the same names in the corrected copy of a passage", () => {
    const { text, replaced } = anonymise("I told Jake Smith becuase he asked.", { spellChecker });
    expect(text).toBe("I told [name] becuase he asked.");
    expect(replaceNames("I told Jake Smith because he asked.", replaced)).toBe("I told [name] because he asked.");
  });
});
