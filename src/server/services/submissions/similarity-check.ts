import { eq } from "drizzle-orm";
import { essayBodySpan } from "../../../core/grading";
import { findSimilarPairs } from "../../../core/similarity";
import type { Db } from "../../db/client";
import { assignments, similarityMatches, submissions } from "../../db/schema";

/**
 * Compares every submission of the assignment with the others and with the teacher's earlier submissions, and
 * replaces the assignment's stored overlaps. With the switch off it only clears them. Each overlap is stored from
 * this assignment's side (aText is always the flagged submission's own passage).
 */
export async function checkSimilarity(db: Db, assignmentId: string): Promise<void> {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.id, assignmentId));
  if (!assignment) return;
  const settings = assignment.gradingSettings;
  const documents = settings.plagiarismCheck
    ? await db
        .select({ id: submissions.id, text: submissions.content, assignmentId: submissions.assignmentId })
        .from(submissions)
        .where(eq(submissions.teacherId, assignment.teacherId))
    : [];
  const inThisAssignment = new Set(documents.filter((doc) => doc.assignmentId === assignmentId).map((doc) => doc.id));
  // Only the papers' bodies are compared: a class's headings and the works its essays cite are alike by design (decision 024).
  const bodies = documents.map((doc) => ({ ...doc, span: essayBodySpan(doc.text) }));
  const pairs = inThisAssignment.size ? findSimilarPairs(bodies, settings.plagiarismThreshold) : [];
  const rows = pairs.flatMap((pair) => {
    const out: (typeof similarityMatches.$inferInsert)[] = [];
    const similarity = Math.round(pair.similarity);
    if (inThisAssignment.has(pair.aId)) out.push({ assignmentId, teacherId: assignment.teacherId, submissionId: pair.aId, otherSubmissionId: pair.bId, similarity, matches: pair.matches });
    if (inThisAssignment.has(pair.bId)) {
      const flipped = pair.matches.map((m) => ({ aStart: m.bStart, aEnd: m.bEnd, bStart: m.aStart, bEnd: m.aEnd, aText: m.bText, bText: m.aText }));
      out.push({ assignmentId, teacherId: assignment.teacherId, submissionId: pair.bId, otherSubmissionId: pair.aId, similarity, matches: flipped });
    }
    return out;
  });
  const kept = strongestPerSubmission(rows, maxMatchesPerSubmission);
  await db.transaction(async (tx) => {
    await tx.delete(similarityMatches).where(eq(similarityMatches.assignmentId, assignmentId));
    // PostgreSQL takes at most 65,535 parameters a statement: a class of 105 near-identical essays once passed it.
    for (let start = 0; start < kept.length; start += insertBatchRows) await tx.insert(similarityMatches).values(kept.slice(start, start + insertBatchRows));
  });
}

/** A teacher reads a few overlaps per submission, the strongest first; a hundred more would add nothing. */
export const maxMatchesPerSubmission = 10;
const insertBatchRows = 500;

function strongestPerSubmission<T extends { submissionId: string; similarity: number }>(rows: T[], limit: number): T[] {
  const bySubmission = new Map<string, T[]>();
  for (const row of rows) (bySubmission.get(row.submissionId) ?? bySubmission.set(row.submissionId, []).get(row.submissionId)!).push(row);
  return [...bySubmission.values()].flatMap((list) => list.sort((a, b) => b.similarity - a.similarity).slice(0, limit));
}
