import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createReviewedGrade } from "../support/reviewed-grade";
import { gradeByHand } from "../support/practice";
import { createActiveAssignment, rubricCriteria, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const earlier = { criteria: [{ id: "criterion-1", name: "Thesis", maxPoints: 10 }, { id: "criterion-2", name: "Evidence", maxPoints: 10 }], totalPoints: 20 };
const notice = "Given on the earlier rubric (Thesis 10, Evidence 10; out of 20): review it again to grade it on the current one.";
// Evidence (10) is removed and Organisation (20) added: the rubric's total goes from 20 to 30.
const current = [rubricCriteria[0]!, { id: "criterion-3", name: "Organisation", maxPoints: 20, descriptors: ["Ideas in a clear order"] }];

/** A teacher's reviewed 14/20 (Thesis 8, Evidence 6), then a rubric whose scoring changed to a total of 30. */
async function reviewedGradeThroughRubricChange(prefix: string, settings: Record<string, unknown> = {}) {
  const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, prefix);
  const { assignment, url, id } = await createReviewedGrade(client, teacherId, (assignmentId) => waitForGrading(client, assignmentId), settings);
  const opened = (await client.get(url)).data;
  const saved = await client.put(url, { ...opened, rubric: { criteria: current }, basedOnVersion: opened.version });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.data.rubricChange).toMatchObject({ keptReviewed: 1 });
  return { client, assignment, url, id };
}

