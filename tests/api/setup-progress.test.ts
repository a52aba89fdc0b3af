import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCalibrationInput } from "../../src/web/features/setup-chat/calibration";
import { preferenceDefaults } from "../../src/core/setup/grading-defaults";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
const newTeacher = () => createSignedInTeacher(server.url, db(), "progress");

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** What the form setup sends on Finish: a preset's template and weights (no criteria), the preferences, a sample. */
const formFinish = {
  profile: {
    name: "Ms. Rivera",
    school: "Lincoln High",
    course: "AP U.S. History",
    ...preferenceDefaults,
    tone: "direct",
    strictness: 80,
  },
  rubric: { template: "4-part-historical", weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 }, criteria: [] },
  samples: [{ content: "The New Deal reshaped federal power.", score: 82, feedback: "Strong thesis; cite more documents.", criteriaScores: {} }],
  complete: true,
};

describe(`the chat setup and the form share the saved setup (${testDatabaseKind})`, () => {
  it("shows a setup finished by the form as finished in the chat: 8 of 8, with the form's rubric and sample", async () => {
    const teacher = await newTeacher();
    const before = await teacher.client.get("/api/setup-wizard/progress");
    expect(before.status).toBe(200);
    expect(before.data.checklist).toEqual({ welcomeDone: false, preferencesSet: 0, criteriaCount: 0, sampleCount: 0, readyToGrade: false });

    expect((await teacher.client.put("/api/calibration", formFinish)).status).toBe(200);

    const progress = await teacher.client.get("/api/setup-wizard/progress");
    expect(progress.data.checklist).toEqual({ welcomeDone: true, preferencesSet: 8, criteriaCount: 4, sampleCount: 1, readyToGrade: true });
    expect(progress.data.nextStep).toBe("complete");
    expect(progress.data.profileText).toContain("Strictness: 80/100");

    // A chat page still holding an empty conversation from before gets the saved setup back with its next answer.
    const stale = { currentStep: "welcome", askedField: "name", profile: {}, rubric: { criteria: [] }, samples: [] };
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "thanks!", setupState: stale });
    expect(turn.data.checklist).toMatchObject({ welcomeDone: true, preferencesSet: 8, readyToGrade: true });
    expect(turn.data.state.profile).toMatchObject({ name: "Ms. Rivera", strictness: 80 });

    // Start Grading from the chat saves the same setup back: the form's sample stays the same stored sample.
    const formSamples = (await teacher.client.get("/api/calibration")).data.samples;
    const finished = await teacher.client.put("/api/calibration", toCalibrationInput(turn.data.state, true));
    expect(finished.status).toBe(200);
    expect(finished.data.profile.calibrated).toBe(true);
    expect(finished.data.samples.map((sample: { id: string; score: number }) => [sample.id, sample.score])).toEqual(formSamples.map((sample: { id: string; score: number }) => [sample.id, sample.score]));
  });

  it("saves each chat answer at once, so the form and the profile see it, and counts only what was saved", async () => {
    const teacher = await newTeacher();
    const welcome = await teacher.client.post("/api/setup-wizard/chat", { message: "My name is Dana Ruiz and I teach at Jefferson High. My course is Biology." });
    expect(welcome.data.checklist.welcomeDone).toBe(true);
    const grammar = await teacher.client.post("/api/setup-wizard/chat", { message: "20% grammar, content 80", setupState: welcome.data.state });
    expect(grammar.data.state.profile.grammarVsContent).toBe(20);
    const corrected = await teacher.client.post("/api/setup-wizard/chat", { message: "no, I meant 30%", setupState: grammar.data.state });
    expect(corrected.data.state.profile.grammarVsContent).toBe(30);

    const stored = await teacher.client.get("/api/calibration");
    expect(stored.data.profile).toMatchObject({ name: "Dana Ruiz", school: "Jefferson High", course: "Biology", grammarVsContent: 30, calibrated: false });
    expect(corrected.data.checklist.preferencesSet).toBe(1);

    const atRubric = { ...corrected.data.state, askedField: "rubric" };
    const rubric = await teacher.client.post("/api/setup-wizard/chat", { message: "thesis, evidence, organisation and conventions", setupState: atRubric });
    const saved = (await teacher.client.get("/api/calibration")).data.rubric;
    expect(saved.criteria.map((criterion: { name: string; maxPoints: number }) => [criterion.name, criterion.maxPoints])).toEqual([
      ["Thesis", 25],
      ["Evidence", 25],
      ["Organisation", 25],
      ["Conventions", 25],
    ]);
    expect(saved.weights).toEqual({ thesis: 25, evidence: 25, organisation: 25, conventions: 25 });
    expect(rubric.data.checklist.criteriaCount).toBe(saved.criteria.length);
  });

  it("takes nothing from the client's state but where the conversation stands", async () => {
    const teacher = await newTeacher();
    const forged = { currentStep: "complete", profile: { name: "Someone Else", strictness: 10, tone: "gentle" }, rubric: { kind: "weights", criteria: [] }, samples: [] };
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "hmm let me think", setupState: forged });
    expect(turn.data.state.profile).toEqual({});
    expect(turn.data.checklist.preferencesSet).toBe(0);
    expect((await teacher.client.get("/api/teacher-profile")).status).toBe(404);
  });

  it("needs a session", async () => {
    expect((await new TestClient(server.url).get("/api/setup-wizard/progress")).status).toBe(401);
  });
});
