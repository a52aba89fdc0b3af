import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentMessages } from "../../src/contracts/assignments";
import { scannedRubricNotice } from "../../src/contracts/rubric-import";
import { gradeText } from "../../src/core/grading";
import { assignments, storedFiles } from "../../src/server/db/schema";
import { toGradingInput } from "../../src/server/services/grading-input";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, fixturesDir, formWith } from "../support/uploads";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function teacherWithDraft(profile?: Record<string, unknown>) {
  const teacher = await createSignedInTeacher(server.url, db(), "asg");
  if (profile) await teacher.client.put("/api/teacher-profile", profile);
  const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
  expect(created.status).toBe(201);
  return { ...teacher, assignment: created.data };
}

/** The teacher's stored files, and the originals on disk (every teacher's): a refused upload must add to neither. */
async function storedFileCounts(teacherId: string) {
  const rows = await db().select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.teacherId, teacherId));
  const folder = path.join(server.dataDir, "files");
  const files = existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  return { rows: rows.length, onDisk: files.length };
}

const criteria = [
  { id: "criterion-1", name: "Thesis", maxPoints: 20, descriptors: ["Clear, arguable claim"] },
  { id: "criterion-2", name: "Evidence", maxPoints: 30, descriptors: ["Relevant, cited quotations"] },
];

function wholeObject(assignment: Record<string, unknown>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...assignment, title: "Civil Rights DBQ", type: "argumentative_essay", dueDate: "2025-03-05", prompt: "Evaluate the effectiveness of the civil rights movement.", rubric: { criteria }, ...changes };
}

const uploadSample = (client: TestClient, id: string, fields: Record<string, string | File>) =>
  client.request("POST", `/api/assignments/${id}/samples`, { body: formWith(fields) });

