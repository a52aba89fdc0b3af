import { expect } from "vitest";
import type { TestClient } from "./http";

/**
 * The teacher's own scores on the two-criterion rubric (Thesis, Evidence) per student: the offline grader scores a
 * short made-up class set much alike, and practice for a class needs stronger and weaker work on each criterion.
 */
export async function gradeByHand(client: TestClient, assignmentId: string, scores: Record<string, [number, number]>) {
  const list: { id: string; studentName: string }[] = (await client.get(`/api/assignments/${assignmentId}/submissions`)).data;
  for (const [name, [thesis, evidence]] of Object.entries(scores)) {
    const id = list.find((item) => item.studentName === name)!.id;
    const graded = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": thesis, "criterion-2": evidence }, feedback: "Graded by hand." });
    expect(graded.status, graded.text).toBe(200);
  }
}
