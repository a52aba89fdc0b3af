import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Notice = { id: string; kind: string; assignmentId: string | null; title: string; body: string; isRead: boolean; createdAt: string };
type Summary = { id: string; status: string; overallScore: number | null; gradeSource: string | null; late: { daysLate: number } | null; topSimilarity: number | null };

/** The run's notices are written just after its last grade commits, so they may trail the progress route a little. */
async function waitForNotices(client: TestClient, count: number): Promise<{ notifications: Notice[]; unreadCount: number }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await client.get("/api/notifications");
    expect(list.status, list.text).toBe(200);
    if (list.data.notifications.length >= count || Date.now() > deadline) return list.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Written apart from the shared essay generator, whose sentences repeat across seeds and would trip the similarity check.
const unlikeAnyOther = [
  "Walking to school gives students fresh air, exercise and a quiet moment before the first bell. Cities could paint safer crossings and plant trees along the routes, so more families would let their children walk. My cousin walks two miles each morning and says it wakes her up better than any alarm.",
  "Homework in the summer should be optional. Teachers worry that students forget what they learned, yet reading for fun and working a part-time job also teach patience and responsibility. A short list of suggested books would keep minds busy without turning the holiday into another term.",
] as const;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentOf20 = (rows: Summary[]) => rows.filter((row) => row.overallScore !== null).map((row) => (row.overallScore! / 20) * 100);