describe(`assignments API (${testDatabaseKind})`, () => {
  it("creates a draft seeded from the teacher profile, with the spec's defaults where the profile is silent", async () => {
    const { assignment } = await teacherWithDraft({ tone: "direct", strictness: 80, gradingApproach: "points", latePolicy: { type: "percentage", penaltyPerDay: 5, maxLateDays: 3 } });
    expect(assignment).toMatchObject({ status: "draft", autogradingEnabled: false, sampleWork: [], calibrationPreview: null, rubric: { criteria: [], totalPoints: 0 } });
    expect(assignment.gradingSettings).toEqual({
      tone: "direct",
      strictness: 80,
      feedbackLength: "standard",
      grammarVsContent: 30,
      holisticVsPoints: "points",
      strengthsFirst: true,
      autoAcceptThreshold: 85,
      latePolicyType: "percentage",
      latePenalty: 5,
      maxLateDays: 3,
      plagiarismCheck: false,
      plagiarismThreshold: 20,
    });
  });

  it("saves the whole object, reads it back and lists it by status", async () => {
    const teacher = await teacherWithDraft();
    const saved = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, wholeObject(teacher.assignment));
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ title: "Civil Rights DBQ", dueDate: "2025-03-05", rubric: { totalPoints: 50 } });
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data).toEqual(saved.data);

    const drafts = await teacher.client.get(`/api/assignments/teacher/${teacher.id}?status=draft`);
    expect(drafts.data.map((item: { id: string }) => item.id)).toEqual([teacher.assignment.id]);
    expect((await teacher.client.get(`/api/assignments/teacher/${teacher.id}?status=active`)).data).toEqual([]);
    // The spec's own form of the call, with nothing after status=, lists every status.
    expect((await teacher.client.get(`/api/assignments/teacher/${teacher.id}?status=`)).data.map((item: { id: string }) => item.id)).toEqual([teacher.assignment.id]);

    const finished = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, wholeObject(saved.data, { status: "active", autogradingEnabled: true }));
    expect(finished.data).toMatchObject({ status: "active", autogradingEnabled: true });
    expect((await teacher.client.get(`/api/assignments/teacher/${teacher.id}?status=active`)).data).toHaveLength(1);

    const archived = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, wholeObject(finished.data, { status: "archived" }));
    expect(archived.data.status).toBe("archived");
    expect((await teacher.client.get(`/api/assignments/teacher/${teacher.id}?status=archived`)).data).toHaveLength(1);
  });

  it.each([
    [{ type: "essay" }, "type"],
    [{ dueDate: "05/03/2025" }, "dueDate"],
    [{ status: "published" }, "status"],
    [{ gradingSettings: { strictness: 120 } }, "gradingSettings.strictness"],
    [{ rubric: { criteria: [{ id: "a", name: "", maxPoints: 5 }] } }, "rubric.criteria.0.name"],
    [{ rubric: { criteria: [{ id: "a", name: "Thesis", maxPoints: -1 }] } }, "rubric.criteria.0.maxPoints"],
    // Worth 0 in all, a rubric leaves nothing to grade out of: it broke every average of the teacher's.
    [{ rubric: { criteria: [{ id: "a", name: "Thesis", maxPoints: 0, descriptors: [] }] } }, "rubric.criteria"],
  ])("refuses %j with 400 naming the field, leaving the assignment as it was", async (change, field) => {
    const teacher = await teacherWithDraft();
    const body = wholeObject(teacher.assignment, change);
    if ("gradingSettings" in change) body.gradingSettings = { ...teacher.assignment.gradingSettings, ...(change.gradingSettings as object) };
    const response = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, body);
    expect(response.status).toBe(400);
    expect(response.data.error.fields[field]).toBeTruthy();
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data.title).toBe("");
  });

  it("refuses to activate an assignment without a title", async () => {
    const teacher = await teacherWithDraft();
    const response = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, wholeObject(teacher.assignment, { title: " ", status: "active", autogradingEnabled: true }));
    expect(response.status).toBe(400);
    expect(response.data.error.fields.title).toBe("Add a title");
  });

  it("answers 404 for another teacher's ids and never writes to their assignment", async () => {
    const owner = await teacherWithDraft();
    const other = await createSignedInTeacher(server.url, db(), "asg");
    const id = owner.assignment.id;
    expect((await other.client.post("/api/assignments", { teacherId: owner.id })).status).toBe(404);
    expect((await other.client.get(`/api/assignments/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/assignments/teacher/${owner.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/assignments/${id}`, wholeObject(owner.assignment, { title: "Hijacked" }))).status).toBe(404);
    expect((await other.client.request("POST", `/api/assignments/${id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/reflection-dashes.txt") }) })).status).toBe(404);
    expect((await uploadSample(other.client, id, { sample: fixtureFile("documents/student-essay.txt"), score: "10", feedback: "x" })).status).toBe(404);
    expect((await other.client.post(`/api/assignments/${id}/calibration-preview`, { sampleId: "x" })).status).toBe(404);
    expect((await other.client.get("/api/assignments/not-a-uuid")).status).toBe(404);
    expect((await owner.client.get(`/api/assignments/${id}`)).data.title).toBe("");
  });

  it("keeps a draft nobody saved anything into out of sight, and discards it when the wizard is left", async () => {
    const teacher = await teacherWithDraft();
    const blank = teacher.assignment.id;
    const list = async () => ((await teacher.client.get(`/api/assignments/teacher/${teacher.id}`)).data as { id: string }[]).map((item) => item.id);
    expect(await list()).toEqual([]);
    expect((await teacher.client.get(`/api/assignments/${blank}`)).status).toBe(200);

    // Something saved (even a title alone on a draft) makes it the teacher's: listed, and kept when the wizard is left.
    const saved = (await teacher.client.post("/api/assignments", { teacherId: teacher.id })).data;
    expect((await teacher.client.put(`/api/assignments/${saved.id}`, { ...saved, title: "Unit 3 essay" })).status).toBe(200);
    expect(await list()).toEqual([saved.id]);
    expect((await teacher.client.post(`/api/assignments/${saved.id}/discard-if-blank`)).status).toBe(204);
    expect((await teacher.client.get(`/api/assignments/${saved.id}`)).status).toBe(200);

    // Another teacher cannot discard it, blank or not: to them it is not there, as an id nobody has.
    const other = await createSignedInTeacher(server.url, db(), "asg");
    const refused = await other.client.post(`/api/assignments/${blank}/discard-if-blank`);
    expect(refused.status).toBe(404);
    expect(refused.data.error.code).toBe("not_found");
    expect((await other.client.post("/api/assignments/00000000-0000-4000-8000-000000000000/discard-if-blank")).status).toBe(404);
    expect((await other.client.post("/api/assignments/not-an-id/discard-if-blank")).status).toBe(404);
    expect((await teacher.client.get(`/api/assignments/${blank}`)).status).toBe(200);

    expect((await teacher.client.post(`/api/assignments/${blank}/discard-if-blank`)).status).toBe(204);
    expect((await teacher.client.get(`/api/assignments/${blank}`)).status).toBe(404);
    expect(await list()).toEqual([saved.id]);
  });

  it("clears blank drafts an hour old when a new one is made (a tab closed without saying goodbye)", async () => {
    const teacher = await teacherWithDraft();
    const old = teacher.assignment.id;
    await db().update(assignments).set({ createdAt: sql`now() - interval '2 hours'`, updatedAt: sql`now() - interval '2 hours'` }).where(eq(assignments.id, old));
    const fresh = (await teacher.client.post("/api/assignments", { teacherId: teacher.id })).data;
    expect((await teacher.client.get(`/api/assignments/${old}`)).status).toBe(404);
    expect((await teacher.client.get(`/api/assignments/${fresh.id}`)).status).toBe(200);
  });

  it("needs a session for every call", async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.post("/api/assignments", { teacherId: "x" })).status).toBe(401);
    expect((await anonymous.get("/api/assignments/teacher/x")).status).toBe(401);
  });
});

describe(`rubric uploads (${testDatabaseKind})`, () => {
  const expected = JSON.parse(readFileSync(path.join(fixturesDir, "rubrics/expected.json"), "utf8")) as Record<string, { name: string; maxPoints: number; descriptorsCount: number }[]>;

  it.each(Object.entries(expected).filter(([, criteriaList]) => criteriaList.length > 0))("%s gives its expected criteria", async (name, expectedCriteria) => {
    const teacher = await teacherWithDraft();
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile(`rubrics/${name}`) }) });
    expect(response.status).toBe(200);
    expect(response.data.criteria.map((item: { name: string; maxPoints: number; descriptors: string[] }) => ({ name: item.name, maxPoints: item.maxPoints, descriptorsCount: item.descriptors.length }))).toEqual(expectedCriteria);
    expect(response.data.totalPoints).toBe(expectedCriteria.reduce((total, item) => total + item.maxPoints, 0));
    expect(response.data.criteria[0].id).toMatch(/^criterion-\d+-1$/);
    const { import: report, version, ...rubric } = response.data;
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data).toMatchObject({ rubric, version });
    // Every fixture is read by a reading that used most of its rubric lines, and says how it read it.
    expect(report.reading).not.toBe("none");
    expect(report.score).toBeGreaterThan(0.6);
  });

  it("imports a rubric without points, each criterion worth its number of levels, and one with a list and a summary table", async () => {
    const teacher = await teacherWithDraft();
    const pointless = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/levels-no-points.pdf") }) });
    expect(pointless.status).toBe(200);
    expect(pointless.data.criteria.map((item: { name: string; maxPoints: number }) => [item.name, item.maxPoints])).toEqual([["Preparation", 4], ["Listening", 4], ["Use of Evidence", 4]]);
    expect(pointless.data.totalPoints).toBe(12);
    expect(pointless.data.import).toMatchObject({ reading: "sections", pointsAssumed: true, score: 1 });
    const listAndTable = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/list-with-summary-table.txt") }) });
    expect(listAndTable.data.criteria.map((item: { name: string; maxPoints: number }) => [item.name, item.maxPoints])).toEqual([["Thesis", 20], ["Use of Sources", 30], ["Organization", 25], ["Conventions", 25]]);
    expect(listAndTable.data.import.reading).toBe("table-and-sections");
    expect(listAndTable.data.import.skipped).toContainEqual({ lineNumber: 23, text: "Summary of points", reason: "not-understood" });
    const { import: report, version, ...rubric } = listAndTable.data;
    expect(report.pointsAssumed).toBe(false);
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data).toMatchObject({ rubric, version });
  });

  it("applies a Weight column to the points and tells the teacher each weight it applied", async () => {
    const teacher = await teacherWithDraft();
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/weight-column.docx") }) });
    expect(response.status).toBe(200);
    expect(response.data.totalPoints).toBe(32);
    expect(response.data.import.notices).toEqual([
      'Claim: 4 points × 2 (weight "x2") = 8 points.',
      'Evidence: 4 points × 3 (weight "×3") = 12 points.',
      'Reasoning: 4 points × 2 (weight "2") = 8 points.',
      'Conventions: 4 points × 1 (weight "1") = 4 points.',
    ]);
  });

  it("reads a scanned rubric PDF with OCR and asks the teacher to check it; a scan without criteria is refused as a scan", async () => {
    const teacher = await teacherWithDraft();
    const scanned = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/scanned-speech-list.pdf") }) });
    expect(scanned.status).toBe(200);
    expect(scanned.data.totalPoints).toBe(50);
    expect(scanned.data.import.notices).toEqual([scannedRubricNotice]);
    const essay = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("documents/scanned-essay.pdf") }) });
    expect(essay.status).toBe(422);
    expect(essay.data.error).toMatchObject({ message: assignmentMessages.scannedNoCriteria, fields: { rubric: assignmentMessages.scannedNoCriteria } });
    // A photo is no rubric upload type: refused with the types the step takes, OCR or not.
    const photo = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("images/rubric-note.png") }) });
    expect(photo.status).toBe(415);
    expect(photo.data.error.message).toBe("This file type is not supported. Upload a .txt, .doc, .docx or .pdf file.");
  });

  it("refuses, and stores nothing from, a document whose rubric is larger than a rubric can be (31 criteria)", async () => {
    const teacher = await teacherWithDraft();
    const before = await storedFileCounts(teacher.id);
    const lines = Array.from({ length: 31 }, (_, i) => `Topic ${i + 1} - 2 pts: Covered in the essay.`).join("\n");
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: new File([lines], "big.txt", { type: "text/plain" }) }) });
    expect(response.status).toBe(422);
    expect(response.data.error.message).toBe("The rubric in this document cannot be used as it is: Use at most 30 criteria. Shorten it in the document, or add the criteria by hand.");
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data.rubric.criteria).toEqual([]);
    expect(await storedFileCounts(teacher.id)).toEqual(before);
  });

  it("answers 422 saying what was expected when no criterion can be found, and keeps no copy of the document", async () => {
    const teacher = await teacherWithDraft();
    const before = await storedFileCounts(teacher.id);
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("documents/student-essay.txt") }) });
    expect(response.status).toBe(422);
    expect(response.data.error.message).toContain("Thesis (20 points)");
    expect(await storedFileCounts(teacher.id)).toEqual(before);
  });

  it("refuses an essay uploaded as a rubric, saying it does not look like one, and keeps the rubric it had", async () => {
    const teacher = await teacherWithDraft();
    const good = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/reflection-dashes.txt") }) });
    expect(good.status).toBe(200);
    const before = await storedFileCounts(teacher.id);
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile("rubrics/essay-not-a-rubric.docx") }) });
    expect(response.status).toBe(422);
    expect(response.data.error).toMatchObject({ message: assignmentMessages.notARubric, fields: { rubric: assignmentMessages.notARubric } });
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data.rubric.criteria).toEqual(good.data.criteria);
    expect(await storedFileCounts(teacher.id)).toEqual(before);
  });

  it.each([["documents/empty.txt", 422], ["documents/scanned-image-only.pdf", 422], ["documents/student-essay-encrypted.pdf", 422], ["documents/scanned-page.png", 415]])("refuses %s with %i", async (file, status) => {
    const teacher = await teacherWithDraft();
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: fixtureFile(file) }) });
    expect(response.status).toBe(status);
  });

  it("needs a file", async () => {
    const teacher = await teacherWithDraft();
    const response = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ note: "no file" }) });
    expect(response.status).toBe(400);
    expect(response.data.error.fields.rubric).toBe("Choose a rubric file (.txt, .doc, .docx or .pdf)");
  });
});

describe(`samples and the calibration preview (${testDatabaseKind})`, () => {
  async function assignmentWithRubric() {
    const teacher = await teacherWithDraft();
    const saved = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, wholeObject(teacher.assignment));
    return { ...teacher, assignment: saved.data };
  }

  it("stores an uploaded sample with its text, scores and original file", async () => {
    const teacher = await assignmentWithRubric();
    const response = await uploadSample(teacher.client, teacher.assignment.id, {
      sample: fixtureFile("documents/student-essay.pdf"),
      score: "42",
      feedback: "Clear thesis; explain the second document further.",
      criteriaScores: JSON.stringify({ "criterion-1": 18, "criterion-2": 24 }),
    });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ score: 42, criteriaScores: { "criterion-1": 18, "criterion-2": 24 }, file: { name: "student-essay.pdf" } });
    expect(response.data.content.length).toBeGreaterThan(100);
    const { assignmentVersion, ...sample } = response.data;
    const reloaded = await teacher.client.get(`/api/assignments/${teacher.assignment.id}`);
    expect(reloaded.data.sampleWork).toEqual([sample]);
    expect(reloaded.data.version).toBe(assignmentVersion);
    expect((await teacher.client.get(`/api/documents/${response.data.file.id}`)).status).toBe(200);
  });

  it.each([
    [{ score: "0" }, "score", "Score must be above 0"],
    [{ score: "51" }, "score", "Score must be at most 50 (the rubric total)"],
    // Number() reads these as 16, 20 and 0: a score the teacher never typed.
    [{ score: "0x10" }, "score", "Score must be a number, like 8 or 7.5"],
    [{ score: "2e1" }, "score", "Score must be a number, like 8 or 7.5"],
    [{ score: "" }, "score", "Score must be a number, like 8 or 7.5"],
    [{ criteriaScores: JSON.stringify({ "criterion-1": 21 }) }, "criteriaScores.criterion-1", "Thesis must be from 0 to 20"],
    [{ criteriaScores: "{not json" }, "criteriaScores", "criteriaScores must be JSON like {\"criterion-id\": 8}"],
    [{ feedback: " " }, "feedback", "Add the feedback you gave"],
  ])("refuses a sample with %j, keeping no copy of its file", async (change, field, message) => {
    const teacher = await assignmentWithRubric();
    const before = await storedFileCounts(teacher.id);
    const response = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "30", feedback: "Good.", ...change });
    expect(response.status).toBe(400);
    expect(response.data.error.fields[field]).toBe(message);
    expect((await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data.sampleWork).toEqual([]);
    expect(await storedFileCounts(teacher.id)).toEqual(before);
  });

  it("names the form's own field when a sample's or rubric's file cannot be read", async () => {
    const teacher = await assignmentWithRubric();
    const empty = new File([""], "empty.txt", { type: "text/plain" });
    const sample = await uploadSample(teacher.client, teacher.assignment.id, { sample: empty, score: "30", feedback: "Good." });
    expect(sample.status).toBe(422);
    expect(Object.keys(sample.data.error.fields)).toEqual(["sample"]);
    const rubric = await teacher.client.request("POST", `/api/assignments/${teacher.assignment.id}/rubric`, { body: formWith({ rubric: empty }) });
    expect(rubric.status).toBe(422);
    expect(Object.keys(rubric.data.error.fields)).toEqual(["rubric"]);
  });

  it("allows scores up to 100 when the assignment has no rubric", async () => {
    const teacher = await teacherWithDraft();
    const response = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "95", feedback: "Excellent." });
    expect(response.status).toBe(201);
  });

  it("previews a sample with the engine calibrated on the other samples only, and stores the preview", async () => {
    const teacher = await assignmentWithRubric();
    const first = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "44", feedback: "Strong.", criteriaScores: JSON.stringify({ "criterion-1": 18, "criterion-2": 26 }) });
    const second = await uploadSample(teacher.client, teacher.assignment.id, {
      sample: new File(["The movement worked. It was good. People marched and laws changed because of that."], "short.txt"),
      score: "15",
      feedback: "Too thin: develop your claim with evidence.",
      criteriaScores: JSON.stringify({ "criterion-1": 8, "criterion-2": 7 }),
    });

    const response = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: first.data.id });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ sampleId: first.data.id, calibratedOn: 1, actualOverall: 44, grader: "builtin" });
    expect(Object.keys(response.data.predictedScores).sort()).toEqual(["criterion-1", "criterion-2"]);
    expect(response.data.confidence).toBeGreaterThanOrEqual(0);
    expect(response.data.confidence).toBeLessThanOrEqual(100);
    expect(response.data.predictedFeedback.length).toBeGreaterThan(40);

    // The same grade as the engine calibrated on the second sample alone: the first never grades itself.
    const assignment = (await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data;
    const onlyOthers = toGradingInput(
      { prompt: assignment.prompt, criteria: assignment.rubric.criteria, gradingSettings: assignment.gradingSettings },
      [{ id: second.data.id, text: second.data.content, score: 15, criteriaScores: second.data.criteriaScores, feedback: second.data.feedback }],
    );
    const expected = gradeText(onlyOthers, first.data.content, { spellChecker: server.deps.spellChecker });
    expect(response.data.predictedOverall).toBe(expected.overallScore);
    expect(response.data.confidence).toBe(expected.confidence);
    expect(assignment.calibrationPreview).toEqual(response.data);
  });

  it("previews the only sample on the prior alone, and applies the step-4 settings", async () => {
    const teacher = await assignmentWithRubric();
    const sample = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.docx"), score: "40", feedback: "Good work." });
    const lenient = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: sample.data.id, settings: { strictness: 0 } });
    const strict = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: sample.data.id, settings: { strictness: 100 } });
    expect(lenient.data.calibratedOn).toBe(0);
    expect(strict.data.predictedOverall).toBeLessThanOrEqual(lenient.data.predictedOverall);
  });

  it("answers 404 for a sample that is not in the assignment", async () => {
    const teacher = await assignmentWithRubric();
    const response = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: "00000000-0000-4000-8000-000000000000" });
    expect(response.status).toBe(404);
  });

  it("leaves out of calibration, and will not preview, a sample whose scores the changed rubric cannot hold, saying why", async () => {
    const teacher = await assignmentWithRubric();
    const fits = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "4", feedback: "Thin.", criteriaScores: JSON.stringify({ "criterion-1": 2, "criterion-2": 2 }) });
    const over = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.docx"), score: "30", feedback: "Fine." });
    expect([fits.status, over.status]).toEqual([201, 201]);
    const current = (await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data;
    expect(current.calibrationFit).toMatchObject({ sampleCount: 2 });

    // The teacher goes back and makes the rubric two criteria of 5 points: 30 no longer fits; 4 (2 + 2) still does.
    const smaller = current.rubric.criteria.map((item: { maxPoints: number }) => ({ ...item, maxPoints: 5 }));
    const saved = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...current, rubric: { criteria: smaller } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.sampleWork).toHaveLength(2);
    expect(saved.data.calibrationFit).toMatchObject({ sampleCount: 1 });

    const refused = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: over.data.id });
    expect(refused.status).toBe(400);
    expect(refused.data.error.message).toBe("This sample cannot be previewed: Scored 30, above this rubric's total of 10 points. Remove it and upload it again with a score out of 10.");
    const previewed = await teacher.client.post(`/api/assignments/${teacher.assignment.id}/calibration-preview`, { sampleId: fits.data.id });
    expect(previewed.status, previewed.text).toBe(200);
    // Calibrated on no other sample: the one scored 30 is left out.
    expect(previewed.data.calibratedOn).toBe(0);
  });

  it("removes samples left out of sampleWork on save", async () => {
    const teacher = await assignmentWithRubric();
    const sample = await uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "30", feedback: "Fine." });
    const current = (await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data;
    expect(current.sampleWork).toHaveLength(1);
    expect(current.calibrationFit).toMatchObject({ sampleCount: 1 });
    const saved = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...current, sampleWork: [] });
    expect(saved.data.sampleWork).toEqual([]);
    expect(sample.status).toBe(201);
  });

  it("removes only the samples a save names as removed, keeping one uploaded after the saving copy was read", async () => {
    const teacher = await assignmentWithRubric();
    const upload = (feedback: string) => uploadSample(teacher.client, teacher.assignment.id, { sample: fixtureFile("documents/student-essay.txt"), score: "30", feedback });
    const first = (await upload("First.")).data;
    // A second tab (or a list read earlier) holds the assignment with one sample; then another sample is uploaded.
    const staleCopy = (await teacher.client.get(`/api/assignments/${teacher.assignment.id}`)).data;
    const second = (await upload("Second.")).data;

    const archived = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...staleCopy, status: "archived", removedSampleIds: [] });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.data.sampleWork.map((sample: { id: string }) => sample.id)).toEqual([first.id, second.id]);

    // The stale tab removes the first sample: the one it never saw stays, and a listed sample is never removed.
    const removed = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...staleCopy, sampleWork: [], removedSampleIds: [first.id, "not-a-sample"] });
    expect(removed.data.sampleWork.map((sample: { id: string }) => sample.id)).toEqual([second.id]);
    const listed = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...removed.data, removedSampleIds: [second.id] });
    expect(listed.data.sampleWork.map((sample: { id: string }) => sample.id)).toEqual([second.id]);
    expect(listed.data.calibrationFit).toMatchObject({ sampleCount: 1 });
  });

  it("says what to fix when removedSampleIds is not a list of ids", async () => {
    const teacher = await assignmentWithRubric();
    const response = await teacher.client.put(`/api/assignments/${teacher.assignment.id}`, { ...teacher.assignment, removedSampleIds: "all" });
    expect(response.status).toBe(400);
    expect(response.data.error.fields).toEqual({ removedSampleIds: "removedSampleIds must be a list of sample ids" });
  });
});
