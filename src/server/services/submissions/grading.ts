import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { AgreementView, EngineGrade } from "../../../contracts/submissions";
import { agreementStats, decideReview, DEFAULT_MINIMUM_REVIEWED, MINIMUM_ADJACENT, MINIMUM_QWK } from "../../../core/grading-gate";
import { prepareAssignment, prepareForClass, type PreparedAssignment, type SpellChecker } from "../../../core/grading";
import type { Db } from "../../db/client";
import { assignmentSamples, assignments, feedbackLinks, submissionBatches, submissions } from "../../db/schema";
import { gradeSubmission, type AiConfig } from "../../integrations/ai";
import { toGradingInput } from "../grading-input";
import { autoAcceptPauseOf } from "../calibration-warning";
import type { Queryable } from "../teacher-profiles";
import { recordGradeEvent, snapshotOf } from "./audit";
import { analysisKeyOf, type ClassAnalyses } from "./class-analyses";
import { learnedReviewsOf, loadLearnedSamples } from "./learned-samples";
import { notifyFinishedBatch } from "./grading-notifications";
import { maxScoreOf, type AssignmentRow } from "./records";

export interface GradingDeps {
  db: Db;
  spellChecker: SpellChecker;
  ai?: AiConfig;
  logger: Logger;
  /** This process's id among the grading processes (worker-liveness.ts): claims carry it. */
  workerId?: string;
  /** Told when a class set's last submission is graded (the embedded database then updates its statistics). */
  onBatchFinished?: () => void;
}

/** The work of one grading attempt; the queue decides when (and how often) it runs. */
export interface GradingAttempt {
  submissionId: string;
  /** The queue will not retry after this attempt: a failure is recorded for the teacher instead of thrown. */
  isLastAttempt: boolean;
}

/**
 * Prepared assignments by calibration state: a class set is graded against one preparation, and any change to the
 * rubric, the settings or the samples changes the key.
 */
export function createPreparedCache(classAnalyses: ClassAnalyses, limit = 20) {
  const entries = new Map<string, Promise<PreparedAssignment>>();
  return {
    classAnalyses,
    get(key: string, build: () => Promise<PreparedAssignment>): Promise<PreparedAssignment> {
      const found = entries.get(key);
      if (found) return found;
      const prepared = build();
      if (entries.size >= limit) entries.delete(entries.keys().next().value!);
      entries.set(key, prepared);
      // A failed preparation is not kept: the retry prepares again.
      prepared.catch(() => entries.delete(key));
      return prepared;
    },
  };
}

/** The class a grade is centred on: the work handed in for the assignment (see prepareForClass). */
async function classTextsOf(db: Db, assignmentId: string): Promise<string[]> {
  const rows = await db.select({ content: submissions.content }).from(submissions).where(eq(submissions.assignmentId, assignmentId));
  return rows.map((row) => row.content);
}

async function countClassTexts(db: Db, assignmentId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(submissions).where(eq(submissions.assignmentId, assignmentId));
  return row?.count ?? 0;
}
export type PreparedCache = ReturnType<typeof createPreparedCache>;

/**
 * Grades one queued submission. Claiming is a conditional update (queued -> grading), so a job delivered twice, or
 * to two processes, grades the work once; the result is written only while this attempt still holds the claim.
 */
