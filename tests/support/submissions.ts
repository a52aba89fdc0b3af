import { expect } from "vitest";
import type { TestClient } from "./http";
import { rubricCriteria, studentEssay, textFile } from "./class-set";

export { rubricCriteria, studentEssay, textFile, uploadForm } from "./class-set";

/** A draft made active with a two-criterion rubric; settings can be changed through `settings`. */
export async function createActiveAssignment(client: TestClient, teacherId: string, options: { settings?: Record<string, unknown>; dueDate?: string | null; title?: string } = {}) {
  const created = await client.post("/api/assignments", { teacherId });
  expect(created.status).toBe(201);
  const saved = await client.put(`/api/assignments/${created.data.id}`, {
    ...created.data,
    title: options.title ?? "Persuasive essay: school uniforms",
    type: "argumentative_essay",
    dueDate: options.dueDate === undefined ? null : options.dueDate,
    prompt: "Should students wear school uniforms? Take a position and support it with evidence.",
    rubric: { criteria: rubricCriteria },
    status: "active",
    autogradingEnabled: true,
    gradingSettings: { ...created.data.gradingSettings, ...options.settings },
  });
  expect(saved.status, JSON.stringify(saved.data)).toBe(200);
  return saved.data as { id: string; gradingSettings: Record<string, unknown> };
}

/**
 * Polls the progress route until nothing is queued or grading (or the timeout passes). A 503 (the database too busy
 * to check the sign-in while a large class is graded) is asked again, since it says to retry; anything else fails.
 */
export async function waitForGrading(client: TestClient, assignmentId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const progress = await client.get(`/api/assignments/${assignmentId}/grading-progress`);
    if (progress.status !== 503) {
      expect(progress.status, progress.text).toBe(200);
      if (progress.data.total > 0 && progress.data.queued === 0 && progress.data.grading === 0) return progress.data;
    }
    if (Date.now() > deadline) throw new Error(`Grading did not finish in time: ${progress.status} ${progress.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function sampleForm(text: string, score: number, criteriaScores: Record<string, number>): FormData {
  const form = new FormData();
  form.append("sample", textFile("sample.txt", text));
  form.append("score", String(score));
  form.append("feedback", "Graded by hand.");
  form.append("criteriaScores", JSON.stringify(criteriaScores));
  return form;
}

const strong = `${studentEssay(1, "Avery")} ${studentEssay(2, "Avery")} ${studentEssay(3, "Avery")}`;
const weak = "uniforms r bad i dont like them. they are bad.";

/** Two samples graded against what their text shows: each, graded from the other alone, lands far from its score. */
export async function assignmentWithContradictorySamples(client: TestClient, teacherId: string) {
  const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 0 } });
  for (const [text, scores] of [[strong, { "criterion-1": 1, "criterion-2": 1 }], [weak, { "criterion-1": 10, "criterion-2": 9 }]] as const) {
    const added = await client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(text, scores["criterion-1"] + scores["criterion-2"], scores) });
    expect(added.status, added.text).toBe(201);
  }
  return assignment;
}
