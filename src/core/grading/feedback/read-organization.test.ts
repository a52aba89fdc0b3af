import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { buildAssignmentContext } from "../assignment-context.js";
import { analyzeText } from "../features.js";
import { fakeSpellChecker, makeInput } from "../test-fixtures.js";
import { gatherEssayFacts } from "./essay-facts.js";
import { readOrganization } from "./read-organization.js";

const context = buildAssignmentContext(makeInput({}, { prompt: "Should students have homework every night? Argue for your view." }));
const stepOf = (text: string) => readOrganization(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context)).step;

beforeAll(warmUpLanguage, warmUpTimeout);

describe("where a one-block essay is told to start a new paragraph", () => {
  it("is where a new idea opens, never at 'For example', which carries on the idea before it", () => {
    const essay = [
      "I think homework every night is too much for most students in our school.",
      "First, students already spend seven hours in class and many of them have sports or jobs after school.",
      "Homework also takes time away from sleep, which teenagers need to learn well the next day.",
      "For example, my brother stays up past midnight on most nights finishing worksheets for his math class.",
      "He is tired in the morning and falls asleep in his first class almost every single week.",
      "Some homework is useful when it is short and helps students practise what they learned.",
      "Teachers could give one short task a night instead of several long ones from every class.",
      "In conclusion, homework every night should be limited so that students can rest and still practise their skills at home.",
      "That would be fair to students and to the teachers who want them to do well in school this year.",
    ].join(" ");
    const step = stepOf(essay);
    expect(step?.note).toMatch(/start a new paragraph/);
    expect(step?.passage?.text ?? "").not.toMatch(/^For example/);
  });
});

describe("where a text without linking words is asked for one", () => {
  it("is never a sentence already opened by a joining word, nor the last sentence", () => {
    const essay = "Homework takes a lot of time every night. But students also need time to rest after school. After dinner my brother does math for two hours. Teachers should give less homework to students.";
    const step = stepOf(essay);
    // The phrases offered are quoted, so "such as As a result or Another reason is" does not read as one sentence.
    expect(step?.note).toMatch(/with a phrase such as ‘As a result’/);
    expect(step?.passage?.text ?? "").not.toMatch(/^(?:But|After|Teachers should)/);
  });
});

describe("whether a text with paragraphs already closes", () => {
  it("reads the whole last paragraph, so a concluding paragraph of several sentences is not told the essay never concludes", () => {
    const body = "Homework every night takes time from sleep, which students need. Sports and jobs also fill the evening for many of them.\n\nSome homework helps students practise what they learned in class, and short tasks are easy to finish.";
    const ending = "In conclusion, nightly homework should be limited. Teachers can set one short task a night. Students then rest more. Parents worry less about late nights. Everyone gains from the change in the end.";
    const step = stepOf(`${body}\n\n${ending}`);
    expect(`${step?.note ?? ""}`).not.toMatch(/closing sentence|conclusion that/);
  });
});

describe("the linking word praised", () => {
  const strengthOf = (text: string) => readOrganization(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context)).strength;

  it("is never a joining word used as a linking adverb ('Although, ...'), which is a slip", () => {
    const essay = "Homework takes a lot of time every night for students. Although, some homework helps students practise what they learned in class. Teachers should give less homework to students.";
    expect(strengthOf(essay)?.note ?? "").not.toContain("‘Although’");
    const praised = strengthOf("Homework takes a lot of time every night for students. Although some homework helps, most of it repeats what they learned in class. Teachers should give less homework to students.");
    expect(praised?.note).toContain("‘Although’");
  });
});

describe("an essay whose opening and ending already do their jobs", () => {
  const body = [
    "First, homework keeps students busy every night of the week.",
    "",
    "Second, sleep is important because tired students forget what they learned in class.",
    "",
    "Finally, families lose the evenings they could spend together at home.",
    "",
  ];

  it("is not told to make an opening that lists its reasons preview them", () => {
    const essay = ["Should students have homework every night? They need sleep, time with family and time to rest.", "", ...body, "For these reasons homework every night should end."].join("\n");
    const step = stepOf(essay);
    expect(step?.note).not.toMatch(/preview/);
    expect(step?.note).toMatch(/^check that the paragraphs after \{q\} give each reason about \w+ an example of its own$/);
    expect(step?.passage?.text).toBe("They need sleep, time with family and time to rest.");
  });

  it("is not told it ends without coming back to its topic when the closing paragraph's first sentence does", () => {
    const essay = ["Homework every night is a bad idea for students.", "", ...body, "Conclusion, homework every night is too much. Teachers should give less. Parents would agree."].join("\n");
    const reading = readOrganization(gatherEssayFacts(essay, analyzeText(essay, context, fakeSpellChecker()), context));
    expect(reading.problem?.note ?? "").not.toMatch(/without coming back/);
  });
});

describe("an ending that comes back to its topic in the other number", () => {
  it("is not told it ends without coming back to 'airship' when it ends on 'airships'", () => {
    const essay = "The airship could not dock at the building. First, the airship was too big for the mast on the roof. Second, strong wind moved the airship around all day. Also, the law said no airship could fly so low over a city. Builders learned that airships and tall buildings do not mix.";
    const reading = readOrganization(gatherEssayFacts(essay, analyzeText(essay, context, fakeSpellChecker()), context));
    expect(reading.problem?.note ?? "").not.toMatch(/without coming back/);
  });
});

describe("an ordinal opening a sentence", () => {
  const transitions = (text: string) => gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context).sentences.map((s) => s.transition ?? null);

  it("links the sentence before a comma, a pronoun or an article, not as part of its subject", () => {
    expect(transitions("First, I met my teacher. First impressions do not always go well. Next time I will smile. First the bell rang.")).toEqual(["First", null, null, "First"]);
  });
});

describe("words that show how points connect", () => {
  const readingOf = (text: string) => readOrganization(gatherEssayFacts(text, analyzeText(text, context, fakeSpellChecker()), context));

  it("count a reason that opens counted ('The 1st reason', 'My second reason', 'The 3rd and last reason')", () => {
    const essay = [
      "I think homework every night is too much for most students in our school.",
      "The 1st reason why homework is too much is that students already spend seven hours in class.",
      "Many of them have sports or jobs after school until late in the evening.",
      "My second reason is that homework takes time away from sleep, which teenagers need.",
      "The 3rd and last reason is that families need time together at dinner.",
      "Teachers should give one short task a night instead of several long ones.",
    ].join(" ");
    const reading = readingOf(essay);
    expect(`${reading.problem?.note ?? ""} ${reading.step.note}`).not.toMatch(/without words that show how they connect/);
  });

  it("read 'All these ...' as a closing sentence, not an essay that ends without one", () => {
    const essay = [
      "Homework every night is too much for most students in our school.",
      "First, students already spend seven hours in class every day of the week.",
      "Also, homework takes time away from sleep, which teenagers need to learn well.",
      "Families need time together at dinner without worksheets on the table.",
      "Many parents work late and want to talk with their kids.",
      "All these reasons show that teachers should ask for less.",
    ].join(" ");
    const reading = readingOf(essay);
    expect(`${reading.problem?.note ?? ""} ${reading.step.note}`).not.toMatch(/closing sentence|without coming back/);
  });
});
