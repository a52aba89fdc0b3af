import { describe, expect, it } from "vitest";
import type { ClassAssignment, ClassData, ClassSubmission } from "./class-data";
import { answerPracticeRequest, recognizePracticeRequest } from "./practice-requests";

const graded = (id: string, name: string, thesis: number, evidence: number, status: ClassSubmission["status"] = "accepted"): ClassSubmission => ({
  id,
  studentName: name,
  rosterStudentId: null,
  status,
  finalScore: thesis + evidence,
  rawScore: thesis + evidence,
  criteriaScores: { thesis, evidence, style: 8 },
  engineScore: thesis + evidence,
  engineCriteriaScores: null,
  isFeedbackRewritten: false,
  reviewed: false,
  reviewedAt: null,
  late: false,
  feedbackLink: null,
});

const criteria = [
  { id: "thesis", name: "Thesis", maxPoints: 10 },
  { id: "evidence", name: "Evidence", maxPoints: 10 },
  { id: "style", name: "Style", maxPoints: 10 },
];
const uniforms: ClassAssignment = {
  id: "u1",
  title: "Uniforms Essay",
  status: "active",
  dueDate: null,
  maxScore: 30,
  criteria,
  roster: [],
  submissions: [graded("s1", "Maya Chen", 6, 3), graded("s2", "Jordan Lee", 5, 4), graded("s3", "Priya Patel", 7, 2, "needs_review")],
};
const letter: ClassAssignment = { ...uniforms, id: "l1", title: "Computers Letter", submissions: [graded("s4", "Ana Ruiz", 6, 6)] };
const draft: ClassAssignment = { ...uniforms, id: "d1", title: "Poetry Draft", status: "draft", submissions: [] };
const data: ClassData = { now: new Date("2026-11-25T12:00:00Z"), assignments: [uniforms, letter, draft] };
const offline = { hasModel: false };
const ask = (message: string, classes = data) => answerPracticeRequest(recognizePracticeRequest(message)!, message, classes, offline);

describe("requests to make practice", () => {
  it("recognises a request for a quiz, flashcards or practice, however it is put", () => {
    const phrasings: Array<[string, "quiz" | "deck" | "practice"]> = [
      ["Make a quiz for this class", "quiz"],
      ["make flashcards for period 3", "deck"],
      ["create a practice quiz on evidence", "quiz"],
      ["Can you generate some flash cards from the Uniforms Essay?", "deck"],
      ["I need a short test on thesis statements", "quiz"],
      ["make practice for my class", "practice"],
      ["How do I make a quiz and flashcards?", "practice"],
      ["give me 10 multiple choice questions on evidence", "quiz"],
    ];
    for (const [message, kind] of phrasings) expect(recognizePracticeRequest(message), message).toEqual({ kind });
  });

  it("leaves other requests alone", () => {
    for (const message of ["build a rubric for the quiz", "write feedback on the quiz", "make a test assignment", "What needs my review?", "Set my strictness to 70", "Open Uniforms Essay", "I need to review the test", "how did the class do on the quiz?", "give me the test scores", "make the test harder", "show me the test results"]) {
      expect(recognizePracticeRequest(message), message).toBeUndefined();
    }
  });

  it("points at Make practice on the assignment the teacher named, and says it made nothing", () => {
    const answer = ask("Make flashcards from the Uniforms Essay");
    expect(answer).toContain("I can't make it from the chat, but one button on the assignment does: open [\u201cUniforms Essay\u201d](/assignments/u1) (3 graded essays, lowest on Evidence and Thesis) and press **Make practice**.");
    expect(answer).toContain("It makes a quiz and a flashcard deck from the class's graded work");
    expect(answer).toContain("paste its text or upload a document on the [Flashcards](/flashcards) page.");
    expect(answer).not.toMatch(/I(?:'ve| have) made|here (?:is|are) your/i);
  });

  it("says why an assignment named cannot give practice yet", () => {
    expect(ask("make a quiz for Computers Letter")).toContain("\u201cComputers Letter\u201d has 1 graded essay: **Make practice** needs at least 3");
    expect(ask("make a quiz for Poetry Draft")).toContain("\u201cPoetry Draft\u201d is still a draft");
  });

  it("asks which assignment when the request does not say, listing those with enough graded work", () => {
    const second: ClassAssignment = { ...uniforms, id: "u2", title: "Sleep Essay" };
    const answer = ask("Make a quiz for this class", { ...data, assignments: [uniforms, second, letter] });
    expect(answer).toMatch(/^Which assignment should the practice come from\? I can't make it from the chat: \*\*Make practice\*\* on an assignment's page makes it/);
    expect(answer).toContain("\u2022 [\u201cUniforms Essay\u201d](/assignments/u1): 3 graded essays, lowest on Evidence and Thesis");
    expect(answer).toContain("\u2022 [\u201cSleep Essay\u201d](/assignments/u2)");
    expect(answer).not.toContain("Computers Letter");
    expect(answer).toContain("[Quizzes & Tests](/quizzes)");
  });

  it("names the one assignment ready when there is one, and says a criterion cannot be chosen", () => {
    const answer = ask("create a practice quiz on evidence");
    expect(answer).toContain("your one assignment with enough graded work has a button that does: open [\u201cUniforms Essay\u201d](/assignments/u1)");
    expect(answer).toContain("for practice on Evidence alone, use a lesson about it");
    expect(ask("make flashcards for period 3")).toContain("open [\u201cUniforms Essay\u201d](/assignments/u1)");
  });

  it("says when nothing is ready, and that a topic line needs a model", () => {
    const answer = answerPracticeRequest({ kind: "quiz" }, "make a quiz", { ...data, assignments: [letter] }, offline);
    expect(answer).toContain("none of your assignments has enough graded work for **Make practice** yet: it needs at least 3 graded essays");
    expect(answer).not.toContain("topic");
    expect(answerPracticeRequest({ kind: "quiz" }, "make a quiz", data, { hasModel: true })).toContain(", or give a topic.");
  });
});
