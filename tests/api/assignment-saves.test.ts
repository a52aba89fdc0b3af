import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, formWith } from "../support/uploads";
import { createActiveAssignment, rubricCriteria, sampleForm, studentEssay, waitForGrading } from "../support/submissions";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const criteria = [
  { id: "criterion-1", name: "Thesis", maxPoints: 20, descriptors: ["Clear, arguable claim"] },
  { id: "criterion-2", name: "Evidence", maxPoints: 30, descriptors: ["Relevant, cited quotations"] },
];

/** The whole object as the wizard sends it (toUpdateInput), from a copy read at some version. */
function wizardSave(copy: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  return { title: copy.title, type: copy.type, dueDate: copy.dueDate, prompt: copy.prompt, rubric: copy.rubric, sampleWork: copy.sampleWork, status: copy.status, autogradingEnabled: copy.autogradingEnabled, gradingSettings: copy.gradingSettings, removedSampleIds: [], basedOnVersion: copy.version, ...changes };
}

async function teacherWithAssignment(prefix: string) {
  const teacher = await createSignedInTeacher(server.url, server.deps.database.db, prefix);
  const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
  const saved = await teacher.client.put(`/api/assignments/${created.data.id}`, { ...created.data, title: "Civil Rights DBQ", prompt: "Evaluate the movement.", rubric: { criteria } });
  expect(saved.status, saved.text).toBe(200);
  return { ...teacher, assignment: saved.data as Record<string, unknown> & { id: string; version: number } };
}

