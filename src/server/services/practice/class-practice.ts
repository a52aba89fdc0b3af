import { scaleOfGrade, scoresOnCurrentRubric } from "../../../contracts/earlier-rubric";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { gradedCriteria } from "../../../contracts/assignments";
import type { SpellChecker } from "../../../core/grading";
import { levelsLowestFirst } from "../../../core/rubric";
import { defaultQuizSettings, practiceMessages, type StoredFlashcard, type StoredQuizItem } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { practiceSets, rosterStudents, submissions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { findAssignmentRow } from "../assignments";
import { hasGrade, maxScoreOf, type AssignmentRow } from "../submissions/records";
import { classPractice } from "./engine";
import { toPracticeView, withIds } from "./records";

/**
 * The rubric's levels as the core reads them: from the lowest level to the highest (whichever way the rubric lists them), and each level
 * is worth its share of the criterion's points. A descriptor "Proficient: ..." names its level; others are numbered.
 */
function levelsOf(criterion: { maxPoints: number; descriptors: string[] }) {
  const descriptors = levelsLowestFirst(criterion.descriptors.filter((line) => line.trim()));
  return descriptors.map((description, index) => {
    const named = /^([^:]{1,30}):\s*(.+)$/s.exec(description.trim());
    return {
      label: named ? named[1]!.trim() : `Level ${index + 1}`,
      points: Math.round((criterion.maxPoints * (index + 1)) / descriptors.length * 10) / 10,
      description: named ? named[2]!.trim() : description.trim(),
    };
  });
}

function classInput(assignment: AssignmentRow, rows: (typeof submissions.$inferSelect)[], classNames: string[], spellChecker: SpellChecker) {
  const maxScore = maxScoreOf(assignment) || 1;
  return {
    criteria: gradedCriteria(assignment.criteria).map((criterion) => ({ id: criterion.id, name: criterion.name, maxPoints: criterion.maxPoints, levels: levelsOf(criterion) })),
    essays: rows.map((row) => {
      // A grade given on an earlier rubric counts out of its own total, and only on criteria the rubric kept as they were.
      const scores = scoresOnCurrentRubric(assignment.criteria, row.earlierRubric ?? null, row.criteriaScores) ?? {};
      return {
        text: row.content,
        studentName: row.studentName,
        overallFraction: Math.min(1, Math.max(0, (row.overallScore ?? 0) / (row.earlierRubric ? scaleOfGrade(assignment.criteria, row.earlierRubric).totalPoints || 1 : maxScore))),
        criteria: Object.entries(scores).map(([criterionId, points]) => ({ criterionId, points })),
        reviewed: row.gradeSource === "reviewed",
        // The passages the grader quoted for each criterion it still scores: practice quotes the sentences that hold them.
        evidence: Object.fromEntries((row.engineGrade?.criterionScores ?? []).filter((c) => c.criterionId in scores).map((c) => [c.criterionId, c.quotes])),
      };
    }),
    seed: randomInt(2 ** 31),
    classNames,
    spellChecker,
  };
}

const emptyQuizNotice =
  "No questions could be made from this class's writing yet: the graded essays differ too little on these criteria, and none had a slip to fix. Add questions by hand, or share the deck.";

/**
 * "Make practice" on a graded assignment: a quiz and a deck aimed at the class's two weakest criteria, built from
 * anonymised passages of the class's own essays. Both are stored together or not at all.
 */
export async function createClassPractice(deps: { db: Db; publicUrl: string; spellChecker: SpellChecker }, teacherId: string, assignmentId: string) {
  const assignment = await findAssignmentRow(deps.db, teacherId, assignmentId);
  const all = await deps.db.select().from(submissions).where(eq(submissions.assignmentId, assignment.id));
  const graded = all.filter(hasGrade);
  if (!graded.length) throw new AppError("conflict", practiceMessages.notGraded);
  const roster = await deps.db.select({ name: rosterStudents.name }).from(rosterStudents).where(eq(rosterStudents.assignmentId, assignment.id));
  const classNames = [...new Set([...roster.map((student) => student.name), ...all.map((submission) => submission.studentName)])];
  const result = classPractice(classInput(assignment, graded, classNames, deps.spellChecker));
  if (!result.quiz.length && !result.deck.length) {
    const message = result.problem?.message ?? "No practice could be made from this class's work yet. Grade more submissions, then try again.";
    throw new AppError("unprocessable", message);
  }
  const title = assignment.title.trim() || "Untitled assignment";
  const focus = result.weakest.map((criterion) => criterion.name).join(" and ");
  const common = {
    teacherId,
    sourceKind: "class" as const,
    assignmentId: assignment.id,
    weakestCriteria: result.weakest,
    notice: result.problem?.message ?? null,
    settings: defaultQuizSettings,
  };
  const [quiz, deck] = await deps.db.transaction(async (tx) => {
    const [quizRow] = await tx
      .insert(practiceSets)
      .values({ ...common, kind: "quiz", notice: common.notice ?? (result.quiz.length ? null : emptyQuizNotice), title: `Practice quiz: ${title}${focus ? ` (${focus})` : ""}`, items: withIds(result.quiz as StoredQuizItem[]) })
      .returning();
    const [deckRow] = await tx
      .insert(practiceSets)
      .values({ ...common, kind: "deck", title: `Flashcards: ${title}${focus ? ` (${focus})` : ""}`, items: withIds(result.deck as StoredFlashcard[]) })
      .returning();
    return [quizRow!, deckRow!];
  });
  const context = { publicUrl: deps.publicUrl, attemptCount: 0, assignmentTitle: title };
  return { quiz: toPracticeView(quiz, context), deck: toPracticeView(deck, context) };
}
