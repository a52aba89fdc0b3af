import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import type { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function regradeAndRead(client: TestClient, assignmentId: string, id: string): Promise<number> {
  const regraded = await client.post(`/api/submissions/${id}/regrade`, { confirm: true });
  expect(regraded.status, regraded.text).toBe(200);
  await waitForGrading(client, assignmentId);
  return (await client.get(`/api/submissions/${id}`)).data.overallScore as number;
}

describe(`the grader learns from the teacher's reviews (${testDatabaseKind})`, () => {
  it("uses every reviewed grade as a sample for the grades that follow, and none the teacher excluded", { timeout: 90_000 }, async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "learner");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
    const files = [1, 2, 3, 4, 5, 6].map((seed) => textFile(`Student ${seed}.txt`, studentEssay(seed)));
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
    expect(upload.status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const [target, ...reviewed] = (upload.data.created as { submissionId: string }[]).map((created) => created.submissionId) as [string, ...string[]];
    const before = (await teacher.client.get(`/api/submissions/${target}`)).data.overallScore as number;
    expect(before).toBeLessThan(18);

    // Not reviewed: nothing to teach with.
    const unreviewed = await teacher.client.put(`/api/submissions/${reviewed[0]}/learning`, { teachesGrader: false });
    expect(unreviewed.status).toBe(409);
    expect(unreviewed.data.error.message).toBe("Only grades you reviewed teach the grader. Accept or edit this grade first.");

    // The teacher marks four essays much higher than the grader did: no click beyond the review itself.
    for (const id of reviewed.slice(0, 4)) {
      const edited = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 10, "criterion-2": 10 }, feedback: "Excellent." });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.data.teachesGrader).toBe(true);
    }
    const learned = await regradeAndRead(teacher.client, assignment.id, target);
    expect(learned).toBeGreaterThan(before);

    // Excluded reviews teach nothing: the grade is what it was before any review.
    for (const id of reviewed.slice(0, 4)) {
      const excluded = await teacher.client.put(`/api/submissions/${id}/learning`, { teachesGrader: false });
      expect(excluded.status, excluded.text).toBe(200);
      expect(excluded.data.teachesGrader).toBe(false);
    }
    expect(await regradeAndRead(teacher.client, assignment.id, target)).toBe(before);

    // And back on, the same as when they were first used.
    for (const id of reviewed.slice(0, 4)) expect((await teacher.client.put(`/api/submissions/${id}/learning`, { teachesGrader: true })).status).toBe(200);
    expect(await regradeAndRead(teacher.client, assignment.id, target)).toBe(learned);
  });

  it("refuses a body without a yes or no, and another teacher's submission is not found", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "learner");
    const assignment = await createActiveAssignment(owner.client, owner.id);
    const created = await owner.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Ivy Chen", text: studentEssay(41, "Ivy") });
    const id = created.data.created[0].submissionId;
    const bad = await owner.client.put(`/api/submissions/${id}/learning`, { teachesGrader: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.data.error.fields.teachesGrader).toBe("Say true or false: whether this reviewed grade teaches the grader");
    const stranger = await createSignedInTeacher(server.url, server.deps.database.db, "learner");
    expect((await stranger.client.put(`/api/submissions/${id}/learning`, { teachesGrader: false })).status).toBe(404);
  });
});
