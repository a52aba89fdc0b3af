import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { gradeText } from "../grade.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { composeFeedback } from "./compose.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { asksForCounterargument } from "./read-counterargument.js";

const criteria = [
  { id: "thesis", name: "Thesis", maxPoints: 4, descriptors: ["States a clear, arguable claim."] },
  { id: "evidence", name: "Evidence and Reasoning", maxPoints: 4, descriptors: ["Supports the claim with relevant evidence."] },
  { id: "counter", name: "Counterargument", maxPoints: 4, descriptors: ["Addresses an opposing view and rebuts it."] },
];
const input = makeInput({ gradingApproach: "points", feedbackLength: "detailed" }, { criteria, scoreRange: [0, 12], prompt: "Should our district move to a four-day school week? Take a position and argue for it." });
const context = buildAssignmentContext(input);
/** The comment on a Counterargument criterion scored in the middle of its scale (so strength, problem and step show). */
function comment(text: string): string {
  const facts = gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
  const [section] = composeFeedback(facts, [{ label: "Counterargument", kind: "content", fraction: 0.5 }], input.settings).sections;
  return section!.sentences.map((s) => s.text).join(" ");
}

const claim = "Our district should keep the five-day school week because students need the time to learn.";
const body = "A long weekend sounds fun, but teachers already struggle to finish the units they plan each year. In my math class we ran out of days before the last chapter, and a shorter week would make that worse for everyone.";

beforeAll(warmUpLanguage, warmUpTimeout);

describe("a counterargument criterion", () => {
  it("is told apart by its name", () => {
    for (const name of ["Counterargument", "Counter-claim and rebuttal", "Addresses opposing views", "Refutation"]) expect(asksForCounterargument(name)).toBe(true);
    for (const name of ["Thesis", "Evidence and Reasoning", "Argument", "Organization"]) expect(asksForCounterargument(name)).toBe(false);
  });

  it("asks for the other side when the essay never gives it, quoting the claim", () => {
    expect(comment(`${claim} ${body} That is why the five-day week is still the right choice for our schools.`)).toContain(
      `The essay does not yet consider what someone who disagrees would say. Next step: after "${claim}", add what someone who disagrees might say, and answer it.`,
    );
  });

  it("praises an objection raised and answered, quoting it", () => {
    const objection = "Some parents argue that a four-day week would save the district money on buses and heating.";
    const text = `${claim} ${body} ${objection} However, the savings are small compared with what students would lose in class time.`;
    const said = comment(text);
    expect(said).toContain(`You raise the other side and answer it: "${objection}"`);
    expect(said).not.toContain("does not yet consider");
  });

  it("says an objection left unanswered reads as a point against the writer", () => {
    const objection = "Some parents argue that a four-day week would save the district money on buses and heating.";
    const said = comment(`${claim} ${body} ${objection} Our town also has a new library that opened last spring near the river.`);
    expect(said).toContain("The objection is stated but not yet answered");
    expect(said).toContain(`You give the other side a voice in "${objection}"`);
  });

  it("does not take the writer's own points for the other side", () => {
    const own = "Many students would benefit from a full week of class. Most students feel tired on Mondays, and helping others who might need us matters.";
    expect(comment(`${claim} ${own} ${body}`)).toContain("The essay does not yet consider what someone who disagrees would say.");
  });

  it("does not repeat the Thesis comment", () => {
    const sections = gradeText(input, `${claim} ${body}`, { spellChecker: fakeSpellChecker() }).feedbackParts.sections;
    const text = (id: string) => sections.find((s) => s.criterionId === id)!.sentences.map((s) => s.text).join(" ");
    expect(text("counter")).not.toBe(text("thesis"));
  });
});
