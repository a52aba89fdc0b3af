import { describe, expect, it } from "vitest";
import { answerClassQuestion } from "./class-answers";
import type { ClassAssignment, ClassData, ClassSubmission } from "./class-data";
import { recognizeClassQuestion } from "./class-questions";

const submission = (id: string, studentName: string, status: ClassSubmission["status"], score: number | null, extra: Partial<ClassSubmission> = {}): ClassSubmission => ({
  id,
  studentName,
  rosterStudentId: null,
  status,
  finalScore: score,
  rawScore: score,
  criteriaScores: null,
  engineScore: score,
  engineCriteriaScores: null,
  isFeedbackRewritten: false,
  reviewed: false,
  reviewedAt: null,
  late: false,
  feedbackLink: null,
  ...extra,
});

const essay: ClassAssignment = {
  id: "a1",
  title: "Persuasive Essay",
  status: "active",
  dueDate: "2026-11-20",
  maxScore: 20,
  criteria: [
    { id: "thesis", name: "Thesis", maxPoints: 10 },
    { id: "evidence", name: "Evidence", maxPoints: 10 },
  ],
  roster: [
    { id: "r1", name: "Maya Chen" },
    { id: "r2", name: "Jordan Lee" },
    { id: "r3", name: "Priya Patel" },
  ],
  submissions: [
    submission("s1", "Maya Chen", "needs_review", 16, { rosterStudentId: "r1", criteriaScores: { thesis: 9, evidence: 7 } }),
    submission("s2", "Jordan Lee", "accepted", 12, { criteriaScores: { thesis: 8, evidence: 4 }, reviewed: true, engineScore: 10, reviewedAt: new Date("2026-11-22"), late: true }),
  ],
};
const poem: ClassAssignment = { id: "a2", title: "Poetry Analysis", status: "active", dueDate: "2026-12-10", maxScore: 10, criteria: [{ id: "overall", name: "Overall", maxPoints: 10 }], roster: [], submissions: [submission("s3", "Maya Chen", "queued", null)] };
const data: ClassData = { now: new Date("2026-11-25T12:00:00Z"), assignments: [essay, poem] };
const ask = (message: string) => answerClassQuestion(recognizeClassQuestion(message)!, message, data);

