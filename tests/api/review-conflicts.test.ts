import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { createActiveAssignment, studentEssay, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type History = { id: string; kind: string }[];
const newest = (history: History) => history.at(-1)!.id;

/** A new teacher's points-graded assignment (nothing accepted automatically) with one graded essay, opened once. */
async function oneGradedEssay(key: string, studentName: string) {
  const teacher = await createSignedInTeacher(server.url, server.deps.database.db, key);
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
  const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName, text: studentEssay(12, studentName.split(" ")[0]!) });
  const id = created.data.created[0].submissionId as string;
  await waitForGrading(teacher.client, assignment.id);
  const opened = (await teacher.client.get(`/api/submissions/${id}`)).data;
  const [thesis, evidence] = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data.rubric.criteria.map((criterion: { id: string }) => criterion.id) as string[];
  return { teacher, assignment, id, opened, thesis: thesis!, evidence: evidence! };
}

describe(`a grade edited in two places (${testDatabaseKind})`, () => {
  it("refuses an edit begun on an older version, says what changed, and saves once the teacher has seen it", async () => {
    const { teacher, assignment, id, opened, thesis, evidence } = await oneGradedEssay("twotabs", "Noah Kim");

    // Two tabs open the same grade; the first saves.
    const first = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 9, [evidence]: 9 }, feedback: "TAB ONE", basedOn: newest(opened.history) });
    expect(first.status, first.text).toBe(200);

    // The second, still on the version it opened, is refused and nothing of the first is lost.
    const second = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 5, [evidence]: 5 }, feedback: "TAB TWO", basedOn: newest(opened.history) });
    expect(second.status).toBe(409);
    expect(second.data.error).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^This grade changed after you opened it: .+ saved other scores or feedback\. Your changes are not saved yet:/),
      fields: { basedOn: "The grade has changed since this version" },
    });
    const kept = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(kept).toMatchObject({ feedback: "TAB ONE", overallScore: 18 });

    // Told, and looking at the current version, the teacher saves again.
    const again = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 5, [evidence]: 5 }, feedback: "TAB TWO", basedOn: newest(kept.history) });
    expect(again.status, again.text).toBe(200);
    expect(again.data).toMatchObject({ feedback: "TAB TWO", overallScore: 10 });

    // Accepting or adding to samples changes no scores: an edit begun before them still saves.
    const beforeSample = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect((await teacher.client.post(`/api/submissions/${id}/add-to-samples`)).status).toBe(200);
    const afterSample = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 6, [evidence]: 5 }, feedback: "TAB TWO", basedOn: newest(beforeSample.history) });
    expect(afterSample.status, afterSample.text).toBe(200);

    // Two saves of one version at the same moment: one is saved, the other is told.
    const current = (await teacher.client.get(`/api/submissions/${id}`)).data;
    const both = await Promise.all(
      ["SAME TIME A", "SAME TIME B"].map((feedback) => teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 7, [evidence]: 7 }, feedback, basedOn: newest(current.history) })),
    );
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);

    // Regrade requested five times at once: never twice for one grade. Each request either sends the work (after the
    // previous regrade finished: PGlite's worker grades at once) or is told it is already being graded.
    const regrades = await Promise.all(Array.from({ length: 5 }, () => teacher.client.post(`/api/submissions/${id}/regrade`, { confirm: true })));
    for (const response of regrades) expect([200, 409]).toContain(response.status);
    await waitForGrading(teacher.client, assignment.id);
    const steps = ((await teacher.client.get(`/api/submissions/${id}`)).data.history as History).map((event) => event.kind).filter((kind) => kind === "regrade_requested" || kind === "graded");
    expect(steps.filter((kind, i) => kind === "regrade_requested" && steps[i + 1] === "regrade_requested")).toEqual([]);
    expect(steps.filter((kind) => kind === "regrade_requested")).toHaveLength(regrades.filter((response) => response.status === 200).length);

    // A version the grade never had, or not an id at all.
    const unknown = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 6, [evidence]: 5 }, feedback: "x", basedOn: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(409);
    const malformed = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 6, [evidence]: 5 }, feedback: "x", basedOn: "yesterday" });
    expect(malformed.status).toBe(400);
    expect(malformed.data.error.fields.basedOn).toBe("basedOn must be the id of an event in the grade's history");
  });

  it("refuses an accept made on a version saved over since, says what changed, and accepts once the teacher has read it", async () => {
    const { teacher, id, opened, thesis, evidence } = await oneGradedEssay("conflict-accept", "Olivia Chen");

    // Tab A saves 5/12-style scores; tab B, still showing the grader's grade, presses Accept.
    expect((await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { [thesis]: 2, [evidence]: 3 }, feedback: "TAB A", basedOn: newest(opened.history) })).status).toBe(200);
    const stale = await teacher.client.post(`/api/submissions/${id}/accept`, { basedOn: newest(opened.history) });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^This grade changed after you opened it: .+ saved other scores or feedback\. It is not accepted yet: read the grade as it is now, then Accept it if it stands\.$/),
      fields: { basedOn: "The grade has changed since this version" },
    });
    const kept = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(kept.history.map((event: { kind: string }) => event.kind).at(-1)).toBe("edited");
    expect(kept).toMatchObject({ feedback: "TAB A", overallScore: 5 });

    // Read as it is now, it is accepted; a client that sends no version accepts as before.
    expect((await teacher.client.post(`/api/submissions/${id}/accept`, { basedOn: newest(kept.history) })).status).toBe(200);
    expect((await teacher.client.post(`/api/submissions/${id}/accept`)).status).toBe(200);
  });
});
