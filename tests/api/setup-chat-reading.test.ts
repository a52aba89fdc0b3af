import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferenceDefaults } from "../../src/core/setup/grading-defaults";
import { createSignedInTeacher } from "../support/accounts";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/** What the built-in assistant (no AI provider) reads from a teacher's messages, as stored and read back. */
let server: TestServer;
const db = () => server.deps.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const finishedSetup = {
  profile: { name: "Ms. Rivera", school: "Lincoln High", course: "AP U.S. History", ...preferenceDefaults, strictness: 70 },
  rubric: { template: "4-part-historical", weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 }, criteria: [] },
  samples: [{ content: "The New Deal reshaped federal power.", score: 82, feedback: "Strong thesis; cite more documents.", criteriaScores: {} }],
  complete: true,
};

const essay =
  "The king's advisers warned him about the colonists for years, and he ignored them. " +
  "At this point, it maybe too late for him to change course, because the colonists had already formed their own congress. " +
  "They wrote letters, held meetings and organized boycotts.\n\n" +
  "In the end the war began, and the colonies declared independence. The new nation had to decide what kind of government it wanted.";

describe(`the chat setup reads a pasted essay as a sample, never as settings (${testDatabaseKind})`, () => {
  it("adds a second graded essay with a score in words after the setup is complete, and leaves the late policy as it was", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "essay");
    expect((await teacher.client.put("/api/calibration", finishedSetup)).status).toBe(200);
    const noPenalty = await teacher.client.post("/api/setup-wizard/chat", { message: "no late penalty" });
    expect(noPenalty.data.state.profile.latePolicy.type).toBe("none");

    const pasted = await teacher.client.post("/api/setup-wizard/chat", {
      message: `${essay}\n\nI gave it eighty-two percent. Feedback: nice voice, weak conclusion.`,
      setupState: noPenalty.data.state,
    });
    expect(pasted.status).toBe(200);
    expect(pasted.data.reply).not.toMatch(/Late work/);
    expect(pasted.data.checklist.sampleCount).toBe(2);
    const stored = (await teacher.client.get("/api/calibration")).data;
    expect(stored.profile.latePolicy).toEqual({ type: "none", penaltyPerDay: 10, maxLateDays: 7 });
    expect(stored.samples.map((sample: { score: number; feedback: string }) => [sample.score, sample.feedback])).toContainEqual([82, "nice voice, weak conclusion."]);
  });

  it("asks for the score of an essay pasted without one, and changes nothing", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "essay");
    expect((await teacher.client.put("/api/calibration", finishedSetup)).status).toBe(200);
    const before = (await teacher.client.get("/api/calibration")).data.profile;
    const pasted = await teacher.client.post("/api/setup-wizard/chat", { message: `Sample essay: ${essay} His taxes were very strict. I'd rate them eighty.` });
    expect(pasted.data.reply).toMatch(/What score did you give this one\?/);
    expect((await teacher.client.get("/api/calibration")).data.profile).toEqual(before);
  });
});

describe(`the chat setup keeps grading preferences out of the name, school and course (${testDatabaseKind})`, () => {
  it("stores a preference given as a welcome answer as that preference, and asks the welcome question again", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "welcome");
    const send = async (message: string, setupState?: unknown) => (await teacher.client.post("/api/setup-wizard/chat", { message, ...(setupState ? { setupState } : {}) })).data;

    const name = await send("strictness eighty five");
    expect(name.reply).not.toMatch(/Nice to meet you/);
    expect(name.askedField).toBe("name");
    const school = await send("I'm a fairly lenient grader", { ...name.state, askedField: "school" });
    expect(school.askedField).toBe("name");
    const course = await send("medium length", { ...school.state, askedField: "course" });

    const stored = (await teacher.client.get("/api/calibration")).data.profile;
    expect(stored).toMatchObject({ strictness: 30, feedbackLength: "standard" });
    expect([stored.name, stored.school, stored.course].filter(Boolean)).toEqual([]);
    expect(course.checklist.welcomeDone).toBe(false);
  });
});

describe(`the chat setup tells a teacher writing in another language what it understands (${testDatabaseKind})`, () => {
  it("answers a Spanish introduction with what the built-in assistant reads, not 'I didn't catch a name'", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "idioma");
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "Hola, soy la profesora García y enseño español en el Instituto Cervantes." });
    expect(turn.status).toBe(200);
    expect(turn.data.reply).toMatch(/understand English only/);
    expect(turn.data.reply).toMatch(/AI_PROVIDER and AI_MODEL/);
    expect(turn.data.reply).not.toMatch(/didn't catch/);
  });
});
