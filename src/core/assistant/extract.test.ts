import { describe, expect, it } from "vitest";
import { extractProfileFacts } from "./extract";
import type { ExtractionContext, ProfileFacts } from "./types";

const inPreferences: ExtractionContext = { step: "preferences" };
const asked = (askedField: ExtractionContext["askedField"], step: ExtractionContext["step"] = "preferences"): ExtractionContext => ({ step, askedField });
const late = (type: "none" | "percentage" | "points", penaltyPerDay = 10, maxLateDays = 7) => ({ latePolicy: { type, penaltyPerDay, maxLateDays } });

type Row = [message: string, context: ExtractionContext, facts: Partial<ProfileFacts>];

/** Real-sounding teacher sentences and exactly the facts each one states. */
const sentences: Row[] = [
  // strictness
  ["pretty strict, maybe 80", inPreferences, { strictness: 80 }],
  ["Set strictness to 65.", inPreferences, { strictness: 65 }],
  ["I'd say I'm a 7 out of 10 on strictness", inPreferences, { strictness: 70 }],
  ["I'm a fairly strict grader, around seventy-five", inPreferences, { strictness: 75 }],
  ["80", asked("strictness"), { strictness: 80 }],
  ["maybe 60?", asked("strictness"), { strictness: 60 }],
  ["Strict (85)", asked("strictness"), { strictness: 85 }],
  ["I'm very strict", inPreferences, { strictness: 85 }],
  ["honestly I'm pretty lenient", inPreferences, { strictness: 30 }],
  // tone
  ["be gentle", inPreferences, { tone: "gentle" }],
  ["Please be encouraging with them, they're freshmen", inPreferences, { tone: "gentle" }],
  ["Direct. They can handle it.", inPreferences, { tone: "direct" }],
  ["don't sugarcoat anything", inPreferences, { tone: "direct" }],
  ["just keep the tone neutral", inPreferences, { tone: "neutral" }],
  ["Please don't be too harsh in the comments", inPreferences, { tone: "gentle" }],
  ["somewhere in the middle", asked("tone"), { tone: "neutral" }],
  // feedback length
  ["keep feedback brief", inPreferences, { feedbackLength: "short" }],
  ["I like detailed comments on every paper", inPreferences, { feedbackLength: "detailed" }],
  ["Standard", asked("feedbackLength"), { feedbackLength: "standard" }],
  ["feedback shouldn't be too long", inPreferences, { feedbackLength: "short" }],
  // grammar vs content
  ["grammar counts about a third", inPreferences, { grammarVsContent: 33 }],
  ["mostly content, grammar 20%", inPreferences, { grammarVsContent: 20 }],
  ["content is 80% of the grade", inPreferences, { grammarVsContent: 20 }],
  ["70/30 content to grammar", inPreferences, { grammarVsContent: 30 }],
  ["Half and half", asked("grammarVsContent"), { grammarVsContent: 50 }],
  ["I weigh grammar and content equally", inPreferences, { grammarVsContent: 50 }],
  ["25", asked("grammarVsContent"), { grammarVsContent: 25 }],
  // grading approach
  ["holistic", inPreferences, { gradingApproach: "holistic" }],
  ["I use points", inPreferences, { gradingApproach: "points" }],
  ["I grade holistically, I go by my overall impression", inPreferences, { gradingApproach: "holistic" }],
  ["Points", asked("gradingApproach"), { gradingApproach: "points" }],
  ["analytic scoring, criterion by criterion", inPreferences, { gradingApproach: "points" }],
  // late policy
  ["take 10% a day off late work", inPreferences, late("percentage", 10, 7)],
  ["5 points per day, up to 3 days", inPreferences, late("points", 5, 3)],
  ["no late penalty", inPreferences, late("none")],
  ["Late work loses 15 percent per day and I don't accept it after 5 days", inPreferences, late("percentage", 15, 5)],
  ["a letter grade per day late", inPreferences, late("percentage", 10, 7)],
  ["I don't penalize late work", inPreferences, late("none")],
  ["Percentage per day", asked("latePolicy"), late("percentage", 10, 7)],
  ["No penalty", asked("latePolicy"), late("none")],
  ["ten percent off for each day it's late, max of four days", inPreferences, late("percentage", 10, 4)],
  // strengths first
  ["lead with strengths", inPreferences, { strengthsFirst: true }],
  ["start with what they did well", inPreferences, { strengthsFirst: true }],
  ["I always do the compliment sandwich", inPreferences, { strengthsFirst: true }],
  ["skip the praise and get to the problems", inPreferences, { strengthsFirst: false }],
  ["yes", asked("strengthsFirst"), { strengthsFirst: true }],
  ["No, get straight to it", asked("strengthsFirst"), { strengthsFirst: false }],
  // auto-accept threshold
  ["auto-accept anything above 90", inPreferences, { autoAcceptThreshold: 90 }],
  ["only accept automatically when confidence is over 95%", inPreferences, { autoAcceptThreshold: 95 }],
  ["Above 80", asked("autoAcceptThreshold"), { autoAcceptThreshold: 80 }],
  ["Never auto-accept", asked("autoAcceptThreshold"), { autoAcceptThreshold: 100 }],
  // welcome
  ["my name is Dana Ruiz, I teach 10th grade English at Jefferson High", asked("name", "welcome"), { name: "Dana Ruiz", school: "Jefferson High", course: "10th grade English", coursePreset: "english" }],
  ["I teach APUSH", asked("course", "welcome"), { course: "APUSH", coursePreset: "apush" }],
  ["Hi, I'm Ms. Okafor and I teach AP U.S. History at Lincoln High School.", asked("name", "welcome"), { name: "Ms. Okafor", course: "AP U.S. History", coursePreset: "apush", school: "Lincoln High School" }],
  ["Marcus Chen", asked("name", "welcome"), { name: "Marcus Chen" }],
  ["jefferson high", asked("school", "welcome"), { school: "jefferson high" }],
  ["AP Lit", asked("course", "welcome"), { course: "AP Lit", coursePreset: "english" }],
  ["Chemistry", asked("course", "welcome"), { course: "Chemistry" }],
  ["I work at Roosevelt Academy", asked("name", "welcome"), { school: "Roosevelt Academy" }],
  // several facts in one message
  ["I'm pretty strict, maybe 80, and I like to be direct", inPreferences, { strictness: 80, tone: "direct" }],
  ["Keep feedback brief but be direct, and take 5 points a day off late work", inPreferences, { feedbackLength: "short", tone: "direct", ...late("points", 5, 7) }],
  ["grammar 20%, strictness 70", inPreferences, { grammarVsContent: 20, strictness: 70 }],
  // rubric lines
  ["Thesis 20, Evidence 40, Analysis 25, Mechanics 15", asked("rubric", "rubric"), { criteria: [{ name: "Thesis", weight: 20 }, { name: "Evidence", weight: 40 }, { name: "Analysis", weight: 25 }, { name: "Mechanics", weight: 15 }] }],
  ["evidence 40%", asked("rubric", "rubric"), { criteria: [{ name: "Evidence", weight: 40 }] }],
  ["- Claim: 4 points\n- Evidence: 8 points\n- Reasoning: 8 points", asked("rubric", "rubric"), { criteria: [{ name: "Claim", points: 4 }, { name: "Evidence", points: 8 }, { name: "Reasoning", points: 8 }] }],
  ["My rubric is Thesis 25, Use of evidence 35, Grammar and Mechanics 15 and Organization 25", inPreferences, { criteria: [{ name: "Thesis", weight: 25 }, { name: "Use of evidence", weight: 35 }, { name: "Grammar and Mechanics", weight: 15 }, { name: "Organization", weight: 25 }] }],
  ["40% analysis", asked("rubric", "rubric"), { criteria: [{ name: "Analysis", weight: 40 }] }],
];