describe(`notifications API (${testDatabaseKind})`, () => {
  it("tells the teacher a grading run finished, marks notices read one by one or all at once, and keeps them private", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "notice");
    const title = "Uniforms, period 5";
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title });
    const files = ["Ada Park", "Ben Okafor", "Cleo Novak"].map((name, n) => textFile(`${name}.txt`, studentEssay(60 + n, name)));
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);

    const list = await waitForNotices(teacher.client, 2);
    // Nothing is auto-accepted before the teacher has reviewed enough grades, so all three wait for review.
    expect(list.notifications.map((notice) => [notice.kind, notice.title, notice.body, notice.assignmentId, notice.isRead])).toEqual([
      ["review_waiting", `Review waiting: ${title}`, `3 grades in ${title} wait for your review, lowest confidence first.`, assignment.id, false],
      ["grading_finished", `Grading finished: ${title}`, "3 submissions graded: 0 grades accepted automatically, 3 waiting for your review.", assignment.id, false],
    ]);
    expect(list.unreadCount).toBe(2);
    const [review, finished] = list.notifications as [Notice, Notice];
    expect(Date.parse(review.createdAt)).toBeGreaterThanOrEqual(Date.parse(finished.createdAt));

    const stranger = await createSignedInTeacher(server.url, db(), "peek");
    expect((await stranger.client.get("/api/notifications")).data).toEqual({ notifications: [], unreadCount: 0 });
    const theirs = await stranger.client.post(`/api/notifications/${finished.id}/read`);
    expect(theirs.status).toBe(404);
    expect(theirs.data.error).toMatchObject({ code: "not_found", message: expect.any(String) });
    expect((await stranger.client.post("/api/notifications/read-all")).data).toEqual({ markedRead: 0 });
    expect((await teacher.client.post("/api/notifications/not-a-uuid/read")).status).toBe(404);
    expect((await new TestClient(server.url).get("/api/notifications")).status).toBe(401);

    const read = await teacher.client.post(`/api/notifications/${finished.id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(read.data).toMatchObject({ id: finished.id, isRead: true });
    expect((await teacher.client.post(`/api/notifications/${finished.id}/read`)).data.isRead).toBe(true);
    const afterOne = (await teacher.client.get("/api/notifications")).data;
    expect(afterOne.unreadCount).toBe(1);
    expect(afterOne.notifications.map((notice: Notice) => notice.isRead)).toEqual([false, true]);

    expect((await teacher.client.post("/api/notifications/read-all")).data).toEqual({ markedRead: 1 });
    const afterAll = (await teacher.client.get("/api/notifications")).data;
    expect(afterAll.unreadCount).toBe(0);
    expect(afterAll.notifications.every((notice: Notice) => notice.isRead)).toBe(true);
  });
});

describe(`analytics API (${testDatabaseKind})`, () => {
  it("shows an empty account as zeros and nothing measured", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "empty");
    const answer = await teacher.client.get("/api/analytics");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data).toEqual({
      assignments: { active: 0, draft: 0, archived: 0 },
      submissions: { total: 0, graded: 0, needsReview: 0, failed: 0, inProgress: 0 },
      grades: { acceptedAutomatically: 0, reviewed: 0, automaticPercent: null, edited: 0 },
      averageScorePercent: null,
      late: 0,
      similarityFlagged: 0,
      agreement: { reviewedCount: 0, exactPercent: null, withinTolerancePercent: null },
      perAssignment: [],
    });
    expect((await new TestClient(server.url).get("/api/analytics")).status).toBe(401);
  });

  it("counts exactly what the teacher's submissions hold, and follows accepted and edited grades", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "stats");
    // A draft counts once something is saved in it; a blank one (opened and left) never does.
    const draft = (await teacher.client.post("/api/assignments", { teacherId: teacher.id })).data;
    expect((await teacher.client.put(`/api/assignments/${draft.id}`, { ...draft, title: "Poetry unit" })).status).toBe(200);
    await teacher.client.post("/api/assignments", { teacherId: teacher.id });
    const essays = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay", dueDate: "2025-03-05", settings: { plagiarismCheck: true, plagiarismThreshold: 20 } });
    const shared = studentEssay(71, "shared");
    const copied = `${shared.split("\n\n")[0]}\n\nI also think that every school is different, and the families should vote on the rule together.`;
    const onTime = "2025-03-04T10:00:00Z";
    const late = "2025-03-07T10:00:00Z";
    const upload = await teacher.client.request("POST", `/api/assignments/${essays.id}/submissions`, {
      body: uploadForm(
        [textFile("Ava Stone.txt", shared), textFile("Liam Ford.txt", copied), textFile("Mia Chen.txt", unlikeAnyOther[0]), textFile("Noah Kim.txt", unlikeAnyOther[1])],
        [{ submittedAt: onTime }, { submittedAt: late }, { submittedAt: late }, { submittedAt: onTime }],
        "UTC",
      ),
    });
    expect(upload.data.created, upload.text).toHaveLength(4);
    const second = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms reflection" });
    await teacher.client.post(`/api/assignments/${second.id}/submissions/text`, { studentName: "Owen Park", text: studentEssay(74, "Owen") });
    await waitForGrading(teacher.client, essays.id);
    await waitForGrading(teacher.client, second.id);

    const listOf = async (id: string): Promise<Summary[]> => (await teacher.client.get(`/api/assignments/${id}/submissions`)).data;
    // The similarity check runs a moment after the upload; wait until both copies carry its flag.
    const deadline = Date.now() + 30_000;
    while ((await listOf(essays.id)).filter((row) => row.topSimilarity !== null).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 300));

    const rows = await listOf(essays.id);
    const [owen] = await listOf(second.id);
    expect(rows.every((row) => row.status === "needs_review") && owen!.status === "needs_review").toBe(true);
    const before = (await teacher.client.get("/api/analytics")).data;
    expect(before).toMatchObject({
      assignments: { active: 2, draft: 1, archived: 0 },
      submissions: { total: 5, graded: 5, needsReview: 5, failed: 0, inProgress: 0 },
      grades: { acceptedAutomatically: 0, reviewed: 0, automaticPercent: null, edited: 0 },
      late: rows.filter((row) => (row.late?.daysLate ?? 0) > 0).length,
      similarityFlagged: rows.filter((row) => row.topSimilarity !== null).length,
      agreement: { reviewedCount: 0, exactPercent: null, withinTolerancePercent: null },
    });
    expect(before.late).toBe(2);
    expect(before.similarityFlagged).toBe(2);
    expect(before.averageScorePercent).toBeCloseTo(mean([...percentOf20(rows), ...percentOf20([owen!])]), 6);
    expect(before.perAssignment.map((row: { title: string }) => row.title)).toEqual(["Uniforms reflection", "Uniforms essay"]);

    // One grade accepted as it stands, one edited to a score the grader did not give, one accepted in the other assignment.
    const [kept, changed] = rows as [Summary, Summary];
    expect((await teacher.client.post(`/api/submissions/${kept.id}/accept`)).status).toBe(200);
    const newScore = changed.overallScore === 20 ? 0 : 20;
    const newScores = { "criterion-1": newScore / 2, "criterion-2": newScore / 2 };
    // overallScore too: with holistic grading the overall judgement is set apart from the criteria.
    const edited = await teacher.client.put(`/api/submissions/${changed.id}/grade`, { criteriaScores: newScores, overallScore: newScore, feedback: "Rewritten by the teacher." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data.overallScore).toBe(newScore);
    expect((await teacher.client.post(`/api/submissions/${owen!.id}/accept`)).status).toBe(200);

    const after = (await teacher.client.get("/api/analytics")).data;
    const editedScore = edited.data.overallScore as number;
    // Tolerance on a 20-point rubric: 10% of the range, 2 points.
    const editWithinTolerance = Math.abs(editedScore - changed.overallScore!) <= 2 ? 1 : 0;
    expect(after).toMatchObject({
      submissions: { total: 5, graded: 5, needsReview: 2, failed: 0, inProgress: 0 },
      grades: { acceptedAutomatically: 0, reviewed: 3, automaticPercent: 0, edited: 1 },
      late: 2,
      similarityFlagged: 2,
      agreement: { reviewedCount: 3 },
    });
    expect(after.agreement.exactPercent).toBeCloseTo((2 / 3) * 100, 6);
    expect(after.agreement.withinTolerancePercent).toBeCloseTo(((2 + editWithinTolerance) / 3) * 100, 6);
    const essaysAfter = await listOf(essays.id);
    expect(after.averageScorePercent).toBeCloseTo(mean([...percentOf20(essaysAfter), ...percentOf20([owen!])]), 6);

    const essayRow = after.perAssignment.find((row: { assignmentId: string }) => row.assignmentId === essays.id);
    expect(essayRow).toMatchObject({ title: "Uniforms essay", status: "active", submissions: 4, graded: 4, needsReview: 2, agreement: { reviewedCount: 2, exactPercent: 50 } });
    expect(essayRow.agreement.withinTolerancePercent).toBeCloseTo(((1 + editWithinTolerance) / 2) * 100, 6);
    expect(essayRow.averageScorePercent).toBeCloseTo(mean(percentOf20(essaysAfter)), 6);
    const agreementRoute = (await teacher.client.get(`/api/assignments/${essays.id}/agreement`)).data;
    expect(essayRow.agreement.exactPercent).toBeCloseTo(agreementRoute.exact * 100, 6);
    expect(after.perAssignment.find((row: { assignmentId: string }) => row.assignmentId === second.id)).toMatchObject({
      submissions: 1,
      graded: 1,
      needsReview: 0,
      agreement: { reviewedCount: 1, exactPercent: 100, withinTolerancePercent: 100 },
    });

    const stranger = await createSignedInTeacher(server.url, db(), "nosy");
    const theirs = (await stranger.client.get("/api/analytics")).data;
    expect(theirs.submissions.total).toBe(0);
    expect(theirs.perAssignment).toEqual([]);
  });
});
