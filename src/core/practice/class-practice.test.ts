import { beforeAll, describe, expect, it } from "vitest";
import { fakeSpellChecker } from "../grading/test-fixtures.js";
import { classPractice, maxPassageWords, type ClassPracticeCriterion, type ClassPracticeEssay, type ClassPracticeInput } from "./class-practice.js";
import { countWords } from "./normalise.js";
import { keepValid, validateFlashcard, validateQuizItem } from "./validate.js";
import { warmUpLanguage, warmUpTimeout } from "../language/test-warm-up.js";

const levels = (maxPoints: number, descriptions: string[]) => descriptions.map((description, i) => ({ label: ["Beginning", "Developing", "Proficient", "Exemplary"][i]!, points: (maxPoints * (i + 1)) / descriptions.length, description }));
const criteria: ClassPracticeCriterion[] = [
  { id: "ideas", name: "Ideas and thesis", maxPoints: 4, levels: levels(4, ["No clear main idea.", "A main idea that wanders.", "A clear main idea.", "A clear, arguable thesis stated early."]) },
  { id: "conventions", name: "Conventions", maxPoints: 4, levels: levels(4, ["Errors make it hard to read.", "Frequent errors.", "A few errors.", "Almost no errors."]) },
  { id: "organization", name: "Organization", maxPoints: 4, levels: levels(4, ["No order.", "Some order.", "Logical order.", "Logical order with transitions."]) },
];

const essay = (studentName: string, text: string, scores: [number, number, number], overallFraction: number | null = (scores[0] + scores[1] + scores[2]) / 12): ClassPracticeEssay => ({
  text,
  studentName,
  overallFraction,
  criteria: [
    { criterionId: "ideas", points: scores[0] },
    { criterionId: "conventions", points: scores[1] },
    { criterionId: "organization", points: scores[2] },
  ],
});

const essays: ClassPracticeEssay[] = [
  {
    ...essay("Ava Brooks", "Schools should start at nine because teenagers learn better when they have slept enough. Sleep research supports this view, as my friend Liam Carter found in his project.", [4, 3, 4]),
    evidence: { ideas: ["Schools should start at nine because teenagers learn better when they have slept enough."] },
  },
  { ...essay("Ben Ortiz", "A later start time would make students healthier and more focused in class. Doctors agree on this point.", [4, 2, 4]), evidence: { ideas: ["A later start time would make students healthier"] } },
  essay("Chloe Park", "Homework is a big part of school and there are many kinds of it. Some people like it, some do not.", [1, 1, 2]),
  essay("Dan Wu", "i like mornings becuase Ms. Patel drives the bus. My name is Dan Wu and i ride it every day.", [1, 1, 3]),
  essay("Eve Stone", "Eve Stone thinks there are a lot of things to say about school days, and they can be long. We eat lunch at noon.", [2, 1, 3]),
  essay("Finn Hale", "Not graded yet, this essay should not count towards anything at all in the class.", [0, 0, 0], null),
];

const input = (over: Partial<ClassPracticeInput> = {}): ClassPracticeInput => ({ criteria, essays, seed: 3, spellChecker: fakeSpellChecker(["becuase"]), ...over });
const allText = (result: ReturnType<typeof classPractice>) => JSON.stringify([result.quiz, result.deck]);

beforeAll(warmUpLanguage, warmUpTimeout);

