import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rubrics, sampleStudentWork, teacherProfiles } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
const newTeacher = () => createSignedInTeacher(server.url, db(), "prof");

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const apushSetup = {
  profile: { name: "Ms. Rivera", school: "Lincoln High", course: "APUSH", tone: "direct", strictness: 80, feedbackLength: "standard", grammarVsContent: 20 },
  rubric: {
    template: "4-part-historical",
    weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 },
    criteria: [
      { id: "evidence", name: "Evidence", maxPoints: 40, descriptors: ["Uses documents accurately"] },
      { id: "analysis", name: "Analysis", maxPoints: 60, descriptors: [] },
    ],
  },
  samples: [{ content: "The New Deal reshaped federal power.", score: 82, feedback: "Strong thesis; cite more documents.", criteriaScores: { evidence: 30, analysis: 52 } }],
};

describe(`teacher profile (${testDatabaseKind})`, () => {
  it("answers 404 before a profile exists, then creates and partially updates it", async () => {
    const teacher = await newTeacher();
    expect((await teacher.client.get("/api/teacher-profile")).status).toBe(404);
    const created = await teacher.client.put("/api/teacher-profile", { name: "Mr. Okafor", tone: "gentle", strictness: 35 });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ id: teacher.id, name: "Mr. Okafor", tone: "gentle", strictness: 35, calibrated: false });
    const updated = await teacher.client.put("/api/teacher-profile", { strictness: 60, latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 } });
    expect(updated.data).toMatchObject({ name: "Mr. Okafor", tone: "gentle", strictness: 60, latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 } });
    expect((await teacher.client.get("/api/teacher-profile")).data.strictness).toBe(60);
  });

  it.each([
    [{ strictness: 101 }, "strictness", "Strictness must be from 0 to 100"],
    [{ strictness: 50.5 }, "strictness", "Strictness must be a whole number from 0 to 100"],
    [{ autoAcceptThreshold: -1 }, "autoAcceptThreshold", "Auto-accept threshold must be from 0 to 100"],
    [{ tone: "harsh" }, "tone", "Tone must be gentle, neutral or direct"],
    [{ feedbackLength: "long" }, "feedbackLength", "Feedback length must be short, standard or detailed"],
    [{ gradingApproach: "vibes" }, "gradingApproach", "Grading approach must be holistic or points"],
    [{ rubricWeights: { evidence: 50, analysis: 40 } }, "rubricWeights", "Weights add up to 90%; they must add up to exactly 100%."],
    [{ latePolicy: { type: "daily", penaltyPerDay: 10, maxLateDays: 7 } }, "latePolicy.type", "Late policy must be none, percentage or points"],
  ])("refuses %j with 400 naming the field", async (body, field, message) => {
    const teacher = await newTeacher();
    const response = await teacher.client.put("/api/teacher-profile", body);
    expect(response.status).toBe(400);
    expect(response.data.error.fields[field]).toBe(message);
    expect((await teacher.client.get("/api/teacher-profile")).status).toBe(404);
  });

  it("needs a session", async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path] of [["GET", "/api/teacher-profile"], ["PUT", "/api/teacher-profile"], ["GET", "/api/calibration"], ["PUT", "/api/calibration"], ["DELETE", "/api/calibration"], ["POST", "/api/calibration/reset"]] as const) {
      const response = await anonymous.request(method, path, method === "GET" || method === "DELETE" ? {} : { json: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.data.error.code).toBe("unauthorized");
    }
  });
});

