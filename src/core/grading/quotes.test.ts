import { describe, expect, it } from "vitest";
import { quoteSentence, verifyQuotes } from "./quotes.js";

describe("quote check", () => {
  const text = "My grandmother lives in Mexico. We talk every Sunday through video calls.";

  it("keeps quotes that occur verbatim and drops invented, empty and repeated ones", () => {
    expect(verifyQuotes(text, ["We talk every Sunday", "We talk every Saturday", "", "We talk every Sunday", " lives in Mexico "])).toEqual([
      "We talk every Sunday",
      "lives in Mexico",
    ]);
  });

  it("is case- and punctuation-exact", () => {
    expect(verifyQuotes(text, ["my grandmother lives in mexico", "Mexico."])).toEqual(["Mexico."]);
  });

  it("shortens a sentence into a verbatim quote", () => {
    const q = quoteSentence(text, { text: "We talk every Sunday through video calls.", start: 32, end: text.length }, 4);
    expect(q).toBe("We talk every Sunday");
    expect(text.includes(q)).toBe(true);
  });
});
