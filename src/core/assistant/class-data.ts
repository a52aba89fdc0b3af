/**
 * What the dashboard assistant may know about a teacher's classes: one teacher's assignments with their rosters,
 * rubric criteria and graded work, already read from the database (and only that teacher's). No essay text.
 */

export interface ClassCriterion {
  id: string;
  name: string;
  maxPoints: number;
}

export interface ClassSubmission {
  id: string;
  studentName: string;
  /** The roster entry it was matched to on upload, when there was one. */
  rosterStudentId: string | null;
  status: "queued" | "grading" | "needs_review" | "accepted" | "failed";
  /** The grade of record (after late penalty), or null until graded. */
  finalScore: number | null;
  criteriaScores: Record<string, number> | null;
  /** The grader's own overall score, kept after a teacher's review changed the grade of record. */
  engineScore: number | null;
  /** The grader's own criterion scores, to compare with the grade of record's (null for a grade with none). */
  engineCriteriaScores: Record<string, number> | null;
  /** The grade of record's feedback is not the grader's: the teacher rewrote it. */
  isFeedbackRewritten: boolean;
  /** The raw grade of record before any late penalty, to compare with the grader's. */
  rawScore: number | null;
  reviewed: boolean;
  reviewedAt: Date | null;
  late: boolean;
  /**
   * A reviewed grade given on an earlier rubric (the rubric's scoring changed since): the total its scores are out of.
   * Such a grade is shown out of it and left out of the assignment's averages, never put on the current total.
   */
  earlierTotal?: number;
  /** The link that returned this work's feedback to the student (decision 019), when one is live: not revoked. */
  feedbackLink: ClassFeedbackLink | null;
}

/** When a returned feedback link was made, when it stops working, and whether the student has opened it. */
export interface ClassFeedbackLink {
  returnedAt: Date;
  expiresAt: Date;
  openCount: number;
  firstOpenedAt: Date | null;
}

export interface ClassAssignment {
  id: string;
  title: string;
  status: "draft" | "active" | "archived";
  dueDate: string | null;
  maxScore: number;
  criteria: ClassCriterion[];
  roster: Array<{ id: string; name: string }>;
  submissions: ClassSubmission[];
}

export interface ClassData {
  now: Date;
  timeZone?: string;
  assignments: ClassAssignment[];
}

/** Graded and not replaced by a regrade in progress: the grades that count in figures. */
export function isGraded(submission: ClassSubmission): submission is ClassSubmission & { finalScore: number } {
  return (submission.status === "needs_review" || submission.status === "accepted") && submission.finalScore !== null;
}

/** What a graded submission's score is out of: its earlier rubric's total, else the assignment's. */
export const outOf = (a: ClassAssignment, submission: ClassSubmission) => submission.earlierTotal ?? a.maxScore;

/** A name as people type it: case, spacing and accents do not matter. */
export function simplifyName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a name is the one asked about: the whole name, or its first or last part ("Maya", "Chen", "Maya Chen"). */
export function studentNameMatcher(asked: string): (candidate: string) => boolean {
  const wanted = simplifyName(asked);
  return (candidate) => {
    const parts = simplifyName(candidate).split(" ");
    return parts.join(" ") === wanted || parts[0] === wanted || parts.at(-1) === wanted;
  };
}
