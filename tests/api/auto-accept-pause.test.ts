import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { assignmentWithContradictorySamples, createActiveAssignment, studentEssay, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`automatic acceptance pauses when it should (${testDatabaseKind})`, () => {
  it("names the samples a calibration predicts badly and keeps auto-accept off until the teacher overrides it", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "calwarn");
    const assignment = await assignmentWithContradictorySamples(teacher.client, teacher.id);
    const view = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    expect(view.calibrationWarning).not.toBeNull();
    expect(view.calibrationWarning.samples.length).toBeGreaterThan(0);
    expect(view.calibrationWarning.message).toMatch(/^Sample \d \(you gave \d+, the grader predicts [\d.]+\)(; sample \d \(you gave \d+, the grader predicts [\d.]+\))*: more than [\d.]+ points apart(, a bigger miss than the [\d.]+ points the agreement figures count as close)?\. Check those samples' scores/);
    expect(view.autoAcceptOverriddenAt).toBeNull();

    const pause = "Auto-accept is off: the calibration disagrees with your own samples (see the assignment's Calibration). Fix the samples, or turn auto-accept on anyway there.";
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data).toMatchObject({ isAutoAcceptTrusted: false, explanation: pause });
    const created = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Rae Kim", text: studentEssay(30, "Rae") });
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.get(`/api/submissions/${created.data.created[0].submissionId}`)).data).toMatchObject({ status: "needs_review", reviewReason: pause });

    const overridden = await teacher.client.put(`/api/assignments/${assignment.id}/auto-accept-override`, { override: true });
    expect(overridden.status, overridden.text).toBe(200);
    expect(overridden.data.autoAcceptOverriddenAt).toEqual(expect.any(String));
    // The ordinary gate takes over: the teacher's own reviews still come first.
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data.explanation).toMatch(/^Auto-accept starts after you review 5 grades/);
    expect((await teacher.client.put(`/api/assignments/${assignment.id}/auto-accept-override`, { override: "yes" })).status).toBe(400);

    const stranger = await createSignedInTeacher(server.url, db(), "calwarnx");
    expect((await stranger.client.put(`/api/assignments/${assignment.id}/auto-accept-override`, { override: true })).status).toBe(404);
    const plain = await createActiveAssignment(teacher.client, teacher.id);
    const nothing = await teacher.client.put(`/api/assignments/${plain.id}/auto-accept-override`, { override: true });
    expect(nothing.status).toBe(409);
    expect(nothing.data.error.message).toBe("The calibration agrees with your samples, so there is nothing to override.");
  });

  it("pauses auto-accept until the profile's setup is finished, and while the teacher recalibrates, as the Recalibrate dialog says", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "recal");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { autoAcceptThreshold: 0 } });
    const explanation = async () => (await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data.explanation;
    expect(await explanation()).toMatch(/^Auto-accept starts after you review 5 grades/);
    expect((await teacher.client.put("/api/teacher-profile", { name: "Ms. Hale" })).status).toBe(200);
    expect(await explanation()).toBe("Auto-accept starts once you finish your profile's setup; until then every grade waits for your review.");
    const setup = {
      profile: { name: "Ms. Hale", school: "Lincoln High", course: "English 9", tone: "neutral", strictness: 70 },
      rubric: { template: "5-part-literary", weights: { analysis: 35, evidence: 30, organization: 20, style: 10, mechanics: 5 }, criteria: [{ id: "analysis", name: "Analysis", maxPoints: 10, descriptors: [] }] },
      samples: [{ content: studentEssay(31, "Lee"), score: 7, feedback: "Clear claim; explain the evidence.", criteriaScores: { analysis: 7 } }],
      complete: true,
    };
    const finished = await teacher.client.put("/api/calibration", setup);
    expect(finished.status, finished.text).toBe(200);
    expect(await explanation()).toMatch(/^Auto-accept starts after you review 5 grades/);
    const reset = await teacher.client.post("/api/calibration/reset");
    expect(reset.status).toBe(200);
    expect((await teacher.client.get(`/api/assignments/${assignment.id}/agreement`)).data).toMatchObject({
      isAutoAcceptTrusted: false,
      explanation: "Auto-accept is paused while you recalibrate your profile; it resumes when you finish the setup.",
    });
  });
});
