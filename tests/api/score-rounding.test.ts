import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createActiveAssignment, studentEssay, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Issue 15, finding 8: a score of 1e-320 was stored as is and shown as 5e-324 in the gradebook and the CSV. */
describe(`scores are rounded where they enter (${testDatabaseKind})`, () => {
  it("keeps two decimals in an edited grade, the gradebook and the CSV", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "round");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points" } });
    const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Lee Park", text: studentEssay(12, "Lee") });
    const id = created.data.created[0].submissionId;
    await waitForGrading(teacher.client, assignment.id);
    const edited = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 1e-320, "criterion-2": 7.456 }, feedback: "Rounded." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({ criteriaScores: { "criterion-1": 0, "criterion-2": 7.46 }, overallScore: 7.46 });
    const csv = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook.csv`)).text;
    expect(csv).toContain("Lee Park,,Reviewed,0,7.46,7.46,");
    expect(csv).not.toMatch(/e-3\d\d/);
  });
});
