import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { E2eApp } from "./e2e";
import { signInAsNewTeacher } from "./e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "./submissions";

export type GradedSummary = { id: string; studentName: string; overallScore: number };
export type GradedClass = {
  page: Page;
  assignmentId: string;
  /** The graded work waiting for review, in review order. */
  queue: GradedSummary[];
  /** The teacher's own API read of `path`'s data. */
  get: (path: string) => Promise<any>;
  teacher: Awaited<ReturnType<typeof signInAsNewTeacher>>;
};

/**
 * For browser tests of the review page: a signed-in teacher in a page of its own, with an active two-criterion
 * assignment (Thesis, Evidence; 10 points each) and one graded essay per name, all waiting for review.
 */
export async function gradedClass(app: E2eApp, names: string[], { viewport = { width: 1280, height: 800 }, prefix = "rvc", title = "Uniforms, period 5" } = {}): Promise<GradedClass> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, prefix);
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title, settings: { holisticVsPoints: "points" } });
  const files = names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 40, name)));
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
  expect(upload.status, upload.text).toBe(200);
  await waitForGrading(teacher.client, assignment.id);
  const queue = await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=review&status=needs_review`);
  expect(queue.data).toHaveLength(names.length);
  return { page, assignmentId: assignment.id, queue: queue.data, get: async (path) => (await teacher.client.get(path)).data, teacher };
}
