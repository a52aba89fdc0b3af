import { asc, eq, sql } from "drizzle-orm";
import { gradedCriteria } from "../../../contracts/assignments";
import { mean, median } from "../../../core/statistics";
import { sheetRationale } from "../../../core/submissions";
import type { DraftHandling, FeedbackReport, FeedbackSheet, Gradebook } from "../../../contracts/submissions";
import { draftMark, gradeStateLabel } from "../../../contracts/submissions";
import { earlierRubricNotice, scaleOfGrade, scoresOnCurrentRubric, type EarlierRubric } from "../../../contracts/earlier-rubric";
import { rosterStudents } from "../../db/schema";
import { findAssignmentRow } from "../assignments";
import type { Queryable } from "../teacher-profiles";
import {
  compareStudentNames,
  hasGrade,
  lateFor,
  listSubmissionRows,
  assignmentWithSummaries,
  readAssignmentWithSummaries,
  type ListedAssignment,
  topSimilarityBySubmission,
  type AssignmentRow,
  type RankedSummaryRow,
  type SubmissionRow,
  type SubmissionSummaryRow,
} from "./records";
import { isUuid } from "../../http/validation";
import { notFound } from "../../http/app-error";

/** Without a rubric the one Overall criterion is the score, so the two bases agree. */
export const scoreBasisOf = (assignment: Pick<AssignmentRow, "criteria" | "gradingSettings">) => (assignment.criteria.length && assignment.gradingSettings.holisticVsPoints === "holistic" ? "holistic" : "points");

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Graded, but neither reviewed by the teacher nor accepted: not for a student's eyes unless marked as a draft. */
export const isDraft = (row: SubmissionSummaryRow) => hasGrade(row) && row.status !== "accepted";

/** The roster students the gradebook lists as missing: what it shows of each. */
type RosterEntry = Pick<typeof rosterStudents.$inferSelect, "id" | "name" | "identifier">;

/** The assignment, its summaries and its roster in order, in one prepared statement (the gradebook's every visit). */
const gradebookQuery = assignmentWithSummaries("assignment_gradebook", {
  roster: sql<RosterEntry[]>`(
    select coalesce(json_agg(json_build_object('id', ${rosterStudents.id}, 'name', ${rosterStudents.name}, 'identifier', ${rosterStudents.identifier}) order by ${rosterStudents.position}), '[]'::json)
    from ${rosterStudents}
    where ${rosterStudents.assignmentId} = ${sql.placeholder("id")})`,
});

/** The roster in its order, for the export (the page reads it with the gradebook's statement). */
const rosterOf = (db: Queryable, assignmentId: string): Promise<RosterEntry[]> =>
  db
    .select({ id: rosterStudents.id, name: rosterStudents.name, identifier: rosterStudents.identifier })
    .from(rosterStudents)
    .where(eq(rosterStudents.assignmentId, assignmentId))
    .orderBy(asc(rosterStudents.position));

/** Students by criteria with totals, late penalty and final score, plus each criterion's score distribution. */
export async function buildGradebook(db: Queryable, teacherId: string, assignmentId: string): Promise<Gradebook> {
  if (!isUuid(assignmentId)) throw notFound("That assignment");
  // The gradebook shows scores, not texts: only the summary's columns are read.
  const [found] = await gradebookQuery(db).execute({ id: assignmentId, teacherId });
  if (!found) throw notFound("That assignment");
  const { assignment, rows } = readAssignmentWithSummaries(found);
  return gradebookOf(assignment, rows, found.roster);
}