describe(`a reviewed grade kept through a rubric change stays on its own scale (${testDatabaseKind})`, () => {
  it("lists it, shows it and reports it out of the rubric it was given on, never out of the new total", async () => {
    const { client, url, id } = await reviewedGradeThroughRubricChange("scalelist");

    const list = await client.get(`${url}/submissions`);
    expect(list.status).toBe(200);
    const listed = (list.data as { id: string }[]).find((item) => item.id === id);
    expect(listed).toMatchObject({ overallScore: 14, earlierRubric: earlier });
    const detail = (await client.get(`/api/submissions/${id}`)).data;
    expect(detail).toMatchObject({ overallScore: 14, earlierRubric: earlier, criteriaScores: { "criterion-1": 8, "criterion-2": 6 } });

    // The gradebook's columns are the current rubric's: Thesis is unchanged, Evidence is gone, Organisation is new.
    const book = (await client.get(`${url}/gradebook`)).data;
    expect(book.totalPoints).toBe(30);
    expect(book.rows[0]).toMatchObject({ rawScore: 14, finalScore: 14, earlierRubric: earlier, criteriaScores: { "criterion-1": 8 } });
    expect(book.distribution.find((item: { criterionId: string }) => item.criterionId === "criterion-3").graded).toBe(0);

    // The export writes the score with its own total, as text, and says why, in "Graded by".
    const csv = await client.get(`${url}/gradebook.csv`);
    const [header, row] = csv.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(header).toBe("Student,Student ID,Status,Thesis (/10),Organisation (/20),Raw score (/30),Days late,Late penalty,Final score,Graded by,Similarity %,Feedback");
    expect(row).toBe(`Noah Kim,,Reviewed,8,,14 / 20,0,0,14 / 20,"Teacher review. ${notice}",,A clear thesis; more evidence next time.`);

    // The printed sheet (and the student's page, which shows the same sheet) has the earlier rubric's rows and total.
    const report = (await client.get(`${url}/feedback-report`)).data;
    expect(report.sheets[0]).toMatchObject({ rawScore: 14, outOf: 20, earlierRubric: earlier });
    expect(report.sheets[0].criteria.map((item: { name: string; maxPoints: number; score: number }) => [item.name, item.maxPoints, item.score])).toEqual([
      ["Thesis", 10, 8],
      ["Evidence", 10, 6],
    ]);

    // The figures count it as 70% (14 of 20), not 47% (14 of 30).
    const analytics = (await client.get("/api/analytics")).data;
    expect(analytics.averageScorePercent).toBeCloseTo(70, 5);
  });

  it("shows the student's returned page on the rubric the grade was given on", async () => {
    const { client, url } = await reviewedGradeThroughRubricChange("scalepage");
    const returned = await client.post(`${url}/feedback-links`, { expiresInDays: 30 });
    expect(returned.status, returned.text).toBe(200);
    const page = await new TestClient(server.url).get(new URL(returned.data.created[0].url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('14 <small>/ 20</small>');
    expect(page.text).not.toContain("/ 30");
    expect(page.text).toContain("Evidence");
    expect(page.text).not.toContain("Organisation");
  });

  it("refuses to accept it unchanged, and an edit on the current rubric puts it on the current scale", async () => {
    const { client, url, id } = await reviewedGradeThroughRubricChange("scaleedit");
    const accepted = await client.post(`/api/submissions/${id}/accept`);
    expect(accepted.status).toBe(409);
    expect(accepted.data.error.message).toBe(`${notice} Accepting it keeps its scores as they are, so edit it (or Regrade) first.`);
    const sample = await client.post(`/api/submissions/${id}/add-to-samples`);
    expect(sample.status).toBe(409);

    const edited = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 8, "criterion-3": 15 }, feedback: "Regraded on the new rubric." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({ overallScore: 23, earlierRubric: null });
    expect(edited.data.teacherReview.earlierRubric).toBeUndefined();
    const book = (await client.get(`${url}/gradebook`)).data;
    expect(book.rows[0]).toMatchObject({ rawScore: 23, earlierRubric: null, criteriaScores: { "criterion-1": 8, "criterion-3": 15 } });
  });

  it("makes practice for the class reading such grades only on the criteria the rubric kept as they were", async () => {
    const { client, id: teacherId } = await createSignedInTeacher(server.url, server.deps.database.db, "scalepractice");
    const assignment = await createActiveAssignment(client, teacherId, { settings: { holisticVsPoints: "points", autoAcceptThreshold: 100 } });
    const url = `/api/assignments/${assignment.id}`;
    const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];
    const upload = await client.request("POST", `${url}/submissions`, { body: uploadForm(names.map((name, index) => textFile(`${name}.txt`, studentEssay(index + 60, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(client, assignment.id);
    // Thesis about half its points, Evidence nearly all of its 10.
    await gradeByHand(client, assignment.id, { "Ana Ortiz": [6, 9], "Ben Cole": [4, 9], "Chloe Park": [5, 10], "Dev Shah": [5, 8] });
    // Evidence is re-pointed to 40 under the same id: 9 of its old 10 is no score of the new 40 (read so, it would be
    // the weakest criterion by far).
    const opened = (await client.get(url)).data;
    const saved = await client.put(url, { ...opened, rubric: { criteria: [rubricCriteria[0]!, { ...rubricCriteria[1]!, maxPoints: 40 }] }, basedOnVersion: opened.version });
    expect(saved.data.rubricChange).toMatchObject({ keptReviewed: 4 });

    const made = await client.post("/api/practice/from-class", { assignmentId: assignment.id });
    expect(made.status, made.text).toBe(201);
    expect(made.data.quiz.weakestCriteria.map((criterion: { name: string }) => criterion.name)).toEqual(["Thesis"]);
  });

  it("asks a holistic edit of it for an overall score on the current rubric, and stores nothing until it has one", async () => {
    const { client, id } = await reviewedGradeThroughRubricChange("scaleholistic", { holisticVsPoints: "holistic" });
    const scores = { "criterion-1": 8, "criterion-3": 15 };
    const withoutOverall = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: scores, feedback: "On the new rubric." });
    expect(withoutOverall.status, withoutOverall.text).toBe(400);
    expect(withoutOverall.data.error).toEqual({
      code: "validation_failed",
      message: "This grade was given on the earlier rubric (out of 20): send an overallScore from 0 to 30 to grade it on the current one.",
      fields: { overallScore: "Give an overall score from 0 to 30" },
    });
    const withoutCriteria = await client.put(`/api/submissions/${id}/grade`, { overallScore: 24, feedback: "On the new rubric." });
    expect(withoutCriteria.status, withoutCriteria.text).toBe(400);
    expect(withoutCriteria.data.error.fields).toEqual({ criteriaScores: "Send a score for every criterion of the rubric, by criterion id" });
    expect((await client.get(`/api/submissions/${id}`)).data).toMatchObject({ overallScore: 14, earlierRubric: earlier });

    const edited = await client.put(`/api/submissions/${id}/grade`, { criteriaScores: scores, overallScore: 24, feedback: "On the new rubric." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({ overallScore: 24, earlierRubric: null, criteriaScores: scores });
  });

  it("brings its scale back with Undo of a regrade, and drops it when the rubric returns to the scoring it was given on", async () => {
    const { client, url, id } = await reviewedGradeThroughRubricChange("scaleundo");
    const regrade = await client.post(`/api/submissions/${id}/regrade`, { confirm: true });
    expect(regrade.status, regrade.text).toBe(200);
    await waitForGrading(client, url.split("/").pop()!);
    expect((await client.get(`/api/submissions/${id}`)).data.earlierRubric).toBeNull();
    const restored = await client.post(`/api/submissions/${id}/restore-review`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.data).toMatchObject({ overallScore: 14, earlierRubric: earlier });

    const opened = (await client.get(url)).data;
    const back = await client.put(url, { ...opened, rubric: { criteria: rubricCriteria }, basedOnVersion: opened.version });
    expect(back.status, back.text).toBe(200);
    const detail = (await client.get(`/api/submissions/${id}`)).data;
    expect(detail.earlierRubric).toBeNull();
    expect(detail.history.at(-1).note).toBe("The rubric is back to the scoring your reviewed grade was given on (Thesis 10, Evidence 10): it stands on the current rubric again.");
  });
});