describe(`an assignment saved from two tabs (${testDatabaseKind})`, () => {
  it("refuses a save based on a version saved over since, names what differs, keeps the first save, and saves once told", async () => {
    const { client, assignment } = await teacherWithAssignment("asgtabs");
    const url = `/api/assignments/${assignment.id}`;
    const tabOne = (await client.get(url)).data;
    const tabTwo = (await client.get(url)).data;
    expect(tabOne.version).toBe(assignment.version);

    const first = await client.put(url, wizardSave(tabOne, { title: "Civil Rights DBQ (revised)" }));
    expect(first.status, first.text).toBe(200);
    expect(first.data.version).toBe(tabOne.version + 1);

    const second = await client.put(url, wizardSave(tabTwo, { prompt: "Evaluate the movement, 1954-1968." }));
    expect(second.status).toBe(409);
    expect(second.data.error).toEqual({
      code: "conflict",
      message:
        "This assignment was changed in another tab or window after you opened it: the title and prompt saved there differ from yours. Your changes are not saved yet: save again to replace that version with yours, or load the saved version to keep it.",
      fields: { basedOnVersion: "The assignment has changed since this version" },
    });
    expect((await client.get(url)).data).toMatchObject({ title: "Civil Rights DBQ (revised)", prompt: "Evaluate the movement.", version: tabOne.version + 1 });

    // A version no database holds (past a 32-bit integer) is a bad request naming the field, not a 500.
    for (const basedOnVersion of [Number.MAX_SAFE_INTEGER, 2_147_483_648]) {
      const huge = await client.put(url, wizardSave(tabTwo, { basedOnVersion }));
      expect(huge.status, huge.text).toBe(400);
      expect(huge.data.error.fields.basedOnVersion).toMatch(/version number/);
    }

    // Told, and shown the saved version, the teacher saves theirs over it.
    const again = await client.put(url, wizardSave(tabTwo, { prompt: "Evaluate the movement, 1954-1968.", basedOnVersion: first.data.version }));
    expect(again.status, again.text).toBe(200);
    expect(again.data).toMatchObject({ title: "Civil Rights DBQ", prompt: "Evaluate the movement, 1954-1968.", version: first.data.version + 1 });

    // Two saves of one version at the same moment: one is saved, the other told.
    const current = (await client.get(url)).data;
    const both = await Promise.all(["A", "B"].map((title) => client.put(url, wizardSave(current, { title }))));
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
  });

  it("deletes no sample when it refuses a save, and counts a rubric upload as a save", async () => {
    const { client, assignment } = await teacherWithAssignment("asgupl");
    const url = `/api/assignments/${assignment.id}`;
    const sample = await client.request("POST", `${url}/samples`, { body: sampleForm("A short graded essay about uniforms.", 30, { "criterion-1": 10, "criterion-2": 20 }) });
    expect(sample.status, sample.text).toBe(201);
    const opened = (await client.get(url)).data;
    expect(opened.version).toBe(sample.data.assignmentVersion);

    const upload = await client.request("POST", `${url}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/reflection-dashes.txt") }) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.version).toBe(opened.version + 1);

    const stale = await client.put(url, wizardSave(opened, { sampleWork: [], removedSampleIds: [sample.data.id] }));
    expect(stale.status).toBe(409);
    expect(stale.data.error.message).toMatch(/^This assignment was changed in another tab or window after you opened it: the rubric saved there differs from yours\./);
    expect((await client.get(url)).data.sampleWork).toHaveLength(1);

    // The tab that uploaded holds the version its upload made, and saves on it.
    const fresh = await client.put(url, wizardSave({ ...opened, rubric: { criteria: upload.data.criteria } }, { basedOnVersion: upload.data.version }));
    expect(fresh.status, fresh.text).toBe(200);
  });

  it("refuses a whole object read before another tab's sample upload, keeping the sample; the uploading tab saves on the version its upload made", async () => {
    const { client, assignment } = await teacherWithAssignment("asgsmpv");
    const url = `/api/assignments/${assignment.id}`;
    const tabOne = (await client.get(url)).data;
    const sample = await client.request("POST", `${url}/samples`, { body: sampleForm("A short graded essay about uniforms.", 30, { "criterion-1": 10, "criterion-2": 20 }) });
    expect(sample.status, sample.text).toBe(201);
    expect(sample.data.assignmentVersion).toBe(tabOne.version + 1);

    // The spec's whole object: no removedSampleIds, so every sample missing from sampleWork would be deleted.
    const { removedSampleIds: _none, ...wholeObject } = wizardSave(tabOne, { title: "Civil Rights DBQ, tab one" });
    const stale = await client.put(url, wholeObject);
    expect(stale.status).toBe(409);
    expect(stale.data.error.message).toMatch(/^This assignment was changed in another tab or window after you opened it: the title and samples saved there differ from yours\./);
    expect((await client.get(url)).data).toMatchObject({ title: "Civil Rights DBQ", sampleWork: [{ id: sample.data.id }] });

    const { assignmentVersion, ...uploaded } = sample.data;
    const tabTwo = await client.put(url, wizardSave({ ...tabOne, sampleWork: [uploaded] }, { title: "Civil Rights DBQ, tab two", basedOnVersion: assignmentVersion }));
    expect(tabTwo.status, tabTwo.text).toBe(200);
    expect(tabTwo.data).toMatchObject({ title: "Civil Rights DBQ, tab two", sampleWork: [{ id: sample.data.id }] });
  });

  it("refuses a rubric upload based on a version saved over since, naming the rubric it would replace; uploads without a version as before", async () => {
    const { client, assignment } = await teacherWithAssignment("asgrubv");
    const url = `/api/assignments/${assignment.id}`;
    const upload = (basedOnVersion?: string) =>
      client.request("POST", `${url}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/reflection-dashes.txt"), ...(basedOnVersion === undefined ? {} : { basedOnVersion }) }) });
    const opened = (await client.get(url)).data;

    // The other tab edits a criterion and saves.
    const edited = { criteria: [{ ...criteria[0]!, name: "Claim", maxPoints: 25 }, criteria[1]!] };
    const saved = await client.put(url, wizardSave(opened, { rubric: edited }));
    expect(saved.status, saved.text).toBe(200);

    const stale = await upload(String(opened.version));
    expect(stale.status, stale.text).toBe(409);
    expect(stale.data.error).toEqual({
      code: "conflict",
      message:
        "This assignment was changed in another tab or window after you opened it: its rubric there is now Claim (25) and Evidence (30). The rubric from your document is not saved yet: upload it again to replace that version's rubric, or load the saved version to keep it.",
      fields: { basedOnVersion: "The assignment has changed since this version" },
    });
    expect((await client.get(url)).data).toMatchObject({ rubric: { criteria: edited.criteria }, version: saved.data.version });

    // Told, the teacher uploads again on the version now shown.
    const knowing = await upload(String(saved.data.version));
    expect(knowing.status, knowing.text).toBe(200);
    expect(knowing.data.version).toBe(saved.data.version + 1);

    // Two uploads of one version at the same moment: both pass the early check, and the write takes one.
    const both = await Promise.all([upload(String(knowing.data.version)), upload(String(knowing.data.version))]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);

    // A client that sends no version replaces the rubric as before; a version that is not a number is refused.
    expect((await upload()).status).toBe(200);
    const wrong = await upload("seven");
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.fields).toEqual({ basedOnVersion: "basedOnVersion must be the assignment's version number, a whole number" });
  });

  it("saves as before for a client that sends no version (archive scripts, older API clients)", async () => {
    const { client, assignment } = await teacherWithAssignment("asgold");
    const url = `/api/assignments/${assignment.id}`;
    const old = (await client.get(url)).data;
    expect((await client.put(url, wizardSave(old, { title: "Changed elsewhere" }))).status).toBe(200);
    const { basedOnVersion: _ignored, ...unversioned } = wizardSave(old, { status: "archived" });
    const archived = await client.put(url, unversioned);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.data).toMatchObject({ status: "archived", title: "Civil Rights DBQ" });
  });
});

