import { asc, eq } from "drizzle-orm";
import type { ProposedSamples, SubmissionStatus, SubmissionSummary } from "../../../contracts/submissions";
import { classProfileOf, concernsFor, estimateScores, prepareAssignment, type PreparedAssignment, type SpellChecker, type TextAnalysis } from "../../../core/grading";
import { chooseSamplesToGrade, orderByLearningValue, type SampleCandidate, type SampleChoiceReason } from "../../../core/grading/sample-choice";
import type { Db } from "../../db/client";
import { assignmentSamples, submissions } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import { toGradingInput } from "../grading-input";
import { analysisKeyOf, type ClassAnalyses } from "./class-analyses";
import { learnedReviewsOf, loadLearnedSamples } from "./learned-samples";
import { listSubmissions } from "./queries";
import type { AssignmentRow } from "./records";

export interface ProposalDeps {
  db: Db;
  spellChecker: SpellChecker;
  classAnalyses: ClassAnalyses;
}

/**
 * Graded texts the calibration wants before its grades of a class are worth trusting: the grading bench's agreement
 * climbs until about ten (ASAP QWK 0.687 at 2, 0.715 at 5, 0.722 at 10) and barely moves after (0.727 at 20), and
 * the word learner starts at five (lexical-residual.ts). Until the assignment has this many, the app proposes which
 * essays to grade first.
 */
export const wantedGradedCount = 10;

const reasons: Record<SampleChoiceReason, string> = {
  lowest: "Among the weakest the grader expects in this class",
  highest: "Among the strongest the grader expects in this class",
  longest: "One of the longest",
  shortest: "One of the shortest",
  typical: "Typical of the class",
  "unlike-graded": "Unlike the work graded so far",
};

/** No submission has this id: every reviewed grade counts, none is being graded. */
const noSubmission = "00000000-0000-0000-0000-000000000000";

/** What the grader knows of an assignment: prepared with its samples and the reviews that teach it. */
async function prepareWithGradedTexts(deps: ProposalDeps, assignment: AssignmentRow): Promise<PreparedAssignment> {
  const samples = await deps.db.select().from(assignmentSamples).where(eq(assignmentSamples.assignmentId, assignment.id)).orderBy(asc(assignmentSamples.position));
  const learned = await loadLearnedSamples(deps.db, await learnedReviewsOf(deps.db, assignment.id, noSubmission), new Set(samples.map((sample) => sample.content)));
  const input = toGradingInput(assignment, [
    ...samples.map((sample) => ({ id: sample.id, text: sample.content, score: sample.score, criteriaScores: sample.criteriaScores, feedback: sample.feedback })),
    ...learned,
  ]);
  return prepareAssignment(input, { spellChecker: deps.spellChecker });
}

/** A text as the chooser sees it: its features and the grader's unrounded prediction. */
function candidateOf(prepared: PreparedAssignment, analysis: TextAnalysis): SampleCandidate {
  return { prediction: estimateScores(prepared, analysis).kindFractions.overall, features: analysis.features, wordCount: analysis.wordCount };
}

const gradedCandidates = (prepared: PreparedAssignment) => prepared.samples.map(({ analysis }) => candidateOf(prepared, analysis));

async function classTextsOf(db: Db, assignmentId: string) {
  return db
    .select({ id: submissions.id, studentName: submissions.studentName, status: submissions.status, content: submissions.content, gradeSource: submissions.gradeSource, isOcr: submissions.isOcr })
    .from(submissions)
    .where(eq(submissions.assignmentId, assignmentId))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
}

/** The class's texts, each with its analysis: kept between calls and shared with the grading worker (class-analyses.ts). */
async function analysedClassOf(deps: ProposalDeps, assignment: AssignmentRow, prepared: PreparedAssignment) {
  const rows = await classTextsOf(deps.db, assignment.id);
  const analyses = deps.classAnalyses.analyzeClass(analysisKeyOf(assignment), prepared, rows.map((row) => row.content));
  return rows.map((row, index) => ({ ...row, analysis: analyses[index]! }));
}

/**
 * The essays the teacher should grade first while the assignment has fewer graded texts than the calibration wants:
 * spread over the grader's predictions and the texts' features, each typical of its part of the class (see
 * sample-choice.ts). Only work the teacher has not reviewed, and not work that could not be graded, is proposed.
 */
export async function proposeSamples(deps: ProposalDeps, teacherId: string, assignmentId: string): Promise<ProposedSamples> {
  const assignment = await findAssignmentRow(deps.db, teacherId, assignmentId);
  const prepared = await prepareWithGradedTexts(deps, assignment);
  const gradedCount = prepared.samples.length;
  const wanted = wantedGradedCount - gradedCount;
  if (wanted <= 0) return { gradedCount, wantedCount: wantedGradedCount, proposals: [] };
  const analysed = await analysedClassOf(deps, assignment, prepared);
  // A text the grader doubts (another assignment, a misread scan) would teach it nothing of this one: never proposed.
  const profile = classProfileOf([...prepared.samples.map((sample) => sample.analysis), ...analysed.map((row) => row.analysis)], prepared.context.promptStems);
  const isDoubted = (row: (typeof analysed)[number]) => concernsFor(row.analysis, profile, { readFromImage: row.isOcr }).some((concern) => concern.doubtsGrade);
  const open = analysed.filter((row) => row.gradeSource !== "reviewed" && row.status !== "failed" && !isDoubted(row));
  const candidates = open.map((row) => candidateOf(prepared, row.analysis));
  const chosen = chooseSamplesToGrade(candidates, wanted, { graded: gradedCandidates(prepared) });
  return {
    gradedCount,
    wantedCount: wantedGradedCount,
    proposals: chosen.map(({ index, reason }) => {
      const row = open[index]!;
      return { submissionId: row.id, studentName: row.studentName, status: row.status as SubmissionStatus, reason: reasons[reason] };
    }),
  };
}

/**
 * The submissions with the reviews that would teach the grader most first: uncertain grades of texts unlike
 * anything graded yet (sample-choice.ts, orderByLearningValue). Work with no grade to review, and grades already
 * reviewed (they teach the grader already), follow in the review queue's order.
 */
export async function listSubmissionsByLearningValue(deps: ProposalDeps, teacherId: string, assignmentId: string, status?: SubmissionStatus): Promise<SubmissionSummary[]> {
  const summaries = await listSubmissions(deps.db, teacherId, assignmentId, { order: "review", ...(status ? { status } : {}) });
  // A grade the text checks flagged teaches nothing by default (grading.ts): it follows with the rest.
  const isOpen = (item: SubmissionSummary) => item.confidence !== null && item.gradeSource !== "reviewed" && item.textConcerns.length === 0;
  const open = summaries.filter(isOpen);
  if (open.length < 2) return [...open, ...summaries.filter((item) => !isOpen(item))];
  const assignment = await findAssignmentRow(deps.db, teacherId, assignmentId);
  const prepared = await prepareWithGradedTexts(deps, assignment);
  const analysisById = new Map((await analysedClassOf(deps, assignment, prepared)).map((row) => [row.id, row.analysis]));
  // A submission removed between the two reads is ordered as an empty text.
  const candidates = open.map((item) => candidateOf(prepared, analysisById.get(item.id) ?? deps.classAnalyses.analyzeOne(analysisKeyOf(assignment), prepared, "")));
  const order = orderByLearningValue(
    candidates,
    open.map((item) => 1 - (item.confidence ?? 0) / 100),
    { graded: gradedCandidates(prepared) },
  );
  return [...order.map((index) => open[index]!), ...summaries.filter((item) => !isOpen(item))];
}
