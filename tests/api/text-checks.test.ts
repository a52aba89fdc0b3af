import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createActiveAssignment, sampleForm, studentEssay, uploadForm, waitForGrading } from "../support/submissions";
import { fixtureFile } from "../support/uploads";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const desertRide = `The cyclist set out across the desert on a hot morning with two bottles of water. The road was long and the old map showed a town that had closed years ago. Snakes crossed the cracked pavement, the hills were steep and the sun was beginning to beat down on his back. By noon his water was gone and his legs were shaking as he pushed on toward a distant building.`;
const prompt = "Should students wear school uniforms? Take a position and support it with evidence.";

describe(`texts a grade should not be trusted on go to review, saying why (${testDatabaseKind})`, () => {
  it("an answer to another assignment and the prompt copied out wait for the teacher at low confidence; the class's essays do not", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "textchecks");
    // Auto-accept at any confidence once trusted: only the checks keep a grade from being accepted.
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { autoAcceptThreshold: 0 } });
    const upload = (studentName: string, text: string) => teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName, text });
    for (let seed = 1; seed <= 6; seed++) expect((await upload(`Student ${seed}`, studentEssay(seed))).status).toBe(200);
    const offTopic = (await upload("Cal Rivers", desertRide)).data.created[0].submissionId as string;
    const copied = (await upload("Pat Lane", `${prompt} ${prompt} ${prompt}`)).data.created[0].submissionId as string;
    await waitForGrading(teacher.client, assignment.id);

    const detail = async (id: string) => (await teacher.client.get(`/api/submissions/${id}`)).data;
    const cal = await detail(offTopic);
    expect(cal).toMatchObject({ status: "needs_review", reviewReason: "It shares few words with the rest of the class: it may answer another assignment." });
    expect(cal.confidence).toBeLessThanOrEqual(50);
    const pat = await detail(copied);
    expect(pat).toMatchObject({ status: "needs_review" });
    expect(pat.reviewReason).toMatch(/^\d+% of it repeats the prompt or source text word for word\.$/);
    expect(pat.confidence).toBeLessThanOrEqual(50);
    // The history says why too: the teacher sees it in the grade's timeline.
    expect(cal.history.map((event: { kind: string; note: string | null }) => [event.kind, event.note])).toContainEqual(["sent_to_review", cal.reviewReason]);

    const list = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data as Array<{ id: string; reviewReason: string | null }>;
    const ordinary = list.filter((r) => r.id !== offTopic && r.id !== copied);
    for (const row of ordinary) expect(row.reviewReason).toMatch(/^Auto-accept starts after you review 5 grades/);

    // Neither is proposed to grade first, and neither teaches the grader once reviewed unless the teacher says so.
    const proposed = (await teacher.client.get(`/api/assignments/${assignment.id}/proposed-samples`)).data as { proposals: Array<{ submissionId: string }> };
    expect(proposed.proposals.length).toBeGreaterThan(0);
    expect(proposed.proposals.map((p) => p.submissionId)).not.toContain(offTopic);
    expect(proposed.proposals.map((p) => p.submissionId)).not.toContain(copied);
    expect((await teacher.client.post(`/api/submissions/${offTopic}/accept`)).data).toMatchObject({ gradeSource: "reviewed", teachesGrader: false });
    expect((await teacher.client.post(`/api/submissions/${ordinary[0]!.id}/accept`)).data).toMatchObject({ gradeSource: "reviewed", teachesGrader: true });
  });

  it("the calibration preview says why a sample's confidence is capped, and shows nothing for an ordinary essay", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "previewchecks");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const addSample = async (text: string, score: number) => {
      const added = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(text, score, { "criterion-1": score / 2, "criterion-2": score / 2 }) });
      expect(added.status, added.text).toBe(201);
      return added.data.id as string;
    };
    const essay = await addSample(studentEssay(1), 16);
    const copied = await addSample(`${prompt} ${prompt} ${prompt}`, 4);
    const preview = async (sampleId: string) => (await teacher.client.post(`/api/assignments/${assignment.id}/calibration-preview`, { sampleId })).data;

    const ofCopy = await preview(copied);
    expect(ofCopy.concerns).toHaveLength(1);
    expect(ofCopy.concerns[0]).toMatch(/^\d+% of it repeats the prompt or source text word for word\.$/);
    expect(ofCopy.confidence).toBeLessThanOrEqual(50);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}`)).data.calibrationPreview.concerns).toEqual(ofCopy.concerns);
    expect((await preview(essay)).concerns).toEqual([]);
  });

  it("a scan the reader misread waits for the teacher, who is asked to compare it with the original; a clear scan does not", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "misread");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const form = uploadForm([fixtureFile("documents/blurred-essay.pdf", "Noa Quill.pdf"), fixtureFile("documents/scanned-essay.pdf", "Ray Stone.pdf")]);
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: form });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const list = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data as Array<{ studentName: string; isOcr: boolean; textConcerns: string[]; confidence: number }>;
    const blurred = list.find((row) => row.studentName === "Noa Quill")!;
    expect(blurred.isOcr).toBe(true);
    expect(blurred.textConcerns).toHaveLength(1);
    expect(blurred.textConcerns[0]).toMatch(/^\d+% of the words read from the image are not in the English dictionary: compare the text with the original file before the grade counts\.$/);
    expect(blurred.confidence).toBeLessThanOrEqual(50);
    expect(list.find((row) => row.studentName === "Ray Stone")).toMatchObject({ isOcr: true, textConcerns: [] });
  });
});