describe("classPractice", () => {
  it("finds the two criteria with the lowest mean share of their points over graded essays", () => {
    expect(classPractice(input()).weakest).toEqual([
      { id: "conventions", name: "Conventions", meanFraction: 0.4 },
      { id: "ideas", name: "Ideas and thesis", meanFraction: 0.6 },
    ]);
  });

  it("asks to fix the class's real slips for the conventions criterion", () => {
    const fixes = classPractice(input()).quiz.filter((i) => i.kind === "fix-the-sentence");
    expect(fixes).toContainEqual(expect.objectContaining({ original: "i like mornings becuase [name] drives the bus.", answer: "I like mornings because [name] drives the bus.", source: { text: "i like mornings becuase [name] drives the bus.", origin: "class", criterion: "Conventions" } }));
  });

  it("offers an upper-level opening against a vague one no student wrote, and says nothing of any paper's score", () => {
    const result = classPractice(input());
    const openings = result.quiz.filter((i) => i.kind === "multiple-choice" && i.prompt === "Which opening states its main idea more clearly?");
    expect(openings.length).toBeGreaterThan(0);
    const classText = essays.map((e) => e.text).join(" ");
    for (const item of openings) {
      if (item.kind !== "multiple-choice") continue;
      expect(item.options).toHaveLength(2);
      expect(item.source).toEqual({ text: item.options[item.answerIndex], origin: "class", criterion: "Ideas and thesis" });
      expect(["Schools should start at nine", "A later start time"].some((start) => item.options[item.answerIndex]!.startsWith(start))).toBe(true);
      // The weaker option is not a classmate's: a lower scorer's first sentence would tell the class whose paper it was.
      const weaker = item.options[1 - item.answerIndex]!;
      expect(classText).not.toContain(weaker.slice(0, 20));
      expect(item.explanation).not.toMatch(/scored|higher|lower|grade/i);
    }
    for (const low of ["Homework is a big part", "i like mornings", "Eve Stone thinks"]) expect(JSON.stringify(openings)).not.toContain(low.replace("Eve Stone", "[name]"));
  });

  it("draws slips from across the class, not from the lowest scorers first", () => {
    // Eight essays with a slip each; the first two scored top marks on conventions. Ranked lowest first, they never came up.
    const subjects = ["We", "They", "I", "You", "We all", "They all", "Most of us", "Many of us"];
    const classOfEight = subjects.map((subject, i) => essay(`Student ${"ABCDEFGH"[i]} Lane`, `${subject} walk to school every day becuase the bus is slow.`, [3, i < 2 ? 4 : 1, 3]));
    const topTwo = ["We walk", "They walk"];
    const fromTop = [1, 2, 3, 4, 5, 6].some((seed) =>
      classPractice(input({ essays: classOfEight, seed })).quiz.some((i) => i.kind === "fix-the-sentence" && topTwo.some((start) => i.original.startsWith(start))),
    );
    expect(fromTop).toBe(true);
  });

  it("compares only the openings of grades the teacher reviewed, when it knows which those are", () => {
    const onlyLowReviewed = essays.map((e) => ({ ...e, reviewed: e.studentName === "Chloe Park" || e.studentName === "Dan Wu" }));
    const openings = classPractice(input({ essays: onlyLowReviewed })).quiz.filter((i) => i.kind === "multiple-choice");
    expect(openings).toEqual([]);
    const allReviewed = essays.map((e) => ({ ...e, reviewed: true }));
    expect(classPractice(input({ essays: allReviewed })).quiz.some((i) => i.kind === "multiple-choice")).toBe(true);
  });

  it("makes a card for each level of both weak criteria, with a real example where an essay sits at that level", () => {
    const { deck } = classPractice(input());
    expect(deck.map((c) => c.front)).toEqual([
      "Conventions: Beginning", "Conventions: Developing", "Conventions: Proficient", "Conventions: Exemplary",
      "Ideas and thesis: Beginning", "Ideas and thesis: Developing", "Ideas and thesis: Proficient", "Ideas and thesis: Exemplary",
    ]);
    expect(deck.find((c) => c.front === "Ideas and thesis: Exemplary")?.back).toMatch(/^A clear, arguable thesis stated early\.\n\nExample from the class: “(Schools should start|A later start)/);
    expect(deck.find((c) => c.front === "Conventions: Exemplary")?.back).toBe("Almost no errors.");
    // Only a card with the class's passage says it comes from the class's writing.
    for (const card of deck) expect(card.source?.origin === "class").toBe(card.back.includes("Example from the class"));
    // No classmate's passage beside a low level: that would tell the class whose work was graded low.
    for (const card of deck.filter((c) => /: (Beginning|Developing)$/.test(c.front))) expect(card.back).not.toContain("Example from the class");
  });

  it("quotes the sentence that holds each item's evidence, not the essay's first sentence", () => {
    const strong = {
      ...essay("Pia Lane", "Our town should build a new library downtown. It would give families a quiet place to read. A bigger library would also lend laptops to students who have none at home. Many towns nearby have done this already.", [4, 4, 4]),
      // The grade's quotations: a clause of the third sentence for ideas; for conventions, a sentence with a slip first.
      evidence: { ideas: ["would also lend laptops to students who have none at home"], conventions: ["I think it is a grate idea for everyone.", "Many towns nearby have done this already."] },
    };
    const withSlip = { ...strong, text: `${strong.text} I think it is a grate idea for everyone.` };
    const weaker = [
      essay("Quinn Hale", "I like the park near my house. We go there on most weekends with our dog. My brother plays football there becuase the grass is soft. It is the best place in town.", [1, 1, 1]),
      essay("Rosa Lane", "Parks are good for a town and its people. People walk there after work to relax. Some children ride there bikes on the paths every day. The trees give shade in summer.", [2, 1, 2]),
    ];
    const { quiz, deck } = classPractice(input({ essays: [withSlip, ...weaker], spellChecker: fakeSpellChecker(["becuase", "grate"]) }));
    expect(quiz).toContainEqual(expect.objectContaining({ kind: "fix-the-sentence", original: "My brother plays football there becuase the grass is soft." }));
    const example = (front: string) => deck.find((card) => card.front === front)?.back.split("Example from the class: ")[1];
    expect(example("Ideas and thesis: Exemplary")).toBe("“A bigger library would also lend laptops to students who have none at home.”");
    expect(example("Conventions: Exemplary")).toBe("“Many towns nearby have done this already.”");
    expect(JSON.stringify(deck)).not.toContain("Our town should build");
  });

  it("practises a spelling slip under a Spelling criterion, and only slips of grammar under Grammar", () => {
    const split: ClassPracticeCriterion[] = [
      { id: "ideas", name: "Ideas", maxPoints: 4, levels: criteria[0]!.levels },
      { id: "spelling", name: "Spelling", maxPoints: 4, levels: criteria[1]!.levels },
      { id: "grammar", name: "Grammar and punctuation", maxPoints: 4, levels: criteria[1]!.levels },
    ];
    const scored = (name: string, text: string): ClassPracticeEssay => ({ text, studentName: name, overallFraction: 0.4, criteria: [{ criterionId: "ideas", points: 4 }, { criterionId: "spelling", points: 1 }, { criterionId: "grammar", points: 1 }] });
    const class3 = [
      scored("Ava Lane", "We walk to school every day becuase the bus is slow. It takes us twenty minutes in the rain."),
      scored("Ben Lane", "My sister and i ride our bikes to the park after school. We stay there until dinner time."),
      scored("Cal Lane", "They play football on the field becuase the grass is soft. The coach watches from the bench."),
    ];
    const fixes = classPractice(input({ criteria: split, essays: class3 })).quiz.filter((item) => item.kind === "fix-the-sentence");
    const under = (criterion: string) => fixes.filter((item) => item.source?.criterion === criterion).map((item) => item.kind === "fix-the-sentence" ? item.original : "");
    expect(under("Spelling").length).toBeGreaterThan(0);
    for (const original of under("Spelling")) expect(original).toContain("becuase");
    expect(under("Grammar and punctuation")).toEqual(["My sister and i ride our bikes to the park after school."]);
  });

  it("names no classmate the class list holds, nor an e-mail address, in any item", () => {
    const named = essays.map((e) => (e.studentName === "Ben Ortiz" ? { ...e, text: "A later start time would make students healthier, as chloe park and I found, write me at ben.o@school.org. Doctors agree." } : e));
    const result = classPractice(input({ essays: named, classNames: essays.map((e) => e.studentName!), spellChecker: fakeSpellChecker(["becuase", "chloe"]) }));
    expect(allText(result)).toContain("healthier, as [name] and I found, write me at [email].");
    expect(allText(result)).not.toMatch(/chloe|park|ben\.o@/i);
  });

  it("names no student and quotes no passage over 40 words", () => {
    const result = classPractice(input());
    for (const name of ["Ava", "Brooks", "Liam", "Carter", "Dan", "Wu", "Patel", "Chloe", "Eve"]) expect(allText(result)).not.toMatch(new RegExp(`\\b${name}\\b`));
    expect(allText(result)).toContain("[name]");
    for (const item of [...result.quiz, ...result.deck]) expect(countWords(item.source?.text ?? "")).toBeLessThanOrEqual(maxPassageWords);
  });

  it("keeps every item valid and distinct, and the same for a seed", () => {
    const result = classPractice(input());
    expect(keepValid(result.quiz, validateQuizItem)).toEqual(result.quiz);
    expect(keepValid(result.deck, validateFlashcard)).toEqual(result.deck);
    expect(classPractice(input())).toEqual(result);
  });

  it("leaves out essays that are not graded", () => {
    expect(allText(classPractice(input()))).not.toContain("Not graded yet");
  });

  it("says how many graded essays it needs", () => {
    expect(classPractice(input({ essays: essays.slice(4) }))).toEqual({
      weakest: [],
      quiz: [],
      deck: [],
      problem: { code: "not-enough-graded", message: "Grade at least 3 essays to make practice for this class: 1 is graded." },
    });
  });
  it("practises on the paper's body, not its heading, title or works cited", () => {
    const paper = (name: string, body: string) => `${name}\nMs. Rivera\nEnglish 9, Period 2\n12 March 2025\n\nSleep and the School Day\n\n${body}\n\nWorks Cited\nCarter, Liam. Sleep Project. 2024.`;
    const longer = " Students who sleep well remember more of what they read, and they are calmer with their friends and teachers during the long school day.";
    const papers = essays.map((e) => ({ ...e, text: paper(e.studentName!, e.text + longer) }));
    const result = classPractice(input({ essays: papers }));
    const text = allText(result);
    for (const part of ["Rivera", "English 9", "Sleep and the School Day", "Works Cited", "Sleep Project"]) expect(text).not.toContain(part);
    const openings = result.quiz.filter((i) => i.kind === "multiple-choice" && i.prompt === "Which opening states its main idea more clearly?");
    expect(openings.length).toBeGreaterThan(0);
  });
  it("asks a passage two students share once, however many items it would make", () => {
    const copied = essay("Gus Lane", "Schools should start at nine since teenagers learn better when they have slept enough. Sleep research supports this.", [4, 3, 4]);
    const result = classPractice(input({ essays: [...essays, copied] }));
    const openings = result.quiz.filter((i) => i.kind === "multiple-choice").map((i) => i.source?.text ?? "");
    expect(openings.filter((text) => text.startsWith("Schools should start at nine"))).toHaveLength(1);
  });
});
