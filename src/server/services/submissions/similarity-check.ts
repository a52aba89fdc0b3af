import { eq } from "drizzle-orm";
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
  const pairs = inThisAssignment.size ? findSimilarPairs(documents, settings.plagiarismThreshold) : [];
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
  await db.transaction(async (tx) => {
    await tx.delete(similarityMatches).where(eq(similarityMatches.assignmentId, assignmentId));
    if (rows.length) await tx.insert(similarityMatches).values(rows);
  });
}