describe(`a save that sends part of the assignment (${testDatabaseKind})`, () => {
  it("keeps the due date, prompt and rubric it leaves out; null and empty still clear them", async () => {
    const { client, assignment } = await teacherWithAssignment("asgpart");
    const url = `/api/assignments/${assignment.id}`;
    const dated = await client.put(url, wizardSave(assignment, { dueDate: "2025-03-05" }));
    expect(dated.status, dated.text).toBe(200);
    const { dueDate: _d, prompt: _p, rubric: _r, sampleWork: _s, removedSampleIds: _x, basedOnVersion: _v, ...partial } = wizardSave(dated.data, { title: "Civil Rights DBQ, revised" });
    const saved = await client.put(url, partial);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toMatchObject({ title: "Civil Rights DBQ, revised", dueDate: "2025-03-05", prompt: "Evaluate the movement.", rubric: { criteria } });
    const cleared = await client.put(url, { ...partial, dueDate: null, prompt: "" });
    expect(cleared.data).toMatchObject({ dueDate: null, prompt: "", rubric: { criteria } });
  });

  it("keeps strengths-first as stored when the settings leave it out, and still saves it when sent", async () => {
    const { client, assignment } = await teacherWithAssignment("asgstrong");
    const url = `/api/assignments/${assignment.id}`;
    const settings = assignment.gradingSettings as Record<string, unknown>;
    const off = await client.put(url, wizardSave(assignment, { gradingSettings: { ...settings, strengthsFirst: false } }));
    expect(off.status, off.text).toBe(200);
    const { strengthsFirst: _left, ...withoutIt } = off.data.gradingSettings as Record<string, unknown>;
    const saved = await client.put(url, wizardSave(off.data, { title: "Civil Rights DBQ, revised", gradingSettings: { ...withoutIt, strictness: 70 } }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.gradingSettings).toMatchObject({ strengthsFirst: false, strictness: 70 });
    const on = await client.put(url, wizardSave(saved.data, { gradingSettings: { ...withoutIt, strengthsFirst: true } }));
    expect(on.data.gradingSettings.strengthsFirst).toBe(true);
    const wrong = await client.put(url, wizardSave(on.data, { gradingSettings: { ...withoutIt, strengthsFirst: "yes" } }));
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.fields["gradingSettings.strengthsFirst"]).toBe("Strengths first must be true or false");
  });

  it("keeps every setting the settings leave out as stored, while a new assignment still starts with all of them", async () => {
    const { client, assignment } = await teacherWithAssignment("asgsetkeep");
    const url = `/api/assignments/${assignment.id}`;
    const seeded = assignment.gradingSettings as Record<string, unknown>;
    expect(Object.keys(seeded).sort()).toEqual(["autoAcceptThreshold", "feedbackLength", "grammarVsContent", "holisticVsPoints", "latePenalty", "latePolicyType", "maxLateDays", "plagiarismCheck", "plagiarismThreshold", "strengthsFirst", "strictness", "tone"]);
    const chosen = { tone: "direct", feedbackLength: "detailed", latePolicyType: "points", latePenalty: 5, maxLateDays: 3, plagiarismCheck: true, plagiarismThreshold: 35 };
    const set = await client.put(url, wizardSave(assignment, { gradingSettings: { ...seeded, ...chosen } }));
    expect(set.status, set.text).toBe(200);

    // A client that sends only the setting it changed, as it may leave out the rubric or the prompt.
    const partial = await client.put(url, wizardSave(set.data, { gradingSettings: { strictness: 70 } }));
    expect(partial.status, partial.text).toBe(200);
    expect(partial.data.gradingSettings).toEqual({ ...seeded, ...chosen, strictness: 70 });
    expect((await client.get(url)).data.gradingSettings).toEqual({ ...seeded, ...chosen, strictness: 70 });

    const wrong = await client.put(url, wizardSave(partial.data, { gradingSettings: { tone: "harsh" } }));
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.fields["gradingSettings.tone"]).toBe("Tone must be gentle, neutral or direct");
  });

  it("shows no calibration preview once the sample it previewed is removed", async () => {
    const { client, assignment } = await teacherWithAssignment("asgprev");
    const url = `/api/assignments/${assignment.id}`;
    const sample = await client.request("POST", `${url}/samples`, { body: sampleForm(studentEssay(1), 30, { "criterion-1": 10, "criterion-2": 20 }) });
    expect(sample.status, sample.text).toBe(201);
    const preview = await client.post(`${url}/calibration-preview`, { sampleId: sample.data.id });
    expect(preview.status, preview.text).toBe(200);
    expect((await client.get(url)).data.calibrationPreview).toMatchObject({ sampleId: sample.data.id });
    const current = (await client.get(url)).data;
    const removed = await client.put(url, wizardSave(current, { sampleWork: [], removedSampleIds: [sample.data.id] }));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.calibrationPreview).toBeNull();
    expect((await client.get(url)).data.calibrationPreview).toBeNull();
  });
});

