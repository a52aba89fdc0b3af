import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipSync, strToU8 } from "fflate";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, fixturesDir } from "../support/uploads";
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
      textFile("Jane Doe (1).txt", studentEssay(1, "Jane")),
      new File([new Uint8Array(zip)], "more.zip"),
    ];
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files, [{}, {}, {}, {}, {}, {}], "Europe/Paris") });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created.map((c: { studentName: string }) => c.studentName).sort()).toEqual(["Jane Doe", "John Doe", "Maria Lopez"]);
    expect(upload.data.duplicates).toHaveLength(1);
    expect(upload.data.duplicates[0]).toMatchObject({ fileName: "Jane Doe (1).txt", studentName: "Jane Doe" });
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

  it("names students by their folders in LMS exports, and by file name when one folder holds the class", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "zipfolders");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const moodle = zipSync({
      "Essay-12/Jane Doe_1201_assignsubmission_file_/essay.txt": strToU8(studentEssay(81, "x")),
      "Essay-12/Omar Reyes_1202_assignsubmission_file_/essay.txt": strToU8(studentEssay(82, "y")),
    });
    const perFolder = zipSync({ "Lena Novak/final.txt": strToU8(studentEssay(83, "z")), "Sam Lee/final.txt": strToU8(studentEssay(84, "w")) });
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([new File([new Uint8Array(moodle)], "moodle.zip"), new File([new Uint8Array(perFolder)], "folders.zip")]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created.map((c: { studentName: string }) => c.studentName).sort()).toEqual(["Jane Doe", "Lena Novak", "Omar Reyes", "Sam Lee"]);
    expect(upload.data.created.map((c: { fileName: string }) => c.fileName)).toContain("folders.zip/Lena Novak/final.txt");
  });

  it("reads an online text entry that a platform hands in as a web page as its text, not its tags, and an .odt", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "htmlentry");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const [first, second] = studentEssay(85, "Omar").split("\n\n");
    const page = `<html><head><meta charset="utf-8"><title>Essay</title><style>p{margin:0}</style></head><body><p>${first}</p>\n<p>${second} &amp; more.</p></body></html>`;
    // A LibreOffice file handed in beside it is read too.
    const canvas = zipSync({ "reyesomar_1202_5555_text.html": strToU8(page), "quinnnora_1203_5556_essay.odt": readFileSync(path.join(fixturesDir, "documents/student-essay.odt")) });
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([new File([new Uint8Array(canvas)], "submissions.zip")]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created.map((created: { studentName: string }) => created.studentName)).toEqual(["reyesomar", "quinnnora"]);
    const contentOf = async (index: number) => (await teacher.client.get(`/api/submissions/${upload.data.created[index].submissionId}`)).data.content;
    expect(await contentOf(0)).toBe(`${first}\n\n${second} & more.`);
    expect(await contentOf(1)).toBe(readFileSync(path.join(fixturesDir, "documents/student-essay.txt"), "utf8").trim());
  });

  it("reads scanned PDFs with OCR and keeps the original for download", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ocr");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([fixtureFile("documents/scanned-essay.pdf", "Theo Grant.pdf")]) });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data.created).toHaveLength(1);
    const detail = (await teacher.client.get(`/api/submissions/${upload.data.created[0].submissionId}`)).data;
    expect(detail).toMatchObject({ studentName: "Theo Grant", isOcr: true, file: { name: "Theo Grant.pdf" } });
    expect(detail.wordCount).toBeGreaterThan(10);
    const original = await teacher.client.get(`/api/documents/${detail.file.id}`);
    expect(original.status).toBe(200);
  });

  it("records accepts and edits in the audit trail and exports them", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "rev");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 3", settings: { holisticVsPoints: "points" } });
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
    expect(badEdit.data.error.fields).toEqual({ "criteriaScores.criterion-1": "Score Thesis from 0 to 10", "criteriaScores.criterion-2": "Score Evidence from 0 to 10" });

    // Holistic grading keeps one overall judgement: changing the feedback alone leaves the score as it was.
    const holistic = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "holistic" } });
    const essay = await teacher.client.post(`/api/assignments/${holistic.id}/submissions/text`, { studentName: "Hal Moss", text: studentEssay(9, "Hal") });
    await waitForGrading(teacher.client, holistic.id);
    const holisticId = essay.data.created[0].submissionId;
    const before = (await teacher.client.get(`/api/submissions/${holisticId}`)).data;
    const feedbackOnly = await teacher.client.put(`/api/submissions/${holisticId}/grade`, { criteriaScores: before.criteriaScores, feedback: "Good start." });
    expect(feedbackOnly.data).toMatchObject({ overallScore: before.overallScore, feedback: "Good start." });
    const judged = await teacher.client.put(`/api/submissions/${holisticId}/grade`, { criteriaScores: before.criteriaScores, feedback: "Good start.", overallScore: 12 });
    expect(judged.data.overallScore).toBe(12);
    expect((await teacher.client.put(`/api/submissions/${holisticId}/grade`, { criteriaScores: before.criteriaScores, feedback: "", overallScore: 21 })).data.error.fields).toEqual({ overallScore: "Give an overall score from 0 to 20" });

    const csv = await teacher.client.get(`/api/assignments/${assignment.id}/gradebook.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Student,Student ID,Status,Thesis (/10),Evidence (/10),Raw score (/20),Days late,Late penalty,Final score,Graded by,Similarity %,Feedback");
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(`${second.studentName},,`))).toBe(`${second.studentName},,Reviewed,7,4,11,0,0,11,Teacher review,,Strong claim; add evidence.`);
    // The third grade nobody reviewed: by default its scores and feedback are left out; drafts=mark includes them, marked.
    const third = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data.find((item: { status: string }) => item.status === "needs_review");
    expect(lines.find((line) => line.startsWith(`${third.studentName},,`))).toBe(`${third.studentName},,Needs review,,,,0,,,"Draft, not reviewed (left out)",,`);
    const marked = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook.csv?drafts=mark`)).text.split("\r\n");
    const markedRow = marked.find((line) => line.startsWith(`${third.studentName},,`))!;
    expect(markedRow).toContain(`,${third.overallScore},`);
    expect(markedRow).toContain(`"Draft, not reviewed"`);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/gradebook.csv?drafts=all`)).status).toBe(400);

    // Printable feedback: reviewed and accepted sheets only, unless drafts are asked for and marked; quotations printed.
    const report = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-report`)).data;
    expect(report).toMatchObject({ drafts: "omit", draftCount: 1 });
    expect(report.sheets.map((sheet: { studentName: string }) => sheet.studentName).sort()).toEqual([first.studentName, second.studentName].sort());
    const withDrafts = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-report?drafts=mark`)).data;
    const draftSheet = withDrafts.sheets.find((sheet: { studentName: string }) => sheet.studentName === third.studentName);
    expect(draftSheet.isDraft).toBe(true);
    const thirdText = (await teacher.client.get(`/api/submissions/${third.id}`)).data.content as string;
    const quotes = draftSheet.criteria.flatMap((criterion: { quotes: string[] }) => criterion.quotes) as string[];
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(thirdText).toContain(quote);
    expect(withDrafts.sheets.filter((sheet: { isDraft: boolean }) => !sheet.isDraft)).toHaveLength(2);

    const stranger = await createSignedInTeacher(server.url, db(), "other");
    for (const path of [`/api/submissions/${first.id}`, `/api/assignments/${assignment.id}/submissions`, `/api/assignments/${assignment.id}/gradebook.csv`]) {
      expect((await stranger.client.get(path)).status).toBe(404);
    }
    expect((await stranger.client.post(`/api/submissions/${first.id}/accept`)).status).toBe(404);
  });
});

describe(`submissions API: late policy, roster, similarity, corrections (${testDatabaseKind})`, () => {
  it("applies the late policy from the submission time, shown apart from the raw score, and follows a corrected time", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "late");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { dueDate: "2025-03-05", settings: { latePolicyType: "points", latePenalty: 1, maxLateDays: 2 } });
    const pasted = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Nora Quinn", text: studentEssay(5, "Nora"), submittedAt: "2025-03-06T09:00:00+01:00", timeZone: "Europe/Paris" });
    expect(pasted.status, pasted.text).toBe(200);
    const id = pasted.data.created[0].submissionId;
    await waitForGrading(teacher.client, assignment.id);
    const late = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(late.late).toMatchObject({ daysLate: 1, penalty: 1, beyondMaxLateDays: false });
    expect(late.late.finalScore).toBeCloseTo(late.overallScore - 1, 5);

    // Work collected on paper five days late: charged for the 2-day maximum and flagged, never zeroed.
    const moved = await teacher.client.patch(`/api/submissions/${id}`, { submittedAt: "2025-03-10T10:00:00+01:00" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data.late).toMatchObject({ daysLate: 5, penalty: 2, beyondMaxLateDays: true });
    expect(moved.data.late.explanation).toContain("flagged for you to decide");
    expect(moved.data.history.at(-1)).toMatchObject({ kind: "details_changed", before: { submittedAt: "2025-03-06T08:00:00.000Z" }, after: { submittedAt: "2025-03-10T09:00:00.000Z" } });

    const onTime = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Omar Reyes", text: studentEssay(6, "Omar"), submittedAt: "2025-03-05T23:59:00+01:00", timeZone: "Europe/Paris" });
    await waitForGrading(teacher.client, assignment.id);
    const onTimeDetail = (await teacher.client.get(`/api/submissions/${onTime.data.created[0].submissionId}`)).data;
    expect(onTimeDetail.late).toMatchObject({ daysLate: 0, penalty: 0 });
  });

  it("matches submissions to the class roster and lists missing work", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "roster");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const roster = await teacher.client.put(`/api/assignments/${assignment.id}/roster`, { text: "Name,Student ID\n\"Doe, Jane\",1001\nMaria Lopez,1002\nSam Lee,1003\nSam Lee,1004\n" });
    expect(roster.status, roster.text).toBe(200);
    expect(roster.data.students.map((s: { name: string }) => s.name)).toEqual(["Jane Doe", "Maria Lopez", "Sam Lee", "Sam Lee"]);
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("doe_jane_essay.txt", studentEssay(21)), textFile("Maria Lopez.txt", studentEssay(22)), textFile("Unknown Kid.txt", studentEssay(23))]) });
    const after = (await teacher.client.get(`/api/assignments/${assignment.id}/roster`)).data;
    expect(after.missing.map((s: { name: string }) => s.name)).toEqual(["Sam Lee", "Sam Lee"]);
    expect(after.unmatched.map((s: { studentName: string }) => s.studentName)).toEqual(["Unknown Kid"]);
    await waitForGrading(teacher.client, assignment.id);
    const book = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data;
    expect(book.missing).toHaveLength(2);
    // Each row carries the class list's id, the one the school's system knows; no id for work matching no one.
    expect(book.rows.map((row: { studentName: string; studentIdentifier: string | null }) => [row.studentName, row.studentIdentifier])).toEqual([
      ["Doe Jane", "1001"],
      ["Maria Lopez", "1002"],
      ["Unknown Kid", null],
    ]);
  });

  it("flags overlapping work with the matching passages on both sides when the similarity check is on", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "sim");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { plagiarismCheck: true, plagiarismThreshold: 20 } });
    const shared = studentEssay(31, "shared");
    const copied = `${shared.split("\n\n")[0]}\n\nI also think that every school is different, and the families should vote on the rule together.`;
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, {
      body: uploadForm([textFile("Ava Stone.txt", shared), textFile("Liam Ford.txt", copied), textFile("Zoe Hart.txt", "A completely different essay about the value of walking to school every day, the fresh air, the exercise, and the time it gives students to talk with their friends before the first bell rings.")]),
    });
    await waitForGrading(teacher.client, assignment.id);
    const deadline = Date.now() + 30_000;
    let flagged: { studentName: string; topSimilarity: number | null }[] = [];
    while (Date.now() < deadline) {
      flagged = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data.filter((s: { topSimilarity: number | null }) => s.topSimilarity !== null);
      if (flagged.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(flagged.map((s) => s.studentName).sort()).toEqual(["Ava Stone", "Liam Ford"]);
    const liam = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data.find((s: { studentName: string }) => s.studentName === "Liam Ford");
    const detail = (await teacher.client.get(`/api/submissions/${liam.id}`)).data;
    expect(detail.similarity[0]).toMatchObject({ otherStudentName: "Ava Stone", otherAssignmentId: assignment.id });
    // The list shows each submission's strongest overlap, the first of the detail's (strongest first).
    expect(liam.topSimilarity).toBe(detail.similarity[0].similarity);
    const passage = detail.similarity[0].matches[0];
    expect(detail.content.slice(passage.aStart, passage.aEnd)).toBe(passage.aText);
    expect(shared).toContain(passage.bText);
  });

  it("keeps a word-for-word copy handed in under another name, and flags the two at 100% for the teacher to judge", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "exactcopy");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { plagiarismCheck: true, plagiarismThreshold: 20 } });
    const essay = studentEssay(32, "original");
    // The copy comes first: whichever arrives first, both students' work is kept.
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Aiden Martinez - Essay.txt", essay), textFile("Owen Sanchez - Essay.txt", essay)]) });
    expect(upload.data.created.map((c: { studentName: string }) => c.studentName).sort()).toEqual(["Aiden Martinez", "Owen Sanchez"]);
    expect(upload.data.duplicates).toEqual([]);
    // The same student's work sent again is still a duplicate, pasted or uploaded.
    const again = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "owen sanchez", text: essay });
    expect(again.data.created).toEqual([]);
    expect(again.data.duplicates[0]).toMatchObject({ studentName: "Owen Sanchez" });
    await waitForGrading(teacher.client, assignment.id);
    const deadline = Date.now() + 30_000;
    let list: { studentName: string; topSimilarity: number | null }[] = [];
    while (Date.now() < deadline) {
      list = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
      if (list.every((s) => s.topSimilarity !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(list.map((s) => [s.studentName, s.topSimilarity]).sort()).toEqual([
      ["Aiden Martinez", 100],
      ["Owen Sanchez", 100],
    ]);
    // Giving the copy the original's name would make one student's one work two submissions: refused, saying why.
    const owen = (list as unknown as { id: string; studentName: string }[]).find((s) => s.studentName === "Owen Sanchez")!;
    const renamed = await teacher.client.request("PATCH", `/api/submissions/${owen.id}`, { json: { studentName: "aiden martinez" } });
    expect(renamed.status, renamed.text).toBe(409);
    expect(renamed.data.error.fields.studentName).toBe("Aiden Martinez already has this same text in this assignment. Remove one of the two submissions instead of giving both the same name.");
  });

  it("regrades on request and turns a reviewed grade into a calibration sample", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "regrade");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points" } });
    const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Ivy Chen", text: studentEssay(41, "Ivy") });
    const id = created.data.created[0].submissionId;
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.post(`/api/submissions/${id}/add-to-samples`)).status).toBe(409);
    const edited = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 8, "criterion-2": 6 }, feedback: "Clear claim, thin evidence." });
    expect(edited.status).toBe(200);
    const added = await teacher.client.post(`/api/submissions/${id}/add-to-samples`);
    expect(added.status, added.text).toBe(200);
    const withSample = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    expect(withSample.sampleWork).toHaveLength(1);
    expect(withSample.sampleWork[0]).toMatchObject({ score: 14, feedback: "Clear claim, thin evidence.", criteriaScores: { "criterion-1": 8, "criterion-2": 6 } });
    expect(withSample.calibrationFit).not.toBeNull();

    // The teacher's edit is never replaced without asking.
    const unconfirmed = await teacher.client.post(`/api/submissions/${id}/regrade`);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.data.error).toMatchObject({ code: "conflict", fields: { confirm: expect.any(String) } });
    expect(unconfirmed.data.error.message).toContain("You reviewed this grade");
    expect((await teacher.client.get(`/api/submissions/${id}`)).data).toMatchObject({ status: "accepted", gradeSource: "reviewed", overallScore: 14 });

    const regraded = await teacher.client.post(`/api/submissions/${id}/regrade`, { confirm: true });
    expect(regraded.status, regraded.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const after = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(after.gradeSource).toBe("automatic");
    expect(after.history.map((event: { kind: string }) => event.kind)).toEqual(["uploaded", "graded", "sent_to_review", "edited", "added_to_samples", "regrade_requested", "graded", "sent_to_review"]);
    // The edit is in the history and still counts in the agreement figures.
    const request = after.history.find((event: { kind: string }) => event.kind === "regrade_requested");
    expect(request.before).toMatchObject({ overallScore: 14, feedback: "Clear claim, thin evidence." });
    expect(after.teacherReview).toMatchObject({ overallScore: 14, criteriaScores: { "criterion-1": 8, "criterion-2": 6 }, feedback: "Clear claim, thin evidence." });
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data.reviewedCount).toBe(1);

    // Undo: the teacher's version is the grade again.
    const restored = await teacher.client.post(`/api/submissions/${id}/restore-review`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.data).toMatchObject({ status: "accepted", gradeSource: "reviewed", overallScore: 14, criteriaScores: { "criterion-1": 8, "criterion-2": 6 }, feedback: "Clear claim, thin evidence." });
    expect(restored.data.history.at(-1).kind).toBe("review_restored");
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data.reviewedCount).toBe(1);
  });

  it("undoes a regrade at once, and the grader never overwrites the restored edit, whether it ran first or not", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "undo");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points" } });
    const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Uma Reyes", text: studentEssay(43, "Uma") });
    const id = created.data.created[0].submissionId;
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.post(`/api/submissions/${id}/restore-review`)).status).toBe(409);
    await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 3, "criterion-2": 2 }, feedback: "Start again from your plan." });
    expect((await teacher.client.post(`/api/submissions/${id}/regrade`, { confirm: true })).status).toBe(200);
    const restored = await teacher.client.post(`/api/submissions/${id}/restore-review`);
    expect(restored.data).toMatchObject({ status: "accepted", overallScore: 5, feedback: "Start again from your plan." });
    await waitForGrading(teacher.client, assignment.id);
    const after = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(after).toMatchObject({ status: "accepted", gradeSource: "reviewed", overallScore: 5, feedback: "Start again from your plan." });
    expect(after.history.at(-1).kind).toBe("review_restored");

    const stranger = await createSignedInTeacher(server.url, db(), "undostranger");
    expect((await stranger.client.post(`/api/submissions/${id}/restore-review`)).status).toBe(404);
    expect((await stranger.client.post(`/api/submissions/${id}/regrade`, { confirm: true })).status).toBe(404);
  });

  it("accepts confident grades automatically only after enough reviews show the grader agrees with the teacher", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "gate");
    // Threshold 0: every grade is confident enough, so only the accuracy gate stands between a grade and auto-accept.
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { autoAcceptThreshold: 0 } });
    const names = ["Ana Diaz", "Bo Chen", "Cy Lake", "Di Moss", "Ed Park"];
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, n) => textFile(`${name}.txt`, studentEssay(60 + n, name)))) });
    await waitForGrading(teacher.client, assignment.id);
    const first = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    expect(first.every((s: { status: string; reviewReason: string }) => s.status === "needs_review" && s.reviewReason.startsWith("Auto-accept starts after you review 5 grades"))).toBe(true);
    for (const item of first.slice(0, 4)) expect((await teacher.client.post(`/api/submissions/${item.id}/accept`)).status).toBe(200);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data).toMatchObject({ reviewedCount: 4, isAutoAcceptTrusted: false });
    await teacher.client.post(`/api/submissions/${first[4].id}/accept`);
    const agreement = (await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data;
    expect(agreement).toMatchObject({ reviewedCount: 5, exact: 1, adjacent: 1, qwk: 1, isAutoAcceptTrusted: true });

    const later = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Fay Lin", text: studentEssay(70, "Fay") });
    await waitForGrading(teacher.client, assignment.id);
    const graded = (await teacher.client.get(`/api/submissions/${later.data.created[0].submissionId}`)).data;
    expect(graded).toMatchObject({ status: "accepted", gradeSource: "automatic" });
    expect(graded.history.map((event: { kind: string }) => event.kind)).toEqual(["uploaded", "graded", "accepted_automatically"]);

    // A regrade no one has read is accepted again; one of work the teacher reviewed, or whose feedback went back to
    // the student, waits for the teacher whatever its confidence.
    const regrade = async (id: string) => {
      expect((await teacher.client.post(`/api/submissions/${id}/regrade`, { confirm: true })).status).toBe(200);
      await waitForGrading(teacher.client, assignment.id);
      return (await teacher.client.get(`/api/submissions/${id}`)).data;
    };
    expect(await regrade(graded.id)).toMatchObject({ status: "accepted" });
    expect(await regrade(first[0].id)).toMatchObject({ status: "needs_review", reviewReason: "Regraded after you reviewed it: the new grade waits for your review." });
    expect((await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, {})).status).toBe(200);
    expect(await regrade(graded.id)).toMatchObject({ status: "needs_review", reviewReason: "Regraded after its feedback went back to the student: the new grade waits for your review." });

    // With autograding switched off, work is still graded (the teacher sees predictions), but none is accepted for them.
    const current = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    expect((await teacher.client.put(`/api/assignments/${assignment.id}`, { ...current, autogradingEnabled: false })).status).toBe(200);
    const offReason = "Auto-accept is off until autograding is on for this assignment (Finish in its setup turns it on); until then every grade waits for your review.";
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data).toMatchObject({ isAutoAcceptTrusted: false, explanation: offReason });
    const whileOff = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Gil Moor", text: studentEssay(71, "Gil") });
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.get(`/api/submissions/${whileOff.data.created[0].submissionId}`)).data).toMatchObject({ status: "needs_review", reviewReason: offReason });
  });

  it("retries a submission that cannot be graded, then says why and lets the teacher regrade it", { timeout: 90_000 }, async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "fail");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    // A damaged rubric row (descriptors that are not a list) makes every grading attempt throw.
    await db().execute(sql`update assignments set criteria = '[{"id":"c1","name":"Zzz","maxPoints":10,"descriptors":5}]'::jsonb where id = ${assignment.id}`);
    const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Kai Ruiz", text: studentEssay(91, "Kai") });
    const id = created.data.created[0].submissionId;
    const progress = await waitForGrading(teacher.client, assignment.id, 80_000);
    expect(progress).toMatchObject({ total: 1, failed: 1, graded: 0 });
    const failed = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(failed).toMatchObject({ status: "failed", attempts: 4, overallScore: null });
    expect(failed.failureReason).toMatch(/^Grading failed after 4 attempts \(.+\)\. Choose Regrade to try again\.$/);
    expect(failed.history.map((event: { kind: string }) => event.kind)).toEqual(["uploaded", "grading_failed"]);

    await teacher.client.put(`/api/assignments/${assignment.id}`, { ...(await teacher.client.get(`/api/assignments/${assignment.id}`)).data, rubric: { criteria: [{ id: "c1", name: "Thesis", maxPoints: 10, descriptors: [] }] } });
    expect((await teacher.client.post(`/api/submissions/${id}/regrade`)).status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.get(`/api/submissions/${id}`)).data).toMatchObject({ status: "needs_review", failureReason: null });
  });

  it("refuses work for a draft assignment and explains bad input field by field", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "bad");
    const draft = (await teacher.client.post("/api/assignments", { teacherId: teacher.id })).data;
    const refused = await teacher.client.request("POST", `/api/assignments/${draft.id}/submissions`, { body: uploadForm([textFile("A B.txt", studentEssay(51))]) });
    expect(refused.status).toBe(409);
    expect(refused.data.error.message).toBe("Submissions can be added to active assignments only. Activate the assignment first.");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const noFiles = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([]) });
    expect(noFiles.status).toBe(400);
    expect(noFiles.data.error.fields.files).toContain("Choose at least one file");
    const badText = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: " ", text: "", submittedAt: "yesterday" });
    expect(badText.status).toBe(400);
    expect(Object.keys(badText.data.error.fields).sort()).toEqual(["studentName", "submittedAt", "text"]);
    // Dots are no work to grade, as an empty file is not; spaces the eye cannot see (zero-width, no-break) are empty.
    const noWords = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Ada Diaz", text: "..." });
    expect(noWords.status).toBe(400);
    expect(noWords.data.error.fields.text).toBe("The pasted work has no words in it. Paste the student's writing");
    const invisible = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Ada Diaz", text: "\u200b\u200b \u00a0\u200b" });
    expect(invisible.status).toBe(400);
    expect(invisible.data.error.fields.text).toBe(badText.data.error.fields.text);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/grading-progress`)).data.total).toBe(0);
  });
});
