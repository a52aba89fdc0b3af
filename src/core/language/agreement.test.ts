import { beforeAll, describe, expect, it } from "vitest";
import { agreedPair, agreementSlipOf, isDependentFragment, isVerbless } from "./agreement";
import { tagText } from "./tag-text";
import { warmUpLanguage, warmUpTimeout } from "./test-warm-up";

const tokens = (text: string) => tagText(text).tokens;

beforeAll(warmUpLanguage, warmUpTimeout);

describe("grammar slips the parts of speech show", () => {
  it("finds a verb that does not agree with its pronoun", () => {
    expect(agreementSlipOf(tokens("He work at the store every day after school."))?.text).toBe("work");
    expect(agreementSlipOf(tokens("They was happy to see us."))?.text).toBe("was");
    expect(agreementSlipOf(tokens("She have two brothers and a dog."))?.text).toBe("have");
    expect(agreementSlipOf(tokens("Everyone have to learn something of this life."))?.text).toBe("have");
    expect(agreementSlipOf(tokens("Nobody are perfect in this world."))?.text).toBe("are");
    expect(agreedPair("Everyone", "have")).toBe("Everyone has");
  });

  it("says how the pair should read", () => {
    expect(["He work", "she have", "It do", "he go", "She try", "he watch", "it are", "They was", "I is", "I are"].map((pair) => agreedPair(...(pair.split(" ") as [string, string])))).toEqual([
      "He works", "she has", "It does", "he goes", "She tries", "he watches", "it is", "They were", "I am", "I am",
    ]);
  });

  it("leaves agreeing verbs, modals and the subjunctive alone", () => {
    for (const text of ["Doesn't it seem strange?", "They help it grow.", "The examples I gave you was long.", "He use to walk there.", "Everyone can take advantage of it like my family does.", "She doesn't like it.", "He can work hard.", "If he were rich he would buy it.", "They were happy.", "I was late.", "It rains a lot in April.", "Does anyone have a pen?", "Everyone has to learn.", "Nobody knows why."]) {
      expect(agreementSlipOf(tokens(text)), text).toBeUndefined();
    }
  });

  it("finds a longer sentence with no verb, and a clause opened by because with nothing to hang on", () => {
    expect(isVerbless(tokens("I success my goal every year."))).toBe(true);
    expect(isVerbless(tokens("I reach my goal every year."))).toBe(false);
    expect(isDependentFragment(tokens("Because I believe that you can be a professional person if you want."))).toBe(true);
    expect(isDependentFragment(tokens("Because I practised, I passed the test."))).toBe(false);
  });
});