function gradebookOf(assignment: ListedAssignment, submissionRows: RankedSummaryRow[], roster: RosterEntry[]): Gradebook {
  const assignmentId = assignment.id;
  const rows = [...submissionRows].sort((a, b) => compareStudentNames(a.studentName, b.studentName));
  const submitted = new Set(rows.map((row) => row.rosterStudentId).filter(Boolean));
  const criteria = gradedCriteria(assignment.criteria);
  // A grade given on an earlier rubric shows in a column of the current one only where that criterion is unchanged.
  const shownScores = (row: RankedSummaryRow) => scoresOnCurrentRubric(criteria, row.earlierRubric, row.criteriaScores);
  const graded = rows.filter(hasGrade);
  // The class list's id is the one a school's system knows; the file name's, when the work matched no one on it.
  const identifierOf = new Map(roster.map((student) => [student.id, student.identifier]));
  return {
    assignmentId,
    title: assignment.title,
    totalPoints: criteria.reduce((total, item) => total + item.maxPoints, 0),
    scoreBasis: scoreBasisOf(assignment),
    criteria: criteria.map((item) => ({ id: item.id, name: item.name, maxPoints: item.maxPoints })),
    rows: rows.map((row) => {
      const late = lateFor(assignment, row);
      const isGraded = hasGrade(row);
      return {
        submissionId: row.id,
        studentName: row.studentName,
        studentIdentifier: (row.rosterStudentId ? identifierOf.get(row.rosterStudentId) : null) || row.studentIdentifier,
        status: row.status,
        criteriaScores: isGraded ? shownScores(row) : null,
        rawScore: isGraded ? row.overallScore : null,
        latePenalty: isGraded ? late.penalty : null,
        finalScore: isGraded ? late.finalScore : null,
        daysLate: late.daysLate,
        lateNote: late.daysLate ? late.explanation : null,
        gradeSource: isGraded ? row.gradeSource : null,
        earlierRubric: isGraded ? row.earlierRubric : null,
        topSimilarity: row.topSimilarity,
      };
    }),
    missing: roster.filter((student) => !submitted.has(student.id)).map((student) => ({ name: student.name, identifier: student.identifier })),
    distribution: criteria.map((item) => {
      const scores = graded.map((row) => shownScores(row)?.[item.id]).filter((score): score is number => typeof score === "number");
      const counts = Array.from({ length: Math.floor(item.maxPoints) + 1 }, () => 0);
      for (const score of scores) counts[Math.min(counts.length - 1, Math.max(0, Math.round(score)))]! += 1;
      return {
        criterionId: item.id,
        name: item.name,
        maxPoints: item.maxPoints,
        graded: scores.length,
        mean: scores.length ? round2(mean(scores)) : null,
        median: scores.length ? median(scores) : null,
        counts,
      };
    }),
  };
}

/**
 * A spreadsheet cell: quoted when needed, and a leading = + - @ neutralised so a student's name can never run as a
 * formula in the teacher's spreadsheet.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function gradedByOf(row: { gradeSource: string | null; earlierRubric: EarlierRubric | null }, isDraftRow: boolean, drafts: DraftHandling): string | null {
  if (isDraftRow) return drafts === "mark" ? draftMark : `${draftMark} (left out)`;
  if (row.earlierRubric) return `Teacher review. ${earlierRubricNotice(row.earlierRubric)}`;
  return row.gradeSource === "reviewed" ? "Teacher review" : row.gradeSource === "automatic" ? "Automatic" : null;
}

/**
 * A score in the export's columns, which are out of the current rubric's total: a grade given on an earlier rubric is
 * written with its own total ("14 / 20"), as text, so no spreadsheet sums or averages it as out of the new total.
 */
const scoreCell = (score: number | null, earlier: EarlierRubric | null) => (score !== null && earlier ? `${score} / ${earlier.totalPoints}` : score);

