import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { readSentences } from "./read-sentences.js";

const context = buildAssignmentContext(makeInput({}, { prompt: "Should students use phones at school? Argue for your view." }));
const strengthOf = (text: string) => readSentences(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context)).strength;

beforeAll(warmUpLanguage, warmUpTimeout);

describe("the praise of a sentence that joins two ideas", () => {
  it("quotes the part that shows the joining word it names", () => {
    const long = "It is easier to use them for quick research in class, for checking the homework page every single day, and for calling home to our parents at lunch when the school bus is late again.";
    const strength = strengthOf(`${long} Phones are small. They are useful.`);
    expect(strength?.note).toContain("‘when’");
    expect(strength?.passage?.text).toContain(" when ");
  });
});

describe("the joins praised", () => {
  it("never praises an 'if' that asks whether as a condition that explains the other idea", () => {
    const strength = strengthOf("With online classes the students will decide if they need to present their work to the class. Phones are small and cheap.");
    expect(strength?.note ?? "").not.toMatch(/well with ‘if’/);
    expect(strengthOf("Students can call home quickly if the school bus is late again after practice.")?.note).toMatch(/well with ‘if’/);
  });
});

describe("the sentence asked to begin with a clause", () => {
  it("is never one already linked to another idea", () => {
    const text = "Phones help students learn at school because they are fast. This rule is fair to everyone, however it is not always easy for us. Teachers check the phones at the door because some students cheat. Parents like the rule at school because it keeps kids safe.";
    const reading = readSentences(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context));
    expect(reading.step.passage?.text ?? "").not.toMatch(/however/);
  });
});
