import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { readConventions } from "./read-conventions.js";

const context = buildAssignmentContext(makeInput({ feedbackLength: "detailed" }));
/** What the conventions reading would praise in the text, if anything. */
const reading = (text: string) => readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context));
const praised = (text: string): string | undefined => reading(text).strength?.passage?.text;

const spliced = "Computers are useful for students in many ways at school, they help us find information for our projects quickly.";
const runOn = "My family uses the computer every night and my sister looks up instructions and my dad reads the news and my mom writes emails to her friends and I play games with my cousins after homework.";
const clean = "When my sister needs a recipe for dinner, she finds instructions on the computer in a few minutes.";

beforeAll(warmUpLanguage, warmUpTimeout);

describe("the conventions strength", () => {
  it("praises the long words a student spells correctly, quoted where they stand, and claims nothing of the punctuation", () => {
    const { strength } = reading(`${clean} It is fun. ${runOn}`);
    expect(strength?.passage?.text).toContain("When my sister needs a recipe");
    expect(strength?.note).toMatch(/^you spell the longer word ‘instructions’ correctly in the sentence about [a-z ]+: \{q\}$/);
  });

  it("praises no everyday long word and no name", () => {
    expect(praised("When my sister needs something for dinner, she looks it up on the computer in a few minutes. It is fun. I like it.")).toBeUndefined();
    expect(praised("When my sister visits Pennsylvania for dinner, she looks it up on the computer in a few minutes. It is fun.")).toBeUndefined();
  });

  it("gives no spelling praise under a criterion for punctuation and grammar alone", () => {
    const text = `${clean} It is fun. ${runOn}`;
    const facts = gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context);
    expect(readConventions(facts, undefined, "not-spelling").strength).toBeUndefined();
  });

  it("gives up the praise when the sentence it praised is the longest, which the step then asks to check", () => {
    const { strength, step } = reading(`${clean} It is fun.`);
    expect(strength).toBeUndefined();
    expect(step?.passage?.text).toContain("When my sister needs a recipe");
  });

  it("never praises a comma splice or a run-on as correctly punctuated", () => {
    expect(praised(`${spliced} ${clean} It is fun. ${runOn}`)).toContain("When my sister needs a recipe");
    expect(praised(`${spliced} It is fun.`)).toBeUndefined();
    expect(praised(`${runOn} It is fun.`)).toBeUndefined();
  });

  it("never praises a sentence whose verb does not agree, or that has no verb, as a model", () => {
    expect(praised(`When my sister needs a recipe for dinner, she find instructions on the computer in a few minutes. It is fun. ${runOn}`)).toBeUndefined();
    expect(praised(`Every single year at my school I success my goal of reading twenty interesting books. It is fun. ${runOn}`)).toBeUndefined();
  });

  it("never praises a sentence with a sound-alike slip, an anonymised placeholder or two sentences run together", () => {
    expect(praised("When my sister needs a recipe for there dinner, she finds instructions on the computer in a few minutes. It is fun.")).toBeUndefined();
    expect(praised("When my sister needs a recipe for dinner, she finds instructions on the computer in @NUM1 minutes. It is fun.")).toBeUndefined();
    expect(praised("When my sister needs a recipe for dinner, she finds instructions on the computer.then she cooks it. It is fun.")).toBeUndefined();
  });

  it("quotes the part of a long sentence that shows its lower-case 'i'", () => {
    const text = "My brother and my cousin rode their bikes down the long hill behind the school on a cold morning last winter while our dog ran beside them and barked at every car and then i followed them home. It was fun. We were tired.";
    const { step } = reading(text);
    expect(step?.note).toContain("capitalize every ‘i’");
    expect(step?.passage?.text).toMatch(/\bi followed\b/);
  });

  it("counts the misspelled words it does not name, instead of a stock 'catch the others'", () => {
    const step = reading("I beleive computers help us becuase we recieve news fast. We use them alot at home. I definately think so.").step?.note ?? "";
    expect(step).toMatch(/find (?:one|\d+) more misspelled words? by reading the rest aloud slowly/);
    expect(step).not.toContain("catch the others");
  });

  it("counts each other misspelled word once, and never a word it has just named", () => {
    const step = reading("I beleive computers help us. We beleive in them becuase they are fast and we beleive they save time.").step?.note ?? "";
    expect(step).not.toMatch(/(?:more|other) misspelled word/);
  });

  it("never asks for a capital at the start of a term spelled in mixed case ('tRNA')", () => {
    const { problem, step } = reading("tRNA brings the amino acids to the ribosome. The ribosome joins them into a chain of protein.");
    expect(`${problem?.note ?? ""} ${step?.note ?? ""}`).not.toMatch(/lower-case letter|with a capital/);
  });
});