type History = { kind: string; note: string | null }[];

describe(`a rubric whose scoring changes after grading (${testDatabaseKind})`, () => {
  it("regrades the grader's unreviewed grades on the new rubric, keeps the reviewed ones marked as given on the earlier rubric, and says so", async () => {
    const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, "asgrub");
    const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
    const url = `/api/assignments/${assignment.id}`;
    const ids: string[] = [];
    for (const [index, name] of ["Noah Kim", "Ava Diaz", "Liam Chen"].entries()) {
      const created = await client.post(`${url}/submissions/text`, { studentName: name, text: studentEssay(index + 3, name.split(" ")[0]!) });
      expect(created.status, created.text).toBe(200);
      ids.push(created.data.created[0].submissionId as string);
    }
    await waitForGrading(client, assignment.id);
    const [edited, accepted, unread] = ids as [string, string, string];
    expect((await client.put(`/api/submissions/${edited}/grade`, { criteriaScores: { "criterion-1": 6, "criterion-2": 5 }, feedback: "Thesis (6/10)." })).status).toBe(200);
    expect((await client.post(`/api/submissions/${accepted}/accept`)).status).toBe(200);
    const acceptedBefore = (await client.get(`/api/submissions/${accepted}`)).data;

    // Evidence goes from 10 to 20 points.
    const opened = (await client.get(url)).data;
    const criteria = rubricCriteria.map((item) => (item.id === "criterion-2" ? { ...item, maxPoints: 20 } : item));
    const saved = await client.put(url, wizardSave(opened, { rubric: { criteria } }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.rubricChange).toEqual({
      regrading: 1,
      keptReviewed: 2,
      message:
        "1 grade is being regraded on the new rubric (the grader's, not yet reviewed by you); 2 grades you reviewed keep their scores and feedback, given on the earlier rubric: edit or regrade them in review to score them on the new one.",
    });
    await waitForGrading(client, assignment.id);

    const regraded = (await client.get(`/api/submissions/${unread}`)).data;
    const kinds = (regraded.history as History).map((event) => event.kind);
    expect(kinds.slice(kinds.lastIndexOf("regrade_requested"))).toEqual(expect.arrayContaining(["regrade_requested", "graded"]));
    expect((regraded.history as History).find((event) => event.kind === "regrade_requested")!.note).toBe(
      "The rubric's scoring changed (it was Thesis 10, Evidence 10): graded again on the new rubric.",
    );
    expect(regraded.status).toMatch(/needs_review|accepted/);

    for (const [id, scores] of [[edited, { "criterion-1": 6, "criterion-2": 5 }], [accepted, acceptedBefore.criteriaScores]] as const) {
      const kept = (await client.get(`/api/submissions/${id}`)).data;
      expect(kept).toMatchObject({ status: "accepted", gradeSource: "reviewed", criteriaScores: scores });
      expect((kept.history as History).at(-1)).toMatchObject({
        kind: "rubric_changed",
        note: "Your reviewed grade is kept as you left it, given on the earlier rubric (Thesis 10, Evidence 10). Edit it, or Regrade, to score it on the new one.",
      });
    }

    // A save that leaves the scoring as it is (a new title, a renamed criterion) regrades nothing.
    const again = await client.put(url, wizardSave(saved.data, { title: "Renamed", rubric: { criteria: criteria.map((item) => ({ ...item, name: `${item.name}!` })) } }));
    expect(again.status, again.text).toBe(200);
    expect(again.data.rubricChange).toBeUndefined();
  });

  it("takes back the claim of work being graded while the rubric changes, so its grade is on the new rubric", async () => {
    const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, "asgflight");
    const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
    const url = `/api/assignments/${assignment.id}`;
    const created = await client.post(`${url}/submissions/text`, { studentName: "Mia Ross", text: studentEssay(7, "Mia") });
    const id = created.data.created[0].submissionId as string;
    await waitForGrading(client, assignment.id);
    // As a worker holding a claim would leave it: its attempt read the old rubric and has not written yet.
    const claimedAt = new Date();
    await server.deps.database.db.update(submissions).set({ status: "grading", claimedAt }).where(eq(submissions.id, id));
    const opened = (await client.get(url)).data;
    const criteria = rubricCriteria.map((item) => (item.id === "criterion-2" ? { ...item, maxPoints: 20 } : item));
    const saved = await client.put(url, wizardSave(opened, { rubric: { criteria } }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.rubricChange).toMatchObject({ regrading: 1, keptReviewed: 0 });
    const [row] = await server.deps.database.db.select({ status: submissions.status, claimedAt: submissions.claimedAt }).from(submissions).where(eq(submissions.id, id));
    // The old claim is gone: the attempt's conditional write finds nothing to write to.
    expect(row!.claimedAt?.getTime()).not.toBe(claimedAt.getTime());
    await waitForGrading(client, assignment.id);
    const regraded = (await client.get(`/api/submissions/${id}`)).data;
    expect(regraded.status).toMatch(/needs_review|accepted/);
    const history = regraded.history as History;
    const requested = history.findIndex((event) => event.kind === "regrade_requested");
    expect(history[requested]!.note).toBe("The rubric's scoring changed while this work was being graded (it was Thesis 10, Evidence 10): graded again on the new rubric.");
    expect(history.slice(requested).map((event) => event.kind)).toContain("graded");
  });

  it("regrades on a rubric upload too, and says so in its answer", async () => {
    const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, "asgrubup");
    const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
    const created = await client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Mia Park", text: studentEssay(7, "Mia") });
    expect(created.status).toBe(200);
    await waitForGrading(client, assignment.id);
    const upload = await client.request("POST", `/api/assignments/${assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/reflection-dashes.txt") }) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.rubricChange).toEqual({ regrading: 1, keptReviewed: 0, message: "1 grade is being regraded on the new rubric (the grader's, not yet reviewed by you)." });
    await waitForGrading(client, assignment.id);
    const detail = (await client.get(`/api/submissions/${created.data.created[0].submissionId}`)).data;
    expect(Object.keys(detail.criteriaScores).sort()).toEqual(upload.data.criteria.map((item: { id: string }) => item.id).sort());
  });
});
