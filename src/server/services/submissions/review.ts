import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { gradedCriteria } from "../../../contracts/assignments";
import { earlierRubricNotice } from "../../../contracts/earlier-rubric";
import { scoreRangeMessages, type AcceptInput, type GradeEditInput, type SubmissionDetail, type TeacherReview } from "../../../contracts/submissions";
import type { SpellChecker } from "../../../core/grading";
import type { Db } from "../../db/client";
import { assignments, gradeEvents, submissions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { addSample, findAssignmentRow } from "../assignments";
import { recordGradeEvent, snapshotOf, type Actor, type GradeEventKind } from "./audit";
import type { GradingQueue } from "./grading-queue";
import { findSubmissionDetail } from "./queries";
import { findSubmissionRow, hasGrade, type SubmissionRow } from "./records";
import { matchRosterStudent } from "./roster";
import { revokeLinksOfReassignedWork } from "../feedback-links";
import { nameWords } from "../../../core/submissions/student-names";
import type { Queryable } from "../teacher-profiles";

function requireGraded(row: SubmissionRow): void {
  if (!hasGrade(row)) {
    const why = row.status === "failed" ? "it could not be graded; choose Regrade first" : "it is still being graded";
    throw new AppError("conflict", `This submission has no grade to review yet: ${why}.`);
  }
}

/** What the teacher's review leaves behind, beside the grade: it outlives a regrade (Undo, agreement figures). */
function reviewOf(row: SubmissionRow, grade: { criteriaScores: Record<string, number> | null; overallScore: number; feedback: string | null }, at: Date): TeacherReview {
  // A second review keeps comparing with the engine's grade, not with the teacher's own first version.
  const engineOverallScore = row.gradeSource === "reviewed" && row.teacherReview ? row.teacherReview.engineOverallScore : (row.engineGrade?.overallScore ?? null);
  return { ...grade, engineOverallScore, reviewedAt: at.toISOString() };
}

/** Changes that replace the scores or feedback a teacher was looking at; accepting a grade as it stands does not. */
const replacingKinds: Record<string, (actorName: string) => string> = {
  graded: () => "the grader graded it again",
  regrade_requested: (actorName) => `${actorName} sent it to be graded again`,
  edited: (actorName) => `${actorName} saved other scores or feedback`,
  review_restored: (actorName) => `${actorName} restored an earlier review`,
} satisfies Partial<Record<GradeEventKind, (actorName: string) => string>>;

/**
 * An edit begun on an older version of the grade (a second tab, a regrade that finished meanwhile) must not silently
 * replace what changed since: the teacher is told what changed and saves again knowingly.
 */
/** What the teacher's own action should do next, said after what changed: the edit is not saved, the accept not made. */
const conflictAdvice = {
  edit: "Your changes are not saved yet: Save again to replace that version with yours, or Cancel to keep it.",
  accept: "It is not accepted yet: read the grade as it is now, then Accept it if it stands.",
};

async function assertUnchangedSince(tx: Db, submissionId: string, basedOn: string, action: keyof typeof conflictAdvice): Promise<void> {
  // Compared in the database: PostgreSQL keeps microseconds, a Date only milliseconds, and an event would then be
  // newer than itself. A version this grade never had is older than every change.
  const seenAt = sql`coalesce((select ${gradeEvents.createdAt} from ${gradeEvents} where ${gradeEvents.id} = ${basedOn} and ${gradeEvents.submissionId} = ${submissionId}), '-infinity'::timestamptz)`;
  const [newer] = await tx
    .select({ kind: gradeEvents.kind, actorName: gradeEvents.actorName })
    .from(gradeEvents)
    .where(and(eq(gradeEvents.submissionId, submissionId), inArray(gradeEvents.kind, Object.keys(replacingKinds)), sql`${gradeEvents.createdAt} > ${seenAt}`))
    .orderBy(desc(gradeEvents.createdAt))
    .limit(1);
  if (!newer) return;
  throw new AppError(
    "conflict",
    `This grade changed after you opened it: ${replacingKinds[newer.kind]!(newer.actorName)}. ${conflictAdvice[action]}`,
    { basedOn: "The grade has changed since this version" },
  );
}

/**
 * Accepting and adding to the samples keep the scores as they are: on a grade given on an earlier rubric that would
 * put them on the current rubric's scale unread. Only an edit (or a regrade) grades it on the current one.
 */
function refuseEarlierRubric(row: SubmissionRow, action: string): void {
  if (!row.earlierRubric) return;
  throw new AppError("conflict", `${earlierRubricNotice(row.earlierRubric)} ${action} keeps its scores as they are, so edit it (or Regrade) first.`);
}

/** The teacher agrees with the grade as it stands. */
export async function acceptGrade(db: Db, teacherId: string, actor: Actor, id: string, input: AcceptInput = {}): Promise<SubmissionDetail> {
  await db.transaction(async (tx) => {
    const row = await findSubmissionRow(tx, teacherId, id, { forUpdate: true });
    requireGraded(row);
    // A second tab still showing the grader's 12/12 must not record that the teacher accepted the 5/12 saved since.
    if (input.basedOn) await assertUnchangedSince(tx, id, input.basedOn, "accept");
    refuseEarlierRubric(row, "Accepting it");
    const now = new Date();
    const teacherReview = reviewOf(row, { criteriaScores: row.criteriaScores, overallScore: row.overallScore!, feedback: row.feedback }, now);
    const changes = { status: "accepted" as const, gradeSource: "reviewed" as const, teacherReview, reviewedAt: now, reviewReason: null, updatedAt: now };
    await tx.update(submissions).set(changes).where(eq(submissions.id, id));
    await recordGradeEvent(tx, { submissionId: id, teacherId, actor, kind: "accepted", before: snapshotOf(row), after: snapshotOf({ ...row, ...changes }) });
  });
  return findSubmissionDetail(db, teacherId, id);
}

/**
 * Why a holistic edit that leaves out the overall score cannot keep the one it has: that judgement was given out of the
 * earlier rubric's total, and kept on this rubric it would read on a scale it was not given on (14 of 20 as 14 of 30).
 * Undefined when the grade is on the current rubric, where the overall score left out stays as it was.
 */
function overallOnEarlierRubric(row: SubmissionRow, total: number): string | undefined {
  if (!row.earlierRubric) return undefined;
  return `This grade was given on the earlier rubric (out of ${row.earlierRubric.totalPoints}): send an overallScore from 0 to ${total} to grade it on the current one.`;
}

/**
 * The teacher's own scores and feedback become the grade of record (accepted, reviewed); the engine's grade is kept
 * beside it for the agreement figures. With points grading the overall score is the criteria's sum; with holistic
 * grading it is the teacher's overall judgement (unchanged unless given), the criteria being guidance beside it.
 */
export async function editGrade(db: Db, teacherId: string, actor: Actor, id: string, edit: GradeEditInput): Promise<SubmissionDetail> {
  await db.transaction(async (tx) => {
    const row = await findSubmissionRow(tx, teacherId, id, { forUpdate: true });
    requireGraded(row);
    if (edit.basedOn) await assertUnchangedSince(tx, id, edit.basedOn, "edit");
    const [assignment] = await tx.select().from(assignments).where(eq(assignments.id, row.assignmentId));
    const criteria = gradedCriteria(assignment!.criteria);
    const fields: Record<string, string> = {};
    for (const item of criteria) {
      const score = edit.criteriaScores[item.id];
      if (score === undefined || score > item.maxPoints) fields[`criteriaScores.${item.id}`] = scoreRangeMessages.criterion(item.name, item.maxPoints);
    }
    for (const key of Object.keys(edit.criteriaScores)) if (!criteria.some((item) => item.id === key)) fields[`criteriaScores.${key}`] = "This criterion is not in the rubric";
    const total = criteria.reduce((sum, item) => sum + item.maxPoints, 0);
    const isHolistic = assignment!.gradingSettings.holisticVsPoints === "holistic" && assignment!.criteria.length > 0;
    const missingOverall = isHolistic && edit.overallScore === undefined ? overallOnEarlierRubric(row, total) : undefined;
    if (missingOverall) fields.overallScore = scoreRangeMessages.overall(total);
    if (Object.keys(fields).length) throw new AppError("validation_failed", missingOverall && Object.keys(fields).length === 1 ? missingOverall : "Give every criterion a score within its points.", fields);
    const sum = Math.round(criteria.reduce((acc, item) => acc + edit.criteriaScores[item.id]!, 0) * 100) / 100;
    const overallScore = isHolistic ? (edit.overallScore ?? row.overallScore ?? sum) : sum;
    if (overallScore > total) throw new AppError("validation_failed", `The overall score must be from 0 to ${total}.`, { overallScore: scoreRangeMessages.overall(total) });
    const now = new Date();
    const criteriaScores = Object.fromEntries(criteria.map((item) => [item.id, edit.criteriaScores[item.id]!]));
    const changes = {
      status: "accepted" as const,
      criteriaScores,
      overallScore,
      feedback: edit.feedback,
      gradeSource: "reviewed" as const,
      // Scored against every criterion of the current rubric: the grade is on it now, whatever it was given on before.
      earlierRubric: null,
      teacherReview: reviewOf(row, { criteriaScores, overallScore, feedback: edit.feedback }, now),
      reviewedAt: now,
      reviewReason: null,
      updatedAt: now,
    };
    await tx.update(submissions).set(changes).where(eq(submissions.id, id));
    await recordGradeEvent(tx, { submissionId: id, teacherId, actor, kind: "edited", before: snapshotOf(row), after: snapshotOf({ ...row, ...changes }) });
  });
  return findSubmissionDetail(db, teacherId, id);
}

export const reviewedRegradeMessage =
  "You reviewed this grade. Regrading replaces your scores and feedback with the grader's; your version stays in the history and Undo restores it. Send confirm: true to regrade anyway.";

/**
 * Grades the work again with the assignment's current calibration; the old grade stays in the history. A grade the
 * teacher reviewed is only replaced when they confirm it, and their review is kept for Undo and the agreement figures.
 */
export async function requestRegrade(db: Db, queue: GradingQueue, teacherId: string, actor: Actor, id: string, confirm: boolean): Promise<SubmissionDetail> {
  await db.transaction(async (tx) => {
    const row = await findSubmissionRow(tx, teacherId, id, { forUpdate: true });
    if (row.status === "queued" || row.status === "grading") throw new AppError("conflict", "This submission is already being graded.");
    const isReviewed = row.gradeSource === "reviewed" && hasGrade(row);
    if (isReviewed && !confirm) throw new AppError("conflict", reviewedRegradeMessage, { confirm: "Confirm that your reviewed grade may be replaced" });
    const changes = { status: "queued" as const, attempts: 0, failureReason: null, updatedAt: new Date() };
    await tx.update(submissions).set(changes).where(eq(submissions.id, id));
    const note = isReviewed ? "Your reviewed grade is kept: Undo restores it." : undefined;
    await recordGradeEvent(tx, { submissionId: id, teacherId, actor, kind: "regrade_requested", before: snapshotOf(row), after: snapshotOf({ ...row, ...changes }), ...(note ? { note } : {}) });
  });
  await queue.enqueueGrading([id]);
  return findSubmissionDetail(db, teacherId, id);
}

/**
 * Undo of a regrade: the teacher's last review becomes the grade of record again. A regrade still queued or running
 * loses its claim (it only writes while the submission is "grading" under its own claim), so it cannot overwrite this.
 */
export async function restoreReview(db: Db, teacherId: string, actor: Actor, id: string): Promise<SubmissionDetail> {
  await db.transaction(async (tx) => {
    const row = await findSubmissionRow(tx, teacherId, id, { forUpdate: true });
    const review = row.teacherReview;
    if (!review) throw new AppError("conflict", "There is no reviewed grade to restore for this submission.");
    const now = new Date();
    const changes = {
      status: "accepted" as const,
      criteriaScores: review.criteriaScores,
      overallScore: review.overallScore,
      feedback: review.feedback,
      gradeSource: "reviewed" as const,
      earlierRubric: review.earlierRubric ?? null,
      reviewedAt: new Date(review.reviewedAt),
      reviewReason: null,
      failureReason: null,
      claimedAt: null,
      updatedAt: now,
    };
    await tx.update(submissions).set(changes).where(eq(submissions.id, id));
    await recordGradeEvent(tx, { submissionId: id, teacherId, actor, kind: "review_restored", before: snapshotOf(row), after: snapshotOf({ ...row, ...changes }), note: "Your reviewed grade was restored." });
  });
  return findSubmissionDetail(db, teacherId, id);
}

/** One click turns a reviewed grade into a graded sample, which refits the assignment's calibration. */
export async function addReviewedGradeToSamples(db: Db, spellChecker: SpellChecker, teacherId: string, actor: Actor, id: string): Promise<SubmissionDetail> {
  const row = await findSubmissionRow(db, teacherId, id);
  if (row.gradeSource !== "reviewed" || row.overallScore === null) {
    throw new AppError("conflict", "Accept or edit this grade first; only grades you reviewed become samples.");
  }
  refuseEarlierRubric(row, "Adding it to the samples");
  await findAssignmentRow(db, teacherId, row.assignmentId);
  await addSample(
    db,
    teacherId,
    row.assignmentId,
    { content: row.content, score: Math.max(row.overallScore, 0.01), feedback: row.feedback || "Graded in review.", criteriaScores: row.criteriaScores ?? {}, fileId: row.fileId },
    spellChecker,
  );
  await recordGradeEvent(db, { submissionId: id, teacherId, actor, kind: "added_to_samples", note: "Added to the assignment's graded samples; the calibration was refitted." });
  return findSubmissionDetail(db, teacherId, id);
}

/** Whether a reviewed grade teaches the grader (calibrates the grades that follow); reviewed grades do unless excluded. */
export async function setTeachesGrader(db: Db, teacherId: string, id: string, teachesGrader: boolean): Promise<SubmissionDetail> {
  const row = await findSubmissionRow(db, teacherId, id);
  if (row.gradeSource !== "reviewed") throw new AppError("conflict", "Only grades you reviewed teach the grader. Accept or edit this grade first.");
  await db.update(submissions).set({ excludedFromLearning: !teachesGrader }).where(and(eq(submissions.id, id), eq(submissions.teacherId, teacherId)));
  return findSubmissionDetail(db, teacherId, id);
}

/**
 * One student's one piece of work is one submission (the unique index on assignment, text and name): renaming a copy
 * to the name its original is under would make two, and answered 500. The teacher is told which to remove instead.
 */
async function refuseSameWorkUnderName(tx: Queryable, row: { id: string; assignmentId: string; contentHash: string }, studentName: string): Promise<void> {
  const [same] = await tx
    .select({ studentName: submissions.studentName })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, row.assignmentId), eq(submissions.contentHash, row.contentHash), sql`lower(${submissions.studentName}) = lower(${studentName})`, ne(submissions.id, row.id)));
  if (same) {
    const message = `${same.studentName} already has this same text in this assignment. Remove one of the two submissions instead of giving both the same name.`;
    throw new AppError("conflict", message, { studentName: message });
  }
}