export async function gradeQueuedSubmission(deps: GradingDeps, cache: PreparedCache, attempt: GradingAttempt): Promise<void> {
  const { db } = deps;
  const claimedAt = new Date();
  const [claimed] = await db
    .update(submissions)
    .set({ status: "grading", claimedAt, claimedBy: deps.workerId ?? null, attempts: sql`${submissions.attempts} + 1`, updatedAt: claimedAt })
    .where(and(eq(submissions.id, attempt.submissionId), eq(submissions.status, "queued")))
    .returning();
  if (!claimed) return;
  const holdsClaim = and(eq(submissions.id, claimed.id), eq(submissions.status, "grading"), eq(submissions.claimedAt, claimedAt));

  try {
    const [assignment] = await db.select().from(assignments).where(eq(assignments.id, claimed.assignmentId));
    if (!assignment) return;
    const samples = await db.select().from(assignmentSamples).where(eq(assignmentSamples.assignmentId, assignment.id)).orderBy(asc(assignmentSamples.position));
    const learned = await learnedReviewsOf(db, assignment.id, claimed.id);
    const classSize = await countClassTexts(db, assignment.id);
    // A new upload changes the class, so the key holds its size: the next grade is centred on the class as it is now.
    // Each review the grader learns from changes it too.
    const key = [assignment.id, assignment.updatedAt.toISOString(), classSize, ...samples.map((sample) => sample.id), learned.key].join(":");
    const analysisKey = analysisKeyOf(assignment);
    const prepared = await cache.get(key, async () => {
      const input = toGradingInput(assignment, [
        ...samples.map((sample) => ({ id: sample.id, text: sample.content, score: sample.score, criteriaScores: sample.criteriaScores, feedback: sample.feedback })),
        ...(await loadLearnedSamples(db, learned, new Set(samples.map((sample) => sample.content)))),
      ]);
      const base = prepareAssignment(input, { spellChecker: deps.spellChecker });
      const texts = await classTextsOf(db, assignment.id);
      return prepareForClass(base, cache.classAnalyses.analyzeClass(analysisKey, base, texts));
    });
    const analysis = cache.classAnalyses.analyzeOne(analysisKey, prepared, claimed.content);
    const grade = await gradeSubmission({ ...prepared.input, text: claimed.content, readFromImage: claimed.isOcr }, { spellChecker: deps.spellChecker, prepared, analysis, ...(deps.ai ? { ai: deps.ai } : {}) });
    const concerns = grade.concerns.map((concern) => concern.message);
    const agreement = await agreementForAssignment(db, assignment);
    const pausedBecause = (await seenBefore(db, claimed)) ?? (await autoAcceptPauseOf(db, assignment));
    const decision = decideReview({
      confidence: grade.confidence,
      autoAcceptThreshold: assignment.gradingSettings.autoAcceptThreshold,
      agreement,
      ...(pausedBecause ? { pausedBecause } : {}),
      // A text the grader should not be trusted on, and feedback it could not check, never reach a student unread.
      concerns: [...concerns, ...grade.feedbackWarnings],
    });
    const engineGrade: EngineGrade = {
      criterionScores: grade.criterionScores,
      overallScore: grade.overallScore,
      confidence: grade.confidence,
      tolerance: grade.tolerance,
      feedback: grade.feedback,
      grader: grade.grader,
      ...(grade.fallbackReason ? { fallbackReason: grade.fallbackReason } : {}),
    };
    const graded = {
      status: decision.outcome,
      engineGrade,
      criteriaScores: Object.fromEntries(grade.criterionScores.map((item) => [item.criterionId, item.score])),
      overallScore: grade.overallScore,
      feedback: grade.feedback,
      confidence: grade.confidence,
      reviewReason: decision.reason,
      textConcerns: concerns,
      // A text the grader doubts (another assignment, a misread scan) would teach it about something else: it does not
      // teach the grader unless the teacher turns that on when reviewing it. A teacher's earlier choice stays.
      ...(grade.concerns.some((concern) => concern.doubtsGrade) && claimed.teacherReview === null ? { excludedFromLearning: true } : {}),
      gradeSource: "automatic" as const,
      earlierRubric: null,
      failureReason: null,
      reviewedAt: null,
      gradedAt: new Date(),
      claimedAt: null,
      updatedAt: new Date(),
    };
    const wrote = await db.transaction(async (tx) => {
      const [row] = await tx.update(submissions).set(graded).where(holdsClaim).returning({ id: submissions.id });
      if (!row) return false;
      await recordGradeEvent(tx, { submissionId: claimed.id, teacherId: claimed.teacherId, actor: "engine", kind: "graded", before: null, after: snapshotOf(graded), note: `${grade.grader === "llm" ? "Model" : "Built-in grader"}, confidence ${grade.confidence}` });
      await recordGradeEvent(tx, { submissionId: claimed.id, teacherId: claimed.teacherId, actor: "engine", kind: decision.outcome === "accepted" ? "accepted_automatically" : "sent_to_review", note: decision.reason });
      return true;
    });
    if (wrote && claimed.batchId) await finishBatchIfDone(deps, claimed.batchId);
  } catch (error) {
    await recordFailure(deps, claimed, claimedAt, attempt, error);
    if (!attempt.isLastAttempt) throw error;
  }
}

/** `claimed` is the row as the claim left it: its attempts already count this one. */
async function recordFailure(deps: GradingDeps, claimed: typeof submissions.$inferSelect, claimedAt: Date, attempt: GradingAttempt, error: unknown): Promise<void> {
  const holdsClaim = and(eq(submissions.id, claimed.id), eq(submissions.status, "grading"), eq(submissions.claimedAt, claimedAt));
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn({ submissionId: claimed.id, attempt: claimed.attempts, err: message }, "grading attempt failed");
  if (!attempt.isLastAttempt) {
    // Back in the queue for the retry the job queue schedules with backoff.
    await deps.db.update(submissions).set({ status: "queued", claimedAt: null, updatedAt: new Date() }).where(holdsClaim);
    return;
  }
  const failureReason = `Grading failed after ${claimed.attempts} attempts (${message}). Choose Regrade to try again.`;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(submissions).set({ status: "failed", failureReason, claimedAt: null, updatedAt: new Date() }).where(holdsClaim).returning({ id: submissions.id });
    if (row) await recordGradeEvent(tx, { submissionId: claimed.id, teacherId: claimed.teacherId, actor: "engine", kind: "grading_failed", note: failureReason });
  });
  if (claimed.batchId) await finishBatchIfDone(deps, claimed.batchId);
}