/** Small talk, questions and unrelated numbers: nothing may be read from these. */
const nothing: [string, ExtractionContext][] = [
  ["thanks!", inPreferences],
  ["hmm let me think", asked("strictness")],
  ["what does strictness mean?", asked("strictness")],
  ["Is 80 too strict?", asked("strictness")],
  ["How do other teachers set the late policy?", asked("latePolicy")],
  ["I have 30 students", asked("strictness")],
  ["class starts at 8", asked("strictness")],
  ["room 204", asked("autoAcceptThreshold")],
  ["80", inPreferences],
  ["ok", asked("tone")],
  ["I teach 3 sections of 28 kids each", asked("grammarVsContent")],
  ["I've been teaching since 2009", asked("strictness")],
  ["hi there", asked("name", "welcome")],
  ["I'm short on time today, sorry", inPreferences],
  ["my classroom is 114", asked("autoAcceptThreshold")],
  ["what's a good threshold?", asked("autoAcceptThreshold")],
  ["the essays are about 5 pages long", asked("rubric", "rubric")],
  ["I have 30 students", asked("rubric", "rubric")],
];

/** Negations, and answers to another question than the one asked. */
const otherAnswers: Row[] = [
  ["no I don't want to start with strengths, get to the point", asked("latePolicy"), { strengthsFirst: false }],
  ["Don't take off points for spelling or grammar at all.", asked("grammarVsContent"), { grammarVsContent: 0 }],
  ["Don't take off points for spelling or grammar at all.", asked("latePolicy"), { grammarVsContent: 0 }],
  ["Don't deduct for spelling.", inPreferences, { grammarVsContent: 0 }],
  ["Don't be harsh with them, but don't be too soft either.", asked("tone"), { tone: "neutral" }],
  ["Don't be harsh with them, but don't be too soft either.", inPreferences, { tone: "neutral" }],
  ["nope, no penalty", asked("latePolicy"), late("none")],
];