describe("a verb that does not agree with its pronoun", () => {
  it("is named and fixed under a grammar criterion, before a lower-case i", () => {
    const text = "My brother loves football. He play every day after school with his friends. On weekends i watch him from the side of the field.";
    const found = readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context), undefined, "not-spelling");
    expect(found.problem?.note).toMatch(/^the verb ‘play’ does not agree with ‘He’/);
    expect(found.step.note).toMatch(/^change ‘He play’ to ‘He plays’ in \{q\}/);
    expect(found.step.passage?.text).toContain("He play every day");
  });

  it("names the other slips whose fix is certain: a plural subject's verb, a verb after 'doesn't', an article, 'a other', 'everyone have'", () => {
    const cases: Array<[string, RegExp, RegExp]> = [
      ["Many families own a computer now. Lastly, computers helps you talk with your friends every day.", /^the verb ‘helps’ does not agree with ‘computers’/, /^change ‘computers helps’ to ‘computers help’ in \{q\}, then check that each verb agrees with its subject$/],
      ["My cousin lives far away from us. Chatting online doesn't lost anything for my family and me.", /^after ‘doesn't’ the verb ‘lost’ takes its base form/, /^change ‘doesn't lost’ to ‘doesn't lose’ in \{q\}/],
      ["My grandmother lives far away from us. First, you can send her a email every single week.", /^the article ‘a’ does not fit the sound of ‘email’/, /^change ‘a email’ to ‘an email’ in \{q\}/],
      ["I like to work with my class. Also a other thing is that I get to know new people.", /^‘a other’ should be the one word ‘another’/, /^change ‘a other’ to ‘another’ in \{q\}, then check for other words written apart that belong together$/],
      ["We all need rules at school. Everyone have to learn something from this life.", /^the verb ‘have’ does not agree with ‘Everyone’/, /^change ‘Everyone have’ to ‘Everyone has’ in \{q\}/],
    ];
    for (const [text, problem, step] of cases) {
      const found = readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context), undefined, "grammar");
      expect(found.problem?.note, text).toMatch(problem);
      expect(found.step.note, text).toMatch(step);
    }
  });

  it("never names an article slip whose fix would keep a misspelling ('a adventage' -> 'an adventage')", () => {
    const text = "My grandmother lives far away from us. Having a phone is a adventage for my family every single week.";
    const found = readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker(["adventage"])), context), undefined, "grammar");
    expect(found.step.note).not.toContain("an adventage");
  });

  it("sends a grammar criterion to a sentence with a verb slip it cannot fix for certain, before the longest one", () => {
    const text = "My brother loves football and plays it every day after school with his friends from our street and the park near it. The whole team would exploded with joy after a win. We were happy.";
    const found = readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context), undefined, "grammar");
    expect(found.step.note).toMatch(/^read \{q\} aloud .*check that each verb (?:in your point about \w+ )?agrees with its subject/);
    expect(found.step.passage?.text).toContain("would exploded");
  });

  it("leaves capitals and commas out of a criterion on grammar alone", () => {
    const text = "My brother loves football and plays it every day after school with his friends from our street. On weekends i watch him from the side of the field.";
    const found = readConventions(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context), undefined, "grammar");
    expect(`${found.problem?.note ?? ""} ${found.step.note}`).not.toMatch(/capital|comma/);
    // The point is named inside the check: "aloud in the point about ..." read as if the reading were in it.
    expect(found.step.note).toMatch(/^read \{q\} aloud and check that each verb in your point about \w+ agrees with its subject and is in the right tense$/);
  });
});
