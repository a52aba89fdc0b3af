import { describe, expect, it } from "vitest";
import type { StudentFeedback } from "../services/feedback-links";
import { lateNoteForStudent } from "../../core/late-policy";
import { renderInactivePage, renderStudentFeedbackPage } from "./student-feedback-page";

const feedback = (changes: Partial<StudentFeedback> = {}): StudentFeedback => ({
  assignmentTitle: "Uniforms <b>essay</b>",
  studentName: 'Jo "<script>" Lee',
  submittedAt: new Date("2026-03-06T03:30:00Z"),
  timeZone: "America/Los_Angeles",
  content: "Uniforms save money. <img src=x onerror=alert(1)> They also help focus.",
  totalPoints: 20,
  scoreBasis: "points",
  descriptors: { thesis: ["States a clear claim"], evidence: [] },
  expiresAt: new Date("2026-05-04T12:00:00Z"),
  sheet: {
    submissionId: "s1",
    studentName: "Jo Lee",
    status: "accepted",
    isDraft: false,
    criteria: [
      { id: "thesis", name: "Thesis", maxPoints: 10, score: 8, rationale: "Clear <claim>", quotes: ["Uniforms save money."] },
      { id: "evidence", name: "Evidence", maxPoints: 10, score: 6, rationale: null, quotes: ["a passage that is not in the text"] },
    ],
    rawScore: 14,
    outOf: 20,
    earlierRubric: null,
    late: null,
    feedback: "Good start & keep going.",
  },
  ...changes,
});

describe("the student's feedback page", () => {
  it("escapes everything that comes from the database", () => {
    const html = renderStudentFeedbackPage(feedback());
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Jo &quot;&lt;script&gt;&quot; Lee");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Clear &lt;claim&gt;");
    expect(html).toContain("Good start &amp; keep going.");
  });

  it("highlights each quoted passage with its criterion's number and lists the quotes it could not find", () => {
    const html = renderStudentFeedbackPage(feedback());
    expect(html).toMatch(/<mark [^>]*title="Quoted for Thesis">Uniforms save money\.<sup aria-hidden="true">1<\/sup><\/mark>/);
    expect(html).toContain("Quoted passages not found word for word in your text");
    expect(html).toContain("Evidence: &ldquo;a passage that is not in the text&rdquo;");
  });

  it("shows the score, each criterion against its descriptors, and dates in the class's time zone", () => {
    const html = renderStudentFeedbackPage(feedback());
    expect(html).toContain('<p class="score">14 <small>/ 20</small></p>');
    expect(html).toContain("8 / 10");
    expect(html).toContain("<li>States a clear claim</li>");
    expect(html).toContain("Handed in on March 5, 2026");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("says in a student's words how late the work was and what that cost", () => {
    expect(lateNoteForStudent({ daysLate: 8, penalty: 12.5 })).toBe("You handed this in 8 days late, so 12.5 points came off for lateness.");
    expect(lateNoteForStudent({ daysLate: 1, penalty: 0 })).toBe("You handed this in 1 day late; no points came off.");
  });

  it("gives the late penalty its own lines and the final score the headline", () => {
    const late = { daysLate: 2, penalty: 2, finalScore: 12, beyondMaxLateDays: false, explanation: "2 days late: 1 point per day." };
    const html = renderStudentFeedbackPage(feedback({ sheet: { ...feedback().sheet, late } }));
    expect(html).toContain('<p class="score">12 <small>/ 20</small></p>');
    expect(html).toContain("<dt>Late penalty</dt><dd>&minus;2</dd>");
    expect(html).toContain("You handed this in 2 days late, so 2 points came off for lateness.");
    // The gradebook's explanation is written to the teacher ("flagged for you to decide"): never the student's page.
    expect(html).not.toContain("1 point per day");
  });

  it("says a link is no longer active, and nothing else", () => {
    const html = renderInactivePage();
    expect(html).toContain("<h1>This link is no longer active</h1>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});