describe("extractProfileFacts", () => {
  it.each(otherAnswers)("reads %j as what it says, not as the question asked", (message, context, facts) => {
    const result = extractProfileFacts(message, context);
    expect(result.facts).toEqual(facts);
    expect(result.problems).toEqual([]);
  });

  it("asks which approach when both holistic and points are said", () => {
    for (const context of [asked("gradingApproach"), inPreferences]) {
      const result = extractProfileFacts("both holistic and points", context);
      expect(result.facts).toEqual({});
      expect(result.problems).toEqual([expect.stringMatching(/^You said both holistic and points; which one should I use\?/)]);
    }
    expect(extractProfileFacts("holistic, not points", asked("gradingApproach")).facts).toEqual({ gradingApproach: "holistic" });
  });

  it.each(sentences)("reads %j", (message, context, facts) => {
    const result = extractProfileFacts(message, context);
    expect(result.facts).toEqual(facts);
    expect(result.problems).toEqual([]);
  });

  it.each(nothing)("reads nothing from %j", (message, context) => {
    const result = extractProfileFacts(message, context);
    expect(result.facts).toEqual({});
    expect(result.problems).toEqual([]);
  });

  it("has a table of at least 60 sentences, 12 of them extracting nothing", () => {
    expect(sentences.length + nothing.length).toBeGreaterThanOrEqual(60);
    expect(nothing.length).toBeGreaterThanOrEqual(12);
  });
});

describe("values that are recognised but invalid", () => {
  it.each([
    ["strictness 150", inPreferences, "Strictness must be from 0 to 100"],
    ["150", asked("strictness"), "Strictness must be from 0 to 100"],
    ["auto-accept above 120", inPreferences, "Auto-accept threshold must be from 0 to 100"],
    ["auto accept above one hundred and fifty", asked("autoAcceptThreshold"), "Auto-accept threshold must be from 0 to 100"],
    ["one hundred and fifty", asked("autoAcceptThreshold"), "Auto-accept threshold must be from 0 to 100"],
    ["strictness a hundred and twenty", inPreferences, "Strictness must be from 0 to 100"],
    ["one hundred and fifty", asked("strictness"), "Strictness must be from 0 to 100"],
    ["grammar counts 140%", inPreferences, "Grammar versus content must be from 0 to 100"],
    ["take 150% a day off late work", inPreferences, "Penalty per day must be at most 100"],
    ["Thesis 20%, Evidence 140%, Analysis 25%", asked("rubric", "rubric"), "The weight for Evidence must be a whole number from 0 to 100."],
  ] as const)("%j is refused with %j", (message, context, problem) => {
    const result = extractProfileFacts(message, context);
    expect(result.problems).toContain(problem);
    expect(result.facts).not.toHaveProperty("strictness");
    expect(result.facts).not.toHaveProperty("autoAcceptThreshold");
    expect(result.facts).not.toHaveProperty("latePolicy");
  });

  it("keeps the valid criteria of a rubric line with one bad weight", () => {
    const result = extractProfileFacts("Thesis 20%, Evidence 140%, Analysis 25%", asked("rubric", "rubric"));
    expect(result.facts.criteria?.map((criterion) => criterion.name)).toEqual(["Thesis", "Analysis"]);
  });
});

describe("confidence", () => {
  it("is full for an explicit statement and lower for a reading of vaguer words", () => {
    expect(extractProfileFacts("strictness 80", inPreferences).confidence.strictness).toBe(1);
    expect(extractProfileFacts("I'm pretty strict", inPreferences).confidence.strictness).toBeLessThan(0.7);
  });
});

describe("rubric numbers", () => {
  it("reads unitless numbers that do not make 100 as points", () => {
    const result = extractProfileFacts("Thesis 4, Evidence 4, Analysis 4, Conventions 4", asked("rubric", "rubric"));
    expect(result.facts.criteria).toEqual([
      { name: "Thesis", points: 4 },
      { name: "Evidence", points: 4 },
      { name: "Analysis", points: 4 },
      { name: "Conventions", points: 4 },
    ]);
  });

  it("continues a points rubric with a bare number", () => {
    const result = extractProfileFacts("Style 10", { step: "rubric", askedField: "rubric", rubricKind: "points" });
    expect(result.facts.criteria).toEqual([{ name: "Style", points: 10 }]);
  });

  it("does not read a rubric out of preference numbers", () => {
    const result = extractProfileFacts("strictness 80, grammar 20, auto-accept 90", inPreferences);
    expect(result.facts).toEqual({ strictness: 80, grammarVsContent: 20, autoAcceptThreshold: 90 });
  });
});

