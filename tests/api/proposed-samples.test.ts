import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Summary = { id: string; studentName: string; status: string; confidence: number | null; overallScore: number | null; gradeSource: string | null };
type Proposals = { gradedCount: number; wantedCount: number; proposals: { submissionId: string; studentName: string; status: string; reason: string }[] };

const reasons = [
  "Among the weakest the grader expects in this class",
  "Among the strongest the grader expects in this class",
  "One of the longest",
  "One of the shortest",
  "Typical of the class",
  "Unlike the work graded so far",
];

/** A class with a range of work: ordinary essays, a few long ones, and a couple of lines that teach the grader little. */
const names = ["Ada Park", "Ben Cole", "Cleo Diaz", "Dan Wu", "Eve Shah", "Finn Roy", "Gia Lund", "Hal Berg", "Ivy Chen", "Jon Kerr", "Kai Moss", "Lea Ford", "Max Hale", "Nia Voss"];

function classSet(): File[] {
  const essays = names.slice(0, 12).map((name, i) => textFile(`${name}.txt`, studentEssay(i + 1, name)));
  const long = names.slice(12).map((name, i) => textFile(`${name}.txt`, [0, 1, 2].map((part) => studentEssay(20 + 10 * i + part, name)).join("\n\n")));
  const lines = textFile("Short Note.txt", "uniforms r bad i dont like them.");
  return [...essays, ...long, lines];
}

async function uploadedClass(prefix: string) {
  const teacher = await createSignedInTeacher(server.url, server.deps.database.db, prefix);
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(classSet()) });
  expect(upload.status, upload.text).toBe(200);
  expect(upload.data.created).toHaveLength(15);
  await waitForGrading(teacher.client, assignment.id);
  const list: Summary[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
  return { teacher, assignment, list, byName: new Map(list.map((item) => [item.studentName, item])) };
}

