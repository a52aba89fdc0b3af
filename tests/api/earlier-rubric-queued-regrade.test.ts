import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPreparedCache, gradeQueuedSubmission } from "../../src/server/services/submissions/grading";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createReviewedGrade } from "../support/reviewed-grade";
import { rubricCriteria } from "../support/submissions";

// No grading worker in this server: a regrade stays queued, as it does while a separate worker process is busy with
// other work. The test grades what it needs to itself, with the worker's own function.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GRADING_WORKER: "off" } });
});
afterAll(() => server?.stop());

const earlier = { criteria: [{ id: "criterion-1", name: "Thesis", maxPoints: 10 }, { id: "criterion-2", name: "Evidence", maxPoints: 10 }], totalPoints: 20 };
const current = [rubricCriteria[0]!, { id: "criterion-3", name: "Organisation", maxPoints: 20, descriptors: ["Ideas in a clear order"] }];

async function gradeNow(submissionId: string) {
  const { database, spellChecker, logger, classAnalyses } = server.deps;
  await gradeQueuedSubmission({ db: database.db, spellChecker, logger }, createPreparedCache(classAnalyses), { submissionId, isLastAttempt: true });
}

/** A teacher's reviewed 14/20 (Thesis 8, Evidence 6) on a rubric out of 20. */
async function reviewedGrade(prefix: string) {
  const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, prefix);
  const { url, id } = await createReviewedGrade(client, teacherId, (_assignmentId, submissionId) => gradeNow(submissionId));
  const saveRubric = async (criteria: typeof rubricCriteria) => {
    const opened = (await client.get(url)).data;
    const saved = await client.put(url, { ...opened, rubric: { criteria }, basedOnVersion: opened.version });
    expect(saved.status, saved.text).toBe(200);
  };
  const queueRegrade = async () => {
    const regrade = await client.post(`/api/submissions/${id}/regrade`, { confirm: true });
    expect(regrade.status, regrade.text).toBe(200);
    expect(regrade.data.status).toBe("queued");
  };
  const scaleShown = async () => {
    const detail = (await client.get(`/api/submissions/${id}`)).data;
    const listed = ((await client.get(`${url}/submissions`)).data as { id: string; earlierRubric: unknown }[]).find((item) => item.id === id);
    return { detail: { status: detail.status, overallScore: detail.overallScore, earlierRubric: detail.earlierRubric }, listed: { earlierRubric: listed?.earlierRubric } };
  };
  const undo = async () => {
    const restored = await client.post(`/api/submissions/${id}/restore-review`);
    expect(restored.status, restored.text).toBe(200);
    return restored.data;
  };
  return { saveRubric, queueRegrade, scaleShown, undo };
}

describe(`a reviewed grade whose regrade is still queued when the rubric changes (${testDatabaseKind})`, () => {
  it("shows it, and brings it back by Undo, on the rubric it was given on, though nothing was graded at the change", async () => {
    const { saveRubric, queueRegrade, scaleShown, undo } = await reviewedGrade("queuedundo");
    await queueRegrade();
    await saveRubric(current);
    // Until the new grade comes, the list and the page show the reviewed scores, on their own scale.
    expect(await scaleShown()).toEqual({ detail: { status: "queued", overallScore: 14, earlierRubric: earlier }, listed: { earlierRubric: earlier } });
    expect(await undo()).toMatchObject({ overallScore: 14, earlierRubric: earlier });
  });

  it("shows it, and brings it back, on the current rubric once the rubric returned to the scoring it was given on", async () => {
    const { saveRubric, queueRegrade, scaleShown, undo } = await reviewedGrade("queuedback");
    // Kept through a change while graded, so its review remembers the earlier rubric; then regraded, and the wizard's
    // Undo upload puts that rubric back while the regrade waits.
    await saveRubric(current);
    await queueRegrade();
    await saveRubric(rubricCriteria);
    expect(await scaleShown()).toEqual({ detail: { status: "queued", overallScore: 14, earlierRubric: null }, listed: { earlierRubric: null } });
    expect(await undo()).toMatchObject({ overallScore: 14, earlierRubric: null });
  });
});
