import { describe, expect, it } from "vitest";
import { isShowAllFollowUp, recognizeClassQuestion, type ClassQuestionKind } from "./class-questions";
import { recognizeIntent } from "./intents";

/** How teachers ask, five or more ways per question; written from how people talk, not from the patterns. */
const phrasings: Record<ClassQuestionKind, string[]> = {
  reviewQueue: [
    "How many essays are waiting for my review?",
    "what needs my review?",
    "Anything I still have to review?",
    "Which papers are pending review",
    "what's in my review queue",
    "Do I have grades to approve?",
    "show me what's waiting for me",
  ],
  notSubmitted: [
    "Who hasn't submitted yet?",
    "which students have not turned in the essay",
    "Who is missing work?",
    "Who didn't hand in their essay?",
    "who still owes me an essay",
    "Which kids haven't sent anything?",
  ],
  overdue: ["What's overdue?", "Which assignments are past due?", "anything past the deadline?", "Did anyone miss the deadline?", "show me late submissions", "who handed in late", "How many submissions were late?", "how many were late on the essay", "Which students were late?"],
  averages: [
    "What's the class average?",
    "How did my class do on the persuasive essay?",
    "What is the average score per criterion?",
    "Show me the spread of grades",
    "How are the students doing overall?",
    "what's the median mark",
    "how did everyone score",
  ],
  weakestCriterion: [
    "What is the weakest criterion?",
    "Where is my class struggling?",
    "Which criterion has the lowest scores?",
    "What area needs the most work?",
    "where do students lose the most points",
    "which rubric category is the weakest for them",
  ],
  strugglingStudents: [
    "Who struggled with evidence?",
    "Which students struggled with Ideas and Evidence on the computers letter?",
    "who scored lowest on the essay",
    "Which kids need extra help?",
    "who did poorly on thesis",
  ],
  studentGrades: ["How is Maya doing?", "Show me Maya Chen's grades", "grades for Maya Chen", "What are Jordan's scores?", "How did Jordan do across assignments?", "How's Priya Patel been doing"],
  progress: [
    "How far has grading got?",
    "What's the grading progress?",
    "How many have been graded so far?",
    "Is the grading done yet?",
    "how much is left to grade",
    "are the essays graded",
  ],
  changedAfterReview: [
    "Which grades changed after review?",
    "Which scores did I edit?",
    "What grades did I override?",
    "Show me the marks I adjusted",
    "did I change any grades",
    "where did my grades differ from the grader",
  ],
  feedbackOpened: [
    "How many feedback links have students opened?",
    "who hasn't opened their feedback",
    "Did Maya read her feedback?",
    "Has anyone opened the feedback links yet?",
    "Which students have viewed their feedback?",
    "How many kids clicked their links?",
    "Who has not read the feedback on Uniforms Essay?",
    "Has Maya Chen's feedback been opened?",
  ],
};

describe("questions about the teacher's classes", () => {
  for (const [kind, messages] of Object.entries(phrasings)) {
    it(`recognises ${kind} in ${messages.length} phrasings`, () => {
      expect(messages.length).toBeGreaterThanOrEqual(5);
      for (const message of messages) expect(recognizeClassQuestion(message)?.kind, message).toBe(kind);
    });
  }

  it("takes the student's name as typed", () => {
    expect(recognizeClassQuestion("How is Maya doing?")).toEqual({ kind: "studentGrades", student: "maya" });
    expect(recognizeClassQuestion("Show me Maya Chen's grades")).toEqual({ kind: "studentGrades", student: "maya chen" });
  });

  it("takes the student a question about opened feedback names, and no one for the class", () => {
    expect(recognizeClassQuestion("Did Maya read her feedback?")).toEqual({ kind: "feedbackOpened", student: "maya" });
    expect(recognizeClassQuestion("Has Maya Chen opened her feedback link?")).toEqual({ kind: "feedbackOpened", student: "maya chen" });
    for (const message of ["did anyone open their feedback?", "Have the students read their feedback?", "Who has not read the feedback?", "has everyone seen their feedback"]) {
      expect(recognizeClassQuestion(message), message).toEqual({ kind: "feedbackOpened" });
    }
    // A command to open a page is not a question about who opened what.
    expect(recognizeClassQuestion("Open the feedback for Uniforms")).toBeUndefined();
  });

  it("asks for every name when the question says so, and knows a 'show all' that follows a list", () => {
    expect(recognizeClassQuestion("List all the students who haven't submitted")).toEqual({ kind: "notSubmitted", showAll: true });
    expect(recognizeClassQuestion("Who hasn't submitted?")).toEqual({ kind: "notSubmitted" });
    for (const message of ["show all", "Show all names", "who are the other 11?", "Who are the other 11 students", "and the rest?", "list them all", "show me all the names", "OK, show all please", "who else?"]) {
      expect(isShowAllFollowUp(message), message).toBe(true);
    }
    for (const message of ["show all assignments", "show all my assignments", "Who hasn't submitted?", "show me Maya's grades"]) expect(isShowAllFollowUp(message), message).toBe(false);
  });

  it("asks for criteria when the teacher says so", () => {
    expect(recognizeClassQuestion("average per criterion please")).toEqual({ kind: "averages", byCriterion: true });
    expect(recognizeClassQuestion("what's the class average")).toEqual({ kind: "averages", byCriterion: false });
  });

  it("leaves the assistant's other requests and chatter alone", () => {
    for (const message of ["Set my strictness to 70", "What's due this week?", "How do I calibrate?", "Where do I upload a rubric?", "thanks!", "hello", "Open Persuasive Essay", "write me a poem"]) {
      expect(recognizeClassQuestion(message), message).toBeUndefined();
    }
    // The settings commands are recognised first by the intents (chat.ts asks them before these questions).
    expect(recognizeIntent("set my strictness to 70").type).toBe("setStrictness");
  });
});
