import { expect } from "vitest";
import type { TestClient } from "./http";

export const rubricCriteria = [
  { id: "criterion-1", name: "Thesis", maxPoints: 10, descriptors: ["Clear, arguable claim"] },
  { id: "criterion-2", name: "Evidence", maxPoints: 10, descriptors: ["Relevant, cited evidence"] },
];

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

const openings = [
  "School uniforms help students focus on learning instead of fashion.",
  "Uniforms take away a simple way for young people to express who they are.",
  "Requiring uniforms saves families money over the school year.",
  "A uniform policy does little to change how students behave in class.",
  "Many schools that adopted uniforms report a calmer start to the day.",
  "The cost of uniforms can be a real burden for some families.",
];
const middles = [
  "For example, a survey of parents in our district found that most spent less on clothes after the change.",
  "Research on attendance shows mixed results, and some studies found no effect at all.",
  "My older brother says the rule made mornings easier because he never had to choose what to wear.",
  "Teachers in one study said uniforms made it easier to spot visitors who did not belong on campus.",
  "Critics point out that students still compete through shoes, phones and bags.",
  "When students feel judged for their clothes, they may skip school, which hurts their grades.",
];
const endings = [
  "In conclusion, the benefits of uniforms outweigh the costs, so our school should adopt them.",
  "Therefore schools should let students choose, while setting a fair dress code.",
  "Overall, uniforms are a small change that could make school fairer for everyone.",
  "For these reasons I believe the decision should be left to each family.",
];

/** A distinct short essay per seed (different sentences and a personal line), so no two are duplicates. */
export function studentEssay(seed: number, name = `Student ${seed}`): string {
  const pick = <T>(list: T[], offset: number) => list[(seed + offset) % list.length]!;
  const body = [pick(openings, 0), pick(middles, 1), pick(middles, 3), pick(openings, 2), pick(endings, 0)];
  return `${body.join(" ")}\n\nThis essay was written by ${name}, who thinks about this question every morning (${seed}).`;
}

export function textFile(name: string, text: string): File {
  return new File([text], name, { type: "text/plain" });
}

export function uploadForm(files: File[], details: unknown[] = [], timeZone?: string): FormData {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.append("details", JSON.stringify(details));
  if (timeZone) form.append("timeZone", timeZone);
  return form;
}

/** Polls the progress route until nothing is queued or grading (or the timeout passes). */
export async function waitForGrading(client: TestClient, assignmentId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const progress = await client.get(`/api/assignments/${assignmentId}/grading-progress`);
    expect(progress.status).toBe(200);
    if (progress.data.total > 0 && progress.data.queued === 0 && progress.data.grading === 0) return progress.data;
    if (Date.now() > deadline) throw new Error(`Grading did not finish in time: ${JSON.stringify(progress.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function sampleForm(text: string, score: number, criteriaScores: Record<string, number>): FormData {
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