export async function exportGradebookCsv(db: Queryable, teacherId: string, assignmentId: string, drafts: DraftHandling): Promise<{ fileName: string; csv: string }> {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const submissionRows = await listSubmissionRows(db, assignmentId);
  const [top, roster] = await Promise.all([topSimilarityBySubmission(db, submissionRows.map((row) => row.id)), rosterOf(db, assignmentId)]);
  const book = gradebookOf(
    assignment,
    submissionRows.map((row) => ({ ...row, topSimilarity: top.get(row.id) ?? null })),
    roster,
  );
  const feedbackById = new Map(submissionRows.map((row) => [row.id, row.feedback]));
  const header = ["Student", "Student ID", "Status", ...book.criteria.map((item) => `${item.name} (/${item.maxPoints})`), book.scoreBasis === "holistic" ? `Holistic score (/${book.totalPoints})` : `Raw score (/${book.totalPoints})`, "Days late", "Late penalty", "Final score", "Graded by", "Similarity %", "Feedback"];
  const draftIds = new Set(submissionRows.filter(isDraft).map((row) => row.id));
  const lines = book.rows.map((row) => {
    const isDraftRow = draftIds.has(row.submissionId);
    // A left-out draft keeps its student and status, not its scores or feedback.
    const shown = isDraftRow && drafts === "omit" ? { ...row, criteriaScores: null, rawScore: null, latePenalty: null, finalScore: null } : row;
    return [
      row.studentName,
      row.studentIdentifier,
      // The word the gradebook's table shows: "Reviewed" or "Auto-accepted", not the stored status's "Accepted".
      gradeStateLabel(row),
      ...book.criteria.map((item) => shown.criteriaScores?.[item.id] ?? null),
      scoreCell(shown.rawScore, row.earlierRubric),
      row.daysLate,
      shown.latePenalty,
      scoreCell(shown.finalScore, row.earlierRubric),
      gradedByOf(row, isDraftRow, drafts),
      row.topSimilarity,
      shown.rawScore === null ? null : feedbackById.get(row.submissionId),
    ].map(csvCell);
  });
  const missing = book.missing.map((student) => [student.name, student.identifier, "Missing", ...book.criteria.map(() => null), null, null, null, null, null, null, null].map(csvCell));
  const csv = [header.map(csvCell), ...lines, ...missing].map((cells) => cells.join(",")).join("\r\n") + "\r\n";
  const slug = (book.title || "assignment").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "assignment";
  return { fileName: `${slug}-grades.csv`, csv };
}

/** Every graded student's scores, rationales and feedback, for the printable page (one sheet per student). */
export async function buildFeedbackReport(db: Queryable, teacherId: string, assignmentId: string, drafts: DraftHandling): Promise<FeedbackReport> {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  const criteria = gradedCriteria(assignment.criteria);
  const graded = (await listSubmissionRows(db, assignmentId)).filter(hasGrade);
  const draftCount = graded.filter(isDraft).length;
  const rows = graded.filter((row) => drafts === "mark" || !isDraft(row)).sort((a, b) => compareStudentNames(a.studentName, b.studentName));
  return {
    assignmentId,
    title: assignment.title,
    totalPoints: criteria.reduce((total, item) => total + item.maxPoints, 0),
    scoreBasis: scoreBasisOf(assignment),
    drafts,
    draftCount,
    sheets: rows.map((row) => feedbackSheetOf(assignment, row)),
  };
}

/** One student's sheet: the printable page prints it, and a returned link shows it to that student. */
export function feedbackSheetOf(assignment: AssignmentRow, row: SubmissionRow): FeedbackSheet {
  const late = lateFor(assignment, row);
  // Feedback the teacher rewrote is theirs: the grader's reasoning and highlights beside it would speak over it.
  const isTeachersWording = (row.feedback ?? "").trim() !== (row.engineGrade?.feedback ?? "").trim();
  // Its own rubric's rows and total: a grade given on an earlier rubric is shown as it was given, never rescaled.
  const scale = scaleOfGrade(assignment.criteria, row.earlierRubric);
  return {
    submissionId: row.id,
    studentName: row.studentName,
    status: row.status,
    isDraft: isDraft(row),
    criteria: scale.criteria.map((item) => {
      // The engine's reasoning and the passages it quotes only while its score stands; a teacher's edit
      // replaces the number, and the engine's words about another number would mislead.
      const engine = isTeachersWording ? undefined : row.engineGrade?.criterionScores.find((score) => score.criterionId === item.id && score.score === row.criteriaScores?.[item.id]);
      // Once: the rationale only where the feedback does not already say it (it repeated each comment).
      return { id: item.id, name: item.name, maxPoints: item.maxPoints, score: row.criteriaScores?.[item.id] ?? null, rationale: sheetRationale(engine?.rationale, row.feedback), quotes: engine?.quotes ?? [] };
    }),
    rawScore: row.overallScore,
    outOf: scale.totalPoints,
    earlierRubric: row.earlierRubric,
    late: late.daysLate || late.penalty ? late : null,
    feedback: row.feedback,
  };
}
