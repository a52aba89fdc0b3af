import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipSync, strToU8 } from "fflate";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile } from "../support/uploads";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`submissions API (${testDatabaseKind})`, () => {
  it("takes a batch of good and bad files, reports each, skips duplicates, and grades the good ones", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "sub");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const zip = zipSync({ "class/Maria Lopez - Essay.txt": strToU8(studentEssay(11, "Maria")), "__MACOSX/._x": strToU8("x") });
    const files = [
      textFile("Jane Doe.txt", studentEssay(1, "Jane")),
      fixtureFile("documents/student-essay.docx", "Doe, John - Essay.docx"),
      fixtureFile("documents/empty.txt", "Empty Person.txt"),
      fixtureFile("documents/student-essay-truncated.docx", "Broken Student.docx"),
      textFile("Jane copy.txt", studentEssay(1, "Jane")),
      new File([new Uint8Array(zip)], "more.zip"),
    ];
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files, [{}, {}, {}, {}, {}, {}], "Europe/Paris") });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created.map((c: { studentName: string }) => c.studentName).sort()).toEqual(["Jane Doe", "John Doe", "Maria Lopez"]);
    expect(upload.data.duplicates).toHaveLength(1);
    expect(upload.data.duplicates[0]).toMatchObject({ fileName: "Jane copy.txt", studentName: "Jane Doe" });
    expect(upload.data.rejected.map((r: { fileName: string; code: string }) => [r.fileName, r.code])).toEqual([
      ["Empty Person.txt", "empty"],
      ["Broken Student.docx", "corrupt"],
    ]);

    const progress = await waitForGrading(teacher.client, assignment.id);
    expect(progress).toMatchObject({ total: 3, graded: 3, failed: 0 });
    const list = await teacher.client.get(`/api/assignments/${assignment.id}/submissions?order=review`);
    expect(list.status).toBe(200);
    const confidences = list.data.map((s: { confidence: number }) => s.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b));
    // Nothing is auto-accepted before the teacher has reviewed enough grades to trust the grader.
    expect(list.data.every((s: { status: string }) => s.status === "needs_review")).toBe(true);

    const again = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Jane Doe.txt", studentEssay(1, "Jane"))]) });
    expect(again.data.created).toHaveLength(0);
    expect(again.data.duplicates[0].submissionId).toBe(list.data.find((s: { studentName: string }) => s.studentName === "Jane Doe").id);
  });

  it("records accepts and edits in the audit trail and exports them", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "rev");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 3" });
    const files = ["Ada Park", "Ben Okafor", "Cleo Novak"].map((name, n) => textFile(`${name}.txt`, studentEssay(n, name)));
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
    await waitForGrading(teacher.client, assignment.id);
    const [first, second] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;

    const accepted = await teacher.client.post(`/api/submissions/${first.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({ status: "accepted", gradeSource: "reviewed" });

    const edited = await teacher.client.put(`/api/submissions/${second.id}/grade`, { criteriaScores: { "criterion-1": 7, "criterion-2": 4 }, feedback: "Strong claim; add evidence." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({ status: "accepted", overallScore: 11, feedback: "Strong claim; add evidence.", gradeSource: "reviewed" });
    const edit = edited.data.history.find((event: { kind: string }) => event.kind === "edited");
    expect(edit).toMatchObject({ isAutomatic: false, actorName: expect.any(String), after: { overallScore: 11, feedback: "Strong claim; add evidence." } });
    expect(edit.before.overallScore).toBe(second.overallScore);
    expect(edited.data.history.map((event: { kind: string }) => event.kind)).toEqual(["uploaded", "graded", "sent_to_review", "edited"]);

    const badEdit = await teacher.client.put(`/api/submissions/${second.id}/grade`, { criteriaScores: { "criterion-1": 70 }, feedback: "" });
    expect(badEdit.status).toBe(400);
    expect(badEdit.data.error.fields).toMatchObject({ "criteriaScores.criterion-2": expect.any(String) });

    const csv = await teacher.client.get(`/api/assignments/${assignment.id}/gradebook.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Student,Student ID,Status,Thesis (/10),Evidence (/10),Raw score (/20),Days late,Late penalty,Final score,Graded by,Similarity %,Feedback");
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(`${second.studentName},,`))).toBe(`${second.studentName},,Accepted,7,4,11,0,0,11,Teacher review,,Strong claim; add evidence.`);

    const stranger = await createSignedInTeacher(server.url, db(), "other");
    for (const path of [`/api/submissions/${first.id}`, `/api/assignments/${assignment.id}/submissions`, `/api/assignments/${assignment.id}/gradebook.csv`]) {
      expect((await stranger.client.get(path)).status).toBe(404);
    }
    expect((await stranger.client.post(`/api/submissions/${first.id}/accept`)).status).toBe(404);
  });
});