/**
 * Runs after the grade is committed, so of two workers finishing a batch's last two submissions at once the later
 * one always sees both; the conditional update lets exactly one of them announce it.
 */
async function finishBatchIfDone({ db, onBatchFinished }: GradingDeps, batchId: string): Promise<void> {
  const [finished] = await db
    .update(submissionBatches)
    .set({ finishedAt: new Date() })
    .where(
      and(
        eq(submissionBatches.id, batchId),
        isNull(submissionBatches.finishedAt),
        notExists(db.select({ one: sql`1` }).from(submissions).where(and(eq(submissions.batchId, batchId), inArray(submissions.status, ["queued", "grading"])))),
      ),
    )
    .returning();
  if (!finished) return;
  await notifyFinishedBatch(db, finished);
  onBatchFinished?.();
}

/** How the engine's grades compare with the grades this teacher reviewed on this assignment (the accuracy gate). */
export async function agreementForAssignment(db: Queryable, assignment: Pick<AssignmentRow, "id" | "criteria" | "teacherId" | "calibrationFit" | "autoAcceptOverrideAt" | "autogradingEnabled">): Promise<AgreementView> {
  // Every teacher review counts, including one a regrade has since replaced: it is kept beside the grade.
  const reviewed = await db
    .select({ review: submissions.teacherReview })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment.id), isNotNull(submissions.teacherReview)));
  const pairs = reviewed.flatMap(({ review }) => (review && review.engineOverallScore !== null ? [{ engine: review.engineOverallScore, teacher: review.overallScore }] : []));
  const stats = agreementStats(pairs, [0, maxScoreOf(assignment)]);
  const pausedBecause = await autoAcceptPauseOf(db, assignment);
  const decision = decideReview({ confidence: 100, autoAcceptThreshold: 0, agreement: { ...stats, reviewedCount: stats.count }, ...(pausedBecause ? { pausedBecause } : {}) });
  const isAutoAcceptTrusted = decision.outcome === "accepted";
  const explanation = isAutoAcceptTrusted
    ? `Auto-accept is on: across ${stats.count} reviewed grades the grader matched you exactly ${Math.round(stats.exact * 100)}% of the time and within tolerance ${Math.round(stats.adjacent * 100)}% (QWK ${stats.qwk.toFixed(2)}).`
    : decision.reason;
  return {
    reviewedCount: stats.count,
    exact: stats.exact,
    adjacent: stats.adjacent,
    qwk: stats.qwk,
    minimumReviewed: DEFAULT_MINIMUM_REVIEWED,
    isAutoAcceptTrusted,
    explanation,
  };
}

export const agreementGate = { minimumReviewed: DEFAULT_MINIMUM_REVIEWED, minimumQwk: MINIMUM_QWK, minimumAdjacent: MINIMUM_ADJACENT } as const;

/**
 * Puts back work whose grading process died mid-attempt (a claim older than the lease) and returns the ids to queue
 * again. On the embedded database one process owns the data, so every claim found at start is stale.
 */
export async function reclaimStalledSubmissions(db: Db, leaseSeconds: number): Promise<string[]> {
  const cutoff = new Date(Date.now() - leaseSeconds * 1000);
  const rows = await db
    .update(submissions)
    .set({ status: "queued", claimedAt: null, updatedAt: new Date() })
    .where(and(eq(submissions.status, "grading"), lt(submissions.claimedAt, cutoff)))
    .returning({ id: submissions.id });
  return rows.map((row) => row.id);
}

/** Queued work older than this has surely lost its job (a crash between commit and enqueue); it is queued again. */
export async function findForgottenSubmissions(db: Db, olderThanSeconds: number): Promise<string[]> {
  const cutoff = new Date(Date.now() - olderThanSeconds * 1000);
  const rows = await db.select({ id: submissions.id }).from(submissions).where(and(eq(submissions.status, "queued"), lt(submissions.updatedAt, cutoff)));
  return rows.map((row) => row.id);
}

/**
 * Why a regrade waits for the teacher whatever its confidence: they reviewed this work before, or its feedback went
 * back to the student. Accepted on its own, a regrade replaced a teacher's edit in the student's link and in the
 * learning platform's gradebook with no one having read it.
 */
async function seenBefore(db: Queryable, submission: { id: string; teacherReview: unknown }): Promise<string | undefined> {
  if (submission.teacherReview !== null) return "Regraded after you reviewed it: the new grade waits for your review.";
  const [returned] = await db
    .select({ id: feedbackLinks.id })
    .from(feedbackLinks)
    .where(and(eq(feedbackLinks.submissionId, submission.id), isNull(feedbackLinks.revokedAt)))
    .limit(1);
  return returned ? "Regraded after its feedback went back to the student: the new grade waits for your review." : undefined;
}