describe("answers from the teacher's classes", () => {
  it("counts what waits for review, per assignment, with a link to the review queue", () => {
    const answer = ask("What needs my review?");
    expect(answer).toContain("1 essay is waiting for your review");
    expect(answer).toContain("[\u201cPersuasive Essay\u201d](/assignments/a1/review): 1 waiting");
    expect(answer).toContain("1 essay is still being graded");
  });

  it("names who has not submitted from the roster, matched by roster link or name", () => {
    const answer = ask("Who hasn't submitted the persuasive essay?");
    expect(answer).toContain("[\u201cPersuasive Essay\u201d](/assignments/a1): 1 of 3 not submitted: Priya Patel.");
    expect(answer).not.toContain("Jordan Lee");
  });

  it("gives the average, spread and range, and each criterion when one assignment is named", () => {
    const answer = ask("How did the class do on Persuasive Essay?");
    expect(answer).toContain("average 14 of 20 (70%), median 14, spread (standard deviation) 2, from 12 to 16");
    expect(answer).toContain("Thesis 8.5 of 10 (85%); Evidence 5.5 of 10 (55%)");
    expect(answer).toContain("[\u201cPersuasive Essay\u201d](/assignments/a1/gradebook): average");
  });

  it("answers a question about the median with the median, not only the average", () => {
    const skewed: ClassAssignment = { ...poem, id: "a3", title: "Lab Report", submissions: [10, 1, 2].map((score, i) => submission(`m${i}`, `Student ${i}`, "accepted", score)) };
    const message = "What's the median on the lab report?";
    expect(answerClassQuestion(recognizeClassQuestion(message)!, message, { ...data, assignments: [skewed] })).toContain("average 4.3 of 10 (43%), median 2,");
  });

  it("finds the weakest criterion against the others", () => {
    expect(ask("What's the weakest criterion?")).toContain("\u201cPersuasive Essay\u201d](/assignments/a1/gradebook): Evidence, average 5.5 of 10 (55%, against 85% on the other criteria)");
  });

  it("lists a student's grades across assignments, with links to each", () => {
    const answer = ask("How is Maya doing?");
    expect(answer).toContain("Maya Chen:");
    expect(answer).toContain("[\u201cPersuasive Essay\u201d](/assignments/a1/review?submission=s1): 16 of 20 (80%), waiting for your review");
    expect(answer).toContain("\u201cPoetry Analysis\u201d](/assignments/a2/review?submission=s3): still being graded");
    expect(ask("What are Zed's grades?")).toContain("I couldn't find a student called \u201czed\u201d");
  });

  it("shows a grade given on an earlier rubric out of its own total and leaves it out of the class average", () => {
    // The rubric's total went from 20 to 30 after Jordan's 14/20 was reviewed.
    const changed: ClassAssignment = {
      ...essay,
      maxScore: 30,
      submissions: [submission("s1", "Maya Chen", "accepted", 24), submission("s2", "Jordan Lee", "accepted", 14, { reviewed: true, earlierTotal: 20 })],
    };
    const on = (message: string) => answerClassQuestion(recognizeClassQuestion(message)!, message, { ...data, assignments: [changed] });
    expect(on("How did the class do on Persuasive Essay?")).toContain("average 24 of 30 (80%), median 24, over 1 graded essay (1 grade given on the earlier rubric left out)");
    expect(on("How is Jordan doing?")).toContain("(/assignments/a1/review?submission=s2): 14 of 20 (70%), reviewed, given on the earlier rubric");
    expect(on("Who is struggling?")).toContain("Jordan Lee](/assignments/a1/review?submission=s2) 14 of 20");
  });

  it("reports progress, overdue work and grades changed after review", () => {
    expect(ask("How far has grading got?")).toContain("Grading so far: 2 of 3 essays graded (67%)");
    const overdue = ask("What's overdue?");
    expect(overdue).toContain("\u201cPersuasive Essay\u201d](/assignments/a1): due Nov 20 (5 days ago), 2 submissions, 1 of 3 on the roster not submitted, 1 handed in late");
    expect(overdue).not.toContain("Poetry Analysis");
    expect(ask("Which grades did I change?")).toContain("[Jordan Lee, \u201cPersuasive Essay\u201d](/assignments/a1/review?submission=s2): 10 \u2192 12");
  });

  it("says when the assignment named matches none, or several, instead of answering for all as if for it", () => {
    const missing = ask("What was the average for Grant P3: Computers letter?");
    expect(missing).toMatch(/^I found no assignment called \u201cGrant P3: Computers letter\u201d, so this is for every assignment that is not archived\./);
    expect(missing).toContain("Persuasive Essay");
    const poetry: ClassAssignment = { ...poem, id: "a3", title: "Poetry Analysis 2" };
    const several = answerClassQuestion(recognizeClassQuestion("What was the average for Poetry Analysis?")!, "What was the average for Poetry?", { ...data, assignments: [essay, poem, poetry] });
    expect(several).toMatch(/^\u201cPoetry\u201d matches 2 assignments: \u201cPoetry Analysis\u201d and \u201cPoetry Analysis 2\u201d\./);
    expect(several).not.toContain("Persuasive Essay");
    // "the class", a criterion, a class's year and a possessive name no assignment: no note.
    for (const question of ["What was the average for the class?", "Who struggled with Evidence?", "What was the average in Grade 7?", "What's the average of my students' essays?"]) {
      expect(ask(question), question).not.toContain("I found no assignment");
    }
  });

  it("reads naturally for one reviewed grade and for many assignments without a roster", () => {
    const kept = { ...essay, submissions: [submission("s9", "Ana Ruiz", "accepted", 12, { reviewed: true, engineScore: 12 })] };
    expect(answerClassQuestion({ kind: "changedAfterReview" }, "what did I change", { ...data, assignments: [kept] })).toBe("None: you kept the grader's scores and feedback on the grade you reviewed.");
    const noRoster = ["A", "B", "C", "D"].map((title, i) => ({ ...poem, id: `p${i}`, title }));
    expect(answerClassQuestion({ kind: "notSubmitted" }, "who hasn't submitted", { ...data, assignments: noRoster })).toContain("\u201cA\u201d, \u201cB\u201d, \u201cC\u201d and 1 more have no roster");
  });

  it("counts a review that kept the total but changed criterion scores or rewrote the feedback (holistic grading), and says what changed", () => {
    const reviewed = { reviewed: true, engineScore: 14, reviewedAt: new Date("2026-11-22") };
    const holistic = {
      ...essay,
      submissions: [
        submission("s7", "Ana Ruiz", "accepted", 14, { ...reviewed, criteriaScores: { thesis: 8, evidence: 5 }, engineCriteriaScores: { thesis: 7, evidence: 6 }, isFeedbackRewritten: true }),
        submission("s8", "Ben Cole", "accepted", 14, { ...reviewed, criteriaScores: { thesis: 7, evidence: 6 }, engineCriteriaScores: { thesis: 7, evidence: 6 }, isFeedbackRewritten: true }),
        submission("s9", "Cai Wu", "accepted", 14, { ...reviewed, criteriaScores: { thesis: 7, evidence: 6 }, engineCriteriaScores: { thesis: 7, evidence: 6 } }),
      ],
    };
    const answer = answerClassQuestion({ kind: "changedAfterReview" }, "which grades did I change", { ...data, assignments: [holistic] });
    expect(answer).toContain("You changed 2 grades of the 3 you reviewed");
    expect(answer).toContain("[Ana Ruiz, \u201cPersuasive Essay\u201d](/assignments/a1/review?submission=s7): total kept at 14; Thesis 7 \u2192 8; Evidence 6 \u2192 5; feedback rewritten");
    expect(answer).toContain("(/assignments/a1/review?submission=s8): total kept at 14; feedback rewritten");
    expect(answer).not.toContain("Cai Wu");
  });

  it("names who struggled, on the criterion asked about, lowest first with links to their work", () => {
    const answer = ask("Who struggled with evidence on the Persuasive Essay?");
    expect(answer).toContain("1 student scored under half the points on Evidence: [Jordan Lee](/assignments/a1/review?submission=s2) 4 of 10.");
    expect(answer).not.toContain("Maya Chen");
    const sources = { ...essay, criteria: [{ id: "sources", name: "Engagement with Sources", maxPoints: 10 }, ...essay.criteria] };
    const picked = answerClassQuestion(recognizeClassQuestion("Who struggled with evidence?")!, "Who struggled with evidence?", { ...data, assignments: [sources] });
    expect(picked).toContain("on Evidence:");
    expect(ask("Who did poorly on Persuasive Essay?")).toContain("Nobody scored under half the points; the lowest were: [Jordan Lee](/assignments/a1/review?submission=s2) 12 of 20, [Maya Chen](/assignments/a1/review?submission=s1) 16 of 20.");
  });

  it("writes names and titles with Markdown characters as plain text, so the chat shows them as they are", () => {
    const odd: ClassAssignment = {
      ...essay,
      title: "Essay *draft*",
      roster: [...essay.roster, { id: "r4", name: "[Open](/settings)" }],
      submissions: [...essay.submissions, submission("s4", "**Max** [x]", "accepted", 6, { criteriaScores: { thesis: 3, evidence: 3 }, reviewed: true })],
    };
    const on = (message: string) => answerClassQuestion(recognizeClassQuestion(message)!, message, { ...data, assignments: [odd] });
    expect(on("Who hasn't submitted?")).toContain("[\u201cEssay \\*draft\\*\u201d](/assignments/a1): 2 of 4 not submitted: Priya Patel and \\[Open\\]\\(/settings\\).");
    // In a link's label the brackets are left out, escaped or not, so the label never ends the link early.
    expect(on("Who did poorly on the essay?")).toContain("[\\*\\*Max\\*\\* x](/assignments/a1/review?submission=s4) 6 of 20");
  });

  it("counts returned feedback opened per assignment and names who has not opened theirs, from live links only", () => {
    const returned = (day: string, openCount: number) => ({ returnedAt: new Date(`${day}T09:00:00Z`), expiresAt: new Date("2027-01-20T00:00:00Z"), openCount, firstOpenedAt: openCount ? new Date("2026-11-23T16:00:00Z") : null });
    const withLinks: ClassAssignment = {
      ...essay,
      submissions: [
        submission("s1", "Maya Chen", "accepted", 16, { feedbackLink: returned("2026-11-22", 2) }),
        submission("s2", "Jordan Lee", "accepted", 12, { feedbackLink: returned("2026-11-22", 0) }),
        submission("s4", "Priya Patel", "accepted", 14, { feedbackLink: { ...returned("2026-10-01", 0), expiresAt: new Date("2026-11-01T00:00:00Z") } }),
        submission("s5", "Ana Ruiz", "needs_review", 11),
      ],
    };
    const classes: ClassData = { ...data, assignments: [withLinks, poem] };
    const ask = (message: string) => answerClassQuestion(recognizeClassQuestion(message)!, message, classes);
    const answer = ask("How many feedback links have students opened?");
    expect(answer).toBe(
      "Students have opened 1 of the 3 feedback links you returned (33%):\n\u2022 [\u201cPersuasive Essay\u201d](/assignments/a1): returned to 3 students, opened by 1 (33%); not opened: Jordan Lee and Priya Patel (link expired).",
    );
    expect(ask("Who hasn't opened their feedback?")).toBe(answer);
    expect(ask("Did Maya read her feedback?")).toBe(
      "Maya Chen's feedback:\n\u2022 [\u201cPersuasive Essay\u201d](/assignments/a1): opened 2 times, first on Nov 23\n\u2022 [\u201cPoetry Analysis\u201d](/assignments/a2): still being graded",
    );
    expect(ask("Has Jordan opened his feedback?")).toContain("(/assignments/a1): returned on Nov 22, not opened yet");
    expect(ask("Did Ana read her feedback?")).toContain("(/assignments/a1): waiting for your review, not returned yet");
    expect(ask("Did Zed read his feedback?")).toBe("I couldn't find work by a student called \u201czed\u201d in your assignments.");
    const none: ClassData = { ...data, assignments: [essay, poem] };
    expect(answerClassQuestion({ kind: "feedbackOpened" }, "who opened their feedback on Persuasive Essay", none)).toContain("You haven't returned feedback on \u201cPersuasive Essay\u201d to students yet: use Return to students on [its page](/assignments/a1).");

    // Archived with its links open: not "you haven't returned feedback", and asking by its title answers.
    const archived: ClassData = { ...data, assignments: [{ ...withLinks, status: "archived" }, poem] };
    expect(answerClassQuestion({ kind: "feedbackOpened" }, "how many feedback links have students opened", archived)).toBe(
      "None of your current assignments has feedback returned to students. Archived, with links still open: [\u201cPersuasive Essay\u201d](/assignments/a1). Ask about one by its title, as in \u201cwho opened their feedback on Persuasive Essay\u201d.",
    );
    expect(answerClassQuestion(recognizeClassQuestion("who opened their feedback on Persuasive Essay")!, "who opened their feedback on Persuasive Essay", archived)).toContain("returned to 3 students, opened by 1 (33%)");
  });

  it("names everyone when asked to show all, and says how when a list is cut short", () => {
    const names = Array.from({ length: 23 }, (_, i) => `Student ${String(i + 1).padStart(2, "0")}`);
    const big: ClassAssignment = { ...essay, roster: names.map((name, i) => ({ id: `r${i}`, name })), submissions: [] };
    const classes: ClassData = { ...data, assignments: [big] };
    const short = answerClassQuestion({ kind: "notSubmitted" }, "who hasn't submitted", classes);
    expect(short).toContain("Student 12 and 11 more (say \u201cshow all\u201d to see every name).");
    expect(short).not.toContain("Student 13");
    const all = answerClassQuestion({ kind: "notSubmitted", showAll: true }, "who hasn't submitted", classes);
    expect(all).toContain(`23 of 23 not submitted: ${names.slice(0, -1).join(", ")} and Student 23.`);
    expect(all).not.toContain("more");
    const struggling: ClassAssignment = { ...essay, submissions: names.map((name, i) => submission(`x${i}`, name, "accepted", 2)) };
    const low = answerClassQuestion({ kind: "strugglingStudents", showAll: true }, "who struggled", { ...data, assignments: [struggling] });
    for (const name of names) expect(low).toContain(`[${name}]`);
  });

  it("says so when there is nothing to count", () => {
    const empty: ClassData = { now: data.now, assignments: [] };
    expect(answerClassQuestion({ kind: "reviewQueue" }, "what needs review", empty)).toContain("You don't have any assignments yet");
  });
});

describe("links a model's answer must keep", () => {
  it("lists the tool's links the answer lacks, once each", async () => {
    const { linksMissingFrom } = await import("./links");
    const tool = "a [\u201cX\u201d](/assignments/1) b [\u201cY\u201d](/assignments/2/review) c [\u201cX\u201d](/assignments/1)";
    expect(linksMissingFrom("See [X](/assignments/1).", [tool])).toEqual(["[\u201cY\u201d](/assignments/2/review)"]);
    expect(linksMissingFrom("nothing linked", [])).toEqual([]);
  });
});
