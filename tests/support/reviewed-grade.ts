import { expect } from "vitest";
import type { TestClient } from "./http";
import { createActiveAssignment, studentEssay } from "./submissions";

/**
 * A teacher's reviewed 14/20 (Thesis 8, Evidence 6) on the two-criterion rubric: Noah Kim's essay, graded by
 * `grade` (waiting for the server's worker, or grading it in the test), then edited. Points grading unless `settings`
 * says otherwise; nothing is accepted automatically.
 */
export async function createReviewedGrade(client: TestClient, teacherId: string, grade: (assignmentId: string, submissionId: string) => Promise<unknown>, settings: Record<string, unknown> = {}) {
  const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100, ...settings } });
  const url = `/api/assignments/${assignment.id}`;
  const created = await client.post(`${url}/submissions/text`, { studentName: "Noah Kim", text: studentEssay(3, "Noah") });
  expect(created.status, created.text).toBe(200);
  const id = created.data.created[0].submissionId as string;
  await grade(assignment.id, id);
  const edited = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 8, "criterion-2": 6 }, overallScore: 14, feedback: "A clear thesis; more evidence next time." });
  expect(edited.status, edited.text).toBe(200);
  return { assignment, url, id };
}