describe(`calibration data (${testDatabaseKind})`, () => {
  it("saves profile, rubric and samples, marks the profile calibrated on completion, and reads them back", async () => {
    const teacher = await newTeacher();
    const empty = await teacher.client.get("/api/calibration");
    expect(empty.data).toEqual({ profile: null, rubric: null, samples: [] });

    const saved = await teacher.client.put("/api/calibration", { ...apushSetup, complete: true });
    expect(saved.status).toBe(200);
    expect(saved.data.profile).toMatchObject({ calibrated: true, name: "Ms. Rivera", strictness: 80 });
    // The grader's fit on the teacher's own samples (one sample: the prior alone, no leave-one-out yet).
    expect(saved.data.profile.calibrationFit).toMatchObject({ method: "prior-only", sampleCount: 1 });
    expect(saved.data.rubric).toMatchObject({ template: "4-part-historical", weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 } });
    expect(saved.data.samples).toHaveLength(1);
    expect(saved.data.samples[0]).toMatchObject({ score: 82, rubricId: saved.data.rubric.id, criteriaScores: { evidence: 30, analysis: 52 } });

    const reloaded = await teacher.client.get("/api/calibration");
    expect(reloaded.data).toEqual(saved.data);
  });

  it("replaces the sample set with exactly the list sent, keeping ids of samples it already had", async () => {
    const teacher = await newTeacher();
    const first = await teacher.client.put("/api/calibration", { ...apushSetup, samples: [...apushSetup.samples, { content: "Second essay", score: 70, feedback: "Good start." }] });
    const keep = first.data.samples[1];
    const second = await teacher.client.put("/api/calibration", { ...apushSetup, samples: [{ ...keep, feedback: "Good start; tighten the thesis." }] });
    expect(second.data.samples).toHaveLength(1);
    expect(second.data.samples[0]).toMatchObject({ id: keep.id, feedback: "Good start; tighten the thesis." });
  });

  it("refuses to complete an unfinished setup and says what is missing", async () => {
    const teacher = await newTeacher();
    const response = await teacher.client.put("/api/calibration", { profile: { name: "A" }, samples: [], complete: true });
    expect(response.status).toBe(400);
    expect(Object.keys(response.data.error.fields)).toEqual(["profile.name", "profile.tone", "rubric", "samples"]);
    expect((await teacher.client.get("/api/calibration")).data.profile).toBeNull();
  });

  it("checks sample scores against the rubric: above 0, at most the total, each criterion within its max", async () => {
    const teacher = await newTeacher();
    const tooHigh = await teacher.client.put("/api/calibration", { ...apushSetup, samples: [{ ...apushSetup.samples[0], score: 101 }] });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.data.error.fields["samples.0.score"]).toBe("Score must be at most 100 (the rubric total)");
    const zero = await teacher.client.put("/api/calibration", { ...apushSetup, samples: [{ ...apushSetup.samples[0], score: 0 }] });
    expect(zero.data.error.fields["samples.0.score"]).toBe("Score must be above 0");
    const criterion = await teacher.client.put("/api/calibration", { ...apushSetup, samples: [{ ...apushSetup.samples[0], criteriaScores: { evidence: 41 } }] });
    expect(criterion.data.error.fields["samples.0.criteriaScores.evidence"]).toBe("Evidence must be from 0 to 40");
    const noRubric = await teacher.client.put("/api/calibration", { ...apushSetup, rubric: null, samples: [{ ...apushSetup.samples[0], criteriaScores: {}, score: 100 }] });
    expect(noRubric.status).toBe(200);
  });

  it("saves all or nothing: a failure in the middle of the transaction leaves nothing written", async () => {
    const teacher = await newTeacher();
    // A real database failure on the last write of the transaction (the samples), after profile and rubric.
    await db().execute(sql.raw(`create or replace function refuse_poisoned_sample() returns trigger language plpgsql as $$
      begin if new.content = 'POISON' then raise exception 'forced failure for the test'; end if; return new; end $$`));
    await db().execute(sql.raw("create trigger refuse_poisoned_sample before insert on sample_student_work for each row execute function refuse_poisoned_sample()"));
    try {
      const response = await teacher.client.put("/api/calibration", {
        ...apushSetup,
        samples: [apushSetup.samples[0], { content: "POISON", score: 50, feedback: "x" }],
        complete: true,
      });
      expect(response.status).toBe(500);
      expect(response.data.error.code).toBe("internal");
      const profiles = await db().select().from(teacherProfiles).where(sql`${teacherProfiles.id} = ${teacher.id}`);
      const rubricRows = await db().select().from(rubrics).where(sql`${rubrics.teacherId} = ${teacher.id}`);
      const samples = await db().select().from(sampleStudentWork).where(sql`${sampleStudentWork.teacherId} = ${teacher.id}`);
      expect([profiles.length, rubricRows.length, samples.length]).toEqual([0, 0, 0]);
    } finally {
      await db().execute(sql.raw("drop trigger if exists refuse_poisoned_sample on sample_student_work"));
    }
  });

  it("resets calibration (calibrated false) and deletes everything on request", async () => {
    const teacher = await newTeacher();
    await teacher.client.put("/api/calibration", { ...apushSetup, complete: true });
    const reset = await teacher.client.post("/api/calibration/reset");
    expect(reset.status).toBe(200);
    expect(reset.data.calibrated).toBe(false);
    expect((await teacher.client.get("/api/calibration")).data.samples).toHaveLength(1);

    expect((await teacher.client.delete("/api/calibration")).status).toBe(204);
    expect((await teacher.client.get("/api/calibration")).data).toEqual({ profile: null, rubric: null, samples: [] });
    expect((await teacher.client.post("/api/calibration/reset")).status).toBe(404);
  });

  it("never shows or changes another teacher's data", async () => {
    const owner = await newTeacher();
    const other = await newTeacher();
    const saved = await owner.client.put("/api/calibration", { ...apushSetup, complete: true });
    const ownerSample = saved.data.samples[0];

    expect((await other.client.get("/api/calibration")).data).toEqual({ profile: null, rubric: null, samples: [] });
    expect((await other.client.get("/api/teacher-profile")).status).toBe(404);

    // Sending the owner's sample id stores a new sample for the other teacher; the owner's is untouched.
    const hijack = await other.client.put("/api/calibration", { ...apushSetup, samples: [{ ...ownerSample, feedback: "changed by someone else" }] });
    expect(hijack.status).toBe(200);
    expect(hijack.data.samples[0].id).not.toBe(ownerSample.id);
    expect((await owner.client.get("/api/calibration")).data.samples[0]).toEqual(ownerSample);

    await other.client.delete("/api/calibration");
    expect((await owner.client.get("/api/calibration")).data.profile.calibrated).toBe(true);
  });
});