/** The teacher's review: the grade as the grader gave it (accept) or moved by `shift` points on the first criterion. */
async function review(client: TestClient, id: string, shift: number) {
  if (shift === 0) {
    const accepted = await client.post(`/api/submissions/${id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    return;
  }
  const detail = (await client.get(`/api/submissions/${id}`)).data as { criteriaScores: Record<string, number> };
  const first = detail.criteriaScores["criterion-1"]!;
  const moved = first + shift <= 10 ? first + shift : first - shift;
  const edited = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: { ...detail.criteriaScores, "criterion-1": moved }, feedback: "Reviewed." });
  expect(edited.status, edited.text).toBe(200);
}

describe(`proposed samples (${testDatabaseKind})`, () => {
  it("proposes which essays to grade first when a class is uploaded before calibration, to its owner only", { timeout: 120_000 }, async () => {
    const { teacher, assignment, list, byName } = await uploadedClass("proposer");
    const proposed = await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`);
    expect(proposed.status, proposed.text).toBe(200);
    const body = proposed.data as Proposals;
    expect(body.gradedCount).toBe(0);
    expect(body.wantedCount).toBe(10);
    expect(body.proposals).toHaveLength(10);
    const ids = body.proposals.map((item) => item.submissionId);
    expect(new Set(ids).size).toBe(10);
    for (const item of body.proposals) {
      expect(list.map((row) => row.id)).toContain(item.submissionId);
      expect(item.studentName).toBe(list.find((row) => row.id === item.submissionId)!.studentName);
      expect(reasons).toContain(item.reason);
    }
    // A few lines teach the calibration little: never proposed while there are essays to choose from.
    expect(ids).not.toContain(byName.get("Short Note")!.id);
    // The same class gives the same proposal.
    expect(((await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as Proposals).proposals).toEqual(body.proposals);

    const stranger = await createSignedInTeacher(server.url, server.deps.database.db, "proposer");
    expect((await stranger.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/assignments/${assignment.id}/proposed-samples`)).status).toBe(401);

    // Grading a proposed essay makes it a sample: it leaves the proposal, and fewer are asked for.
    for (const id of ids.slice(0, 3)) await review(teacher.client, id, 0);
    const after = (await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as Proposals;
    expect(after.gradedCount).toBe(3);
    expect(after.proposals).toHaveLength(7);
    expect(after.proposals.some((item) => ids.slice(0, 3).includes(item.submissionId))).toBe(false);

    // An excluded review teaches nothing, so it is not counted as graded.
    expect((await teacher.client.put(`/api/submissions/${ids[0]}/learning`, { teachesGrader: false })).status).toBe(200);
    expect(((await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as Proposals).gradedCount).toBe(2);

    // Once the calibration has the graded texts it wants, nothing is proposed.
    for (const id of ids.slice(3)) await review(teacher.client, id, 0);
    const extra = list.find((row) => !ids.includes(row.id) && row.studentName !== "Short Note")!;
    await review(teacher.client, extra.id, 0);
    const done = (await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as Proposals;
    expect(done).toEqual({ gradedCount: 10, wantedCount: 10, proposals: [] });
  });

  it("orders the review queue by what a review would teach the grader: work like a reviewed essay comes last", { timeout: 120_000 }, async () => {
    const { teacher, assignment, byName } = await uploadedClass("learnorder");
    // The teacher reviews Ada's essay; its twin (the same essay under another name) would teach nothing new.
    await review(teacher.client, byName.get("Ada Park")!.id, 0);
    const twin = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Twin", text: studentEssay(1, "Twin") });
    expect(twin.status, twin.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);

    const byReview: Summary[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=review`)).data;
    const learning = await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=learning`);
    expect(learning.status, learning.text).toBe(200);
    const byLearning = learning.data as Summary[];
    expect(byLearning.map((item) => item.id).sort()).toEqual(byReview.map((item) => item.id).sort());
    const open = byLearning.filter((item) => item.gradeSource !== "reviewed" && item.confidence !== null);
    // Open grades first, the reviewed one after them; the twin of the reviewed essay is the last open one.
    expect(byLearning.slice(0, open.length)).toEqual(open);
    expect(byLearning[open.length]!.studentName).toBe("Ada Park");
    expect(open.at(-1)!.studentName).toBe("Twin");

    const filtered: Summary[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=learning&status=needs_review`)).data;
    expect(filtered.every((item) => item.status === "needs_review")).toBe(true);
    expect(filtered.map((item) => item.id)).toEqual(open.filter((item) => item.status === "needs_review").map((item) => item.id));

    const bad = await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=useful`);
    expect(bad.status).toBe(400);
    expect(bad.data.error.fields.order).toBe("order must be student, review, recent or learning");
    const stranger = await createSignedInTeacher(server.url, server.deps.database.db, "learnorder");
    expect((await stranger.client.get(`/api/assignments/${assignment.id}/submissions?order=learning`)).status).toBe(404);
  });

  it("reports agreement so far and how it has grown, in runs of ten reviews in the order they were made", { timeout: 120_000 }, async () => {
    const { teacher, assignment, list } = await uploadedClass("agreement");
    const empty = await teacher.client.get(`/api/assignments/${assignment.id}/agreement-growth`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.data).toEqual({ reviewedCount: 0, withinTolerance: 0, exact: 0, tolerance: 2, qwk: null, groupSize: 10, groups: [] });

    // First ten: four accepted, six moved 5 points (beyond the 2-point tolerance); then two moved 1 point (within it).
    const shifts = [0, 5, 0, 5, 5, 0, 5, 5, 0, 5, 1, 1];
    for (const [index, shift] of shifts.entries()) await review(teacher.client, list[index]!.id, shift);
    const growth = await teacher.client.get(`/api/assignments/${assignment.id}/agreement-growth`);
    expect(growth.status, growth.text).toBe(200);
    expect(growth.data).toMatchObject({
      reviewedCount: 12,
      withinTolerance: 6,
      exact: 4,
      tolerance: 2,
      groupSize: 10,
      groups: [
        { from: 1, to: 10, count: 10, exact: 4, withinTolerance: 4 },
        { from: 11, to: 12, count: 2, exact: 0, withinTolerance: 2 },
      ],
    });
    expect(typeof growth.data.qwk).toBe("number");

    // A regrade replaces the grade, not the review the agreement counts.
    expect((await teacher.client.post(`/api/submissions/${list[1]!.id}/regrade`, { confirm: true })).status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement-growth`)).data.groups).toEqual(growth.data.groups);

    const stranger = await createSignedInTeacher(server.url, server.deps.database.db, "agreement");
    expect((await stranger.client.get(`/api/assignments/${assignment.id}/agreement-growth`)).status).toBe(404);
  });
});
