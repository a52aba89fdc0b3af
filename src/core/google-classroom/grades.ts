/**
 * What goes to Google Classroom as a grade, and what changed since the last send. Pure: the service reads the rows and
 * calls the API; these rules decide the numbers.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The grade in Classroom's points: the final score (late penalty applied) out of the rubric total, scaled to the
 * coursework's maximum when it differs (a coursework item made in Classroom may be out of 100). Ungraded coursework
 * (no maximum) takes the score as it is.
 */
export function classroomGradeFor(finalScore: number, rubricTotal: number, maxPoints: number | null | undefined): number {
  if (!maxPoints || rubricTotal <= 0 || maxPoints === rubricTotal) return round2(finalScore);
  return round2((finalScore / rubricTotal) * maxPoints);
}

export interface WantedGrade {
  submissionId: string;
  classroomSubmissionId: string;
  draftGrade: number;
  /** Present when the teacher returns the grades to students from Markwise. */
  assignedGrade?: number;
}

export interface SentGrade {
  classroomSubmissionId: string;
  draftGrade: number;
  assignedGrade: number | null;
}

/**
 * The grades to patch: new ones, and ones whose value (or returned value) differs from what was sent last. A grade
 * sent as a draft and now returned is patched again, since returning sets the assigned grade.
 */
export function gradeChanges(wanted: WantedGrade[], sent: ReadonlyMap<string, SentGrade>): { changed: WantedGrade[]; unchangedCount: number } {
  const changed: WantedGrade[] = [];
  let unchangedCount = 0;
  for (const grade of wanted) {
    const before = sent.get(grade.submissionId);
    const isSame =
      before !== undefined &&
      before.classroomSubmissionId === grade.classroomSubmissionId &&
      before.draftGrade === grade.draftGrade &&
      (grade.assignedGrade === undefined || before.assignedGrade === grade.assignedGrade);
    if (isSame) unchangedCount += 1;
    else changed.push(grade);
  }
  return { changed, unchangedCount };
}

/** A Classroom student's name as the roster shows it: the full name, else given and family names, else their id. */
export function classroomStudentName(name: { fullName?: string | undefined; givenName?: string | undefined; familyName?: string | undefined } | undefined, userId: string): string {
  const full = name?.fullName?.trim();
  if (full) return full;
  const parts = [name?.givenName?.trim(), name?.familyName?.trim()].filter(Boolean);
  return parts.length ? parts.join(" ") : `Classroom student ${userId}`;
}