const essay =
  "The Civil War began in 1861 after decades of conflict over slavery, states' rights and westward expansion. " +
  "The election of Lincoln convinced southern states that their way of life was threatened, and South Carolina seceded first. " +
  "Historians still debate how much economics mattered compared with ideology, but the moral question of slavery was central.";

describe("graded samples", () => {
  it("reads a pasted essay with Score: 8/10 and labelled feedback", () => {
    const result = extractProfileFacts(`Here's one I graded:\n${essay}\nScore: 8/10\nFeedback: Strong thesis; the analysis of causes could go deeper.`, asked("sample", "samples"));
    expect(result.facts).toEqual({ sample: { content: essay, score: 8, maxScore: 10, feedback: "Strong thesis; the analysis of causes could go deeper." } });
  });

  it('reads "I gave this 85" with the feedback after it', () => {
    const result = extractProfileFacts(`${essay} I gave this 85. Clear argument and good evidence, but proofread for comma splices.`, asked("sample", "samples"));
    expect(result.facts.sample).toEqual({ content: essay, score: 85, feedback: "Clear argument and good evidence, but proofread for comma splices." });
  });

  it("takes a short answer as the sample when a sample was asked for and a score and feedback follow it", () => {
    const answer = "Plants use sunlight, water and carbon dioxide to make glucose, and they give off oxygen as they do it.";
    const result = extractProfileFacts(`${answer}\nScore: 7/10\nFeedback: Name the chloroplast.`, asked("sample", "samples"));
    expect(result.problems).toEqual([]);
    expect(result.facts).toEqual({ sample: { content: answer, score: 7, maxScore: 10, feedback: "Name the chloroplast." } });
  });

  it("asks for the feedback when only the essay and the score are there", () => {
    const result = extractProfileFacts(`${essay}\nScore: 8/10`, asked("sample", "samples"));
    expect(result.facts).toEqual({});
    expect(result.problems).toEqual(["I have the essay and the score, but not your feedback. Paste the comments you gave, starting with Feedback:"]);
  });

  it("asks for the score when an essay comes without one, and reads nothing from the student's words", () => {
    const result = extractProfileFacts(`${essay} The author is direct and the tone is gentle.`, asked("sample", "samples"));
    expect(result.facts).toEqual({});
    expect(result.problems[0]).toMatch(/What score did you give/);
  });

  const lateEssay =
    "The king's advisers warned him about the colonists for years, and he ignored them. " +
    "At this point, it maybe too late for him to change course, because the colonists had already formed their own congress. " +
    "They wrote letters, held meetings and organized boycotts. In the end the war began, and the colonies declared independence in 1776.";

  it("reads nothing of a pasted essay as the teacher's settings at any step, and asks for its score", () => {
    for (const context of [{ step: "complete" } as const, inPreferences, asked("strictness"), asked("name", "welcome")]) {
      const result = extractProfileFacts(lateEssay, context);
      expect(result.facts).toEqual({});
      expect(result.problems).toEqual(["What score did you give this one? Add a line such as Score: 8/10 or I gave this 85."]);
    }
  });

  it("takes an essay with a score in words as a sample, after the setup is complete", () => {
    const result = extractProfileFacts(`${lateEssay}\n\nI gave it eighty-two percent. Feedback: nice voice, weak conclusion.`, { step: "complete" });
    expect(result.facts).toEqual({ sample: { content: lateEssay, score: 82, feedback: "nice voice, weak conclusion." } });
  });

  it("takes a short labelled paste as a sample, and its words set nothing", () => {
    const result = extractProfileFacts("Sample essay: The king's laws were strict and unfair. I'd rate them eighty. Score: 6/10 Feedback: add evidence.", inPreferences);
    expect(result.facts).toEqual({ sample: { content: "The king's laws were strict and unfair. I'd rate them eighty.", score: 6, maxScore: 10, feedback: "add evidence." } });
  });

  it("still reads a long message of the teacher's own", () => {
    const message =
      "Hi, my name is Dana Ruiz and I teach at Jefferson High. I'm pretty strict, maybe 80. I want my feedback short and direct. " +
      "Grammar should count about 20%. Late work loses 10% a day for up to 5 days. My students are juniors and most of them write well.";
    const result = extractProfileFacts(message, asked("name", "welcome"));
    expect(result.facts).toMatchObject({ name: "Dana Ruiz", school: "Jefferson High", strictness: 80, grammarVsContent: 20, latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 5 } });
  });

  it("refuses a score above its maximum", () => {
    const result = extractProfileFacts(`${essay}\nScore: 12/10\nFeedback: Great work overall.`, asked("sample", "samples"));
    expect(result.problems).toEqual(["The score 12 is more than the maximum of 10."]);
  });
});