/** Another student, not the same one spelt differently: another roster match, or other words in the name. */
const isOtherStudent = (before: { studentName: string; rosterStudentId: string | null }, after: { studentName: string; rosterStudentId: string | null }) =>
  before.rosterStudentId !== after.rosterStudentId || nameWords(before.studentName).join(" ") !== nameWords(after.studentName).join(" ");

/**
 * Corrects who handed the work in and when (work collected on paper); the late penalty follows on read. Work put
 * under another student loses the feedback links made for the former one (decision 019's addendum).
 */
export async function updateSubmissionDetails(db: Db, teacherId: string, actor: Actor, id: string, changes: { studentName?: string; submittedAt?: Date }): Promise<SubmissionDetail> {
  await db.transaction(async (tx) => {
    const row = await findSubmissionRow(tx, teacherId, id, { forUpdate: true });
    if (changes.studentName !== undefined) await refuseSameWorkUnderName(tx, row, changes.studentName);
    const renamed = changes.studentName !== undefined ? { studentName: changes.studentName, studentIdentifier: null, rosterStudentId: await matchRosterStudent(tx, row.assignmentId, { name: changes.studentName }) } : {};
    const next = { ...renamed, ...(changes.submittedAt ? { submittedAt: changes.submittedAt } : {}), updatedAt: new Date() };
    await tx.update(submissions).set(next).where(and(eq(submissions.id, id), eq(submissions.teacherId, teacherId)));
    if (renamed.studentName !== undefined && isOtherStudent(row, { studentName: renamed.studentName, rosterStudentId: renamed.rosterStudentId ?? null })) await revokeLinksOfReassignedWork(tx, id);
    await recordGradeEvent(tx, {
      submissionId: id,
      teacherId,
      actor,
      kind: "details_changed",
      before: { studentName: row.studentName, submittedAt: row.submittedAt.toISOString() },
      after: { studentName: next.studentName ?? row.studentName, submittedAt: (next.submittedAt ?? row.submittedAt).toISOString() },
    });
  });
  return findSubmissionDetail(db, teacherId, id);
}

export async function deleteSubmission(db: Db, queue: GradingQueue, teacherId: string, id: string): Promise<void> {
  const row = await findSubmissionRow(db, teacherId, id);
  await db.delete(submissions).where(and(eq(submissions.id, id), eq(submissions.teacherId, teacherId)));
  await queue.enqueueSimilarity(row.assignmentId);
}
