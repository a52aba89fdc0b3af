import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, formWith } from "../support/uploads";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

function isoDateInDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

async function teacherWithAssignment(title: string, dueInDays: number, baseUrl = server.url, database = db()) {
  const teacher = await createSignedInTeacher(baseUrl, database, "chat");
  const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
  await teacher.client.put(`/api/assignments/${created.data.id}`, { ...created.data, title, dueDate: isoDateInDays(dueInDays), status: "active", autogradingEnabled: true });
  return teacher;
}

describe(`dashboard chat, built-in assistant (${testDatabaseKind})`, () => {
  it("answers what is due this week from the teacher's own assignments", async () => {
    const teacher = await teacherWithAssignment("Civil Rights DBQ", 2);
    const response = await teacher.client.post("/api/chat", { message: "what is due this week?", timeZone: "UTC" });
    expect(response.status).toBe(200);
    expect(response.data.source).toBe("builtin");
    expect(response.data.message).toContain("Civil Rights DBQ");

    const other = await createSignedInTeacher(server.url, db(), "chat");
    const otherAnswer = await other.client.post("/api/chat", { message: "what is due this week?" });
    expect(otherAnswer.data.message).not.toContain("Civil Rights DBQ");
  });

  it("sets the strictness for the caller only and says so", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "chat");
    const other = await createSignedInTeacher(server.url, db(), "chat");
    await other.client.put("/api/teacher-profile", { strictness: 40 });
    const withoutProfile = await teacher.client.post("/api/chat", { message: "set my strictness to 70" });
    expect(withoutProfile.data.action).toBeUndefined();
    expect((await teacher.client.get("/api/teacher-profile")).status).toBe(404);

    await teacher.client.put("/api/teacher-profile", { strictness: 50 });
    const response = await teacher.client.post("/api/chat", { message: "set my strictness to 70" });
    expect(response.data.action).toEqual({ type: "setStrictness", value: 70 });
    expect((await teacher.client.get("/api/teacher-profile")).data.strictness).toBe(70);
    expect((await other.client.get("/api/teacher-profile")).data.strictness).toBe(40);
  });

  it("says plainly that open conversation needs an AI provider", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "chat");
    const response = await teacher.client.post("/api/chat", { message: "Write me a poem about photosynthesis" });
    expect(response.data.message).toContain("Open conversation needs an AI provider");
    // Said to the teacher, who cannot set the server's variables: who can, and where to see what is set.
    expect(response.data.message).toContain("Whoever runs it for your school can connect one");
    expect(response.data.message).not.toContain("AI_PROVIDER");
  });

  it("keeps the conversation per teacher, and clears it on request", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "chat");
    await teacher.client.post("/api/chat", { message: "how do I calibrate?" });
    const history = await teacher.client.get("/api/chat");
    expect(history.data.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant"]);
    expect(history.data.messages[0].content).toBe("how do I calibrate?");
    const other = await createSignedInTeacher(server.url, db(), "chat");
    expect((await other.client.get("/api/chat")).data.messages).toEqual([]);
    expect((await teacher.client.delete("/api/chat")).status).toBe(204);
    expect((await teacher.client.get("/api/chat")).data.messages).toEqual([]);
  });

  it("refuses empty and over-long messages with a clear message", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "chat");
    const empty = await teacher.client.post("/api/chat", { message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data.error.fields.message).toBe("Type a message first.");
    const long = await teacher.client.post("/api/chat", { message: "a".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.data.error.fields.message).toBe("Keep messages within 2,000 characters.");
    expect((await teacher.client.get("/api/chat")).data.messages).toEqual([]);
  });

  it("limits each teacher to 20 messages a minute", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "chat");
    for (let i = 0; i < 20; i += 1) expect((await teacher.client.post("/api/chat", { message: "help" })).status).toBe(200);
    const blocked = await teacher.client.post("/api/chat", { message: "help" });
    expect(blocked.status).toBe(429);
    expect(blocked.data.error.message).toMatch(/Try again in \d+ seconds?\./);
    const other = await createSignedInTeacher(server.url, db(), "chat");
    expect((await other.client.post("/api/chat", { message: "help" })).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await new TestClient(server.url).post("/api/chat", { message: "hi" })).status).toBe(401);
    expect((await new TestClient(server.url).post("/api/setup-wizard/chat", { message: "hi" })).status).toBe(401);
  });
});

describe(`chat-based setup (${testDatabaseKind})`, () => {
  it("reads the welcome facts from free text and asks the next question with its quick actions", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "wiz");
    const response = await teacher.client.post("/api/setup-wizard/chat", {
      message: "My name is Dana Ruiz, I teach 10th grade English at Jefferson High",
      setupState: undefined,
      conversationHistory: [],
      attachments: [],
    });
    expect(response.status).toBe(200);
    expect(response.data.extractedData).toMatchObject({ name: "Dana Ruiz", school: "Jefferson High" });
    expect(response.data.checklist.welcomeDone).toBe(true);
    expect(response.data.nextStep).toBe("preferences");
    expect(response.data.quickActions.length).toBeGreaterThan(0);
    expect(response.data.profileText).toContain("Dana Ruiz");

    const next = await teacher.client.post("/api/setup-wizard/chat", { message: "pretty strict, maybe 80", setupState: response.data.state });
    expect(next.data.state.profile.strictness === 80 || next.data.extractedData.strictness === 80).toBe(true);
  });

  it("never trusts the client's state beyond validating it", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "wiz");
    const response = await teacher.client.post("/api/setup-wizard/chat", {
      message: "hello",
      setupState: { currentStep: "complete", profile: { strictness: 500, tone: "evil", name: 42 }, rubric: { criteria: "lots" }, samples: [{ content: 1 }], __proto__: { admin: true } },
    });
    expect(response.status).toBe(200);
    expect(response.data.state.profile.strictness).toBeUndefined();
    expect(response.data.state.profile.tone).toBeUndefined();
    expect(response.data.checklist).toMatchObject({ welcomeDone: false, preferencesSet: 0, criteriaCount: 0, sampleCount: 0, readyToGrade: false });
  });

  it("reads an uploaded image with offline OCR, keeps it for its owner, and uses its text in the conversation", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "wiz");
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile("images/rubric-note.png") }) });
    expect(upload.status).toBe(200);
    expect(upload.data).toMatchObject({ mimeType: "image/png", filename: "rubric-note.png" });
    expect(upload.data.dataUrl.startsWith("data:image/png;base64,")).toBe(true);
    expect(upload.data.text).toContain("Thesis 30");
    expect((await teacher.client.get(upload.data.url)).status).toBe(200);
    const other = await createSignedInTeacher(server.url, db(), "wiz");
    expect((await other.client.get(upload.data.url)).status).toBe(404);

    const atRubric = { currentStep: "rubric", askedField: "rubric", profile: {}, rubric: { criteria: [] }, samples: [] };
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "", setupState: atRubric, attachments: [{ url: upload.data.url, mimeType: "image/png", name: "rubric-note.png" }] });
    expect(turn.data.state.rubric.criteria.map((criterion: { name: string }) => criterion.name.toLowerCase())).toEqual(["thesis", "evidence", "organization", "mechanics"]);

    // Another teacher cannot feed someone else's upload into their conversation.
    const stolen = await other.client.post("/api/setup-wizard/chat", { message: "", setupState: atRubric, attachments: [{ url: upload.data.url, mimeType: "image/png" }] });
    expect(stolen.data.state.rubric.criteria).toEqual([]);
  });

  it("takes as many images with one message as the chat page offers (imageLimits.maxPerMessage, 5), and says so beyond", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "wiz");
    const images = (count: number) => Array.from({ length: count }, (_, index) => ({ url: `/api/documents/not-an-upload-${index}`, mimeType: "image/png" }));
    expect((await teacher.client.post("/api/setup-wizard/chat", { message: "hello", attachments: images(5) })).status).toBe(200);
    const tooMany = await teacher.client.post("/api/setup-wizard/chat", { message: "hello", attachments: images(6) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.error, JSON.stringify(tooMany.data)).toMatchObject({ fields: { attachments: "Attach at most 5 images." } });
  });

  it.each([["documents/student-essay.pdf", 415], ["documents/empty.txt", 422]])("refuses %s as an image with %i", async (file, status) => {
    const teacher = await createSignedInTeacher(server.url, db(), "wiz");
    const response = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile(file) }) });
    expect(response.status).toBe(status);
  });
});

describe(`assistants with a model provider (${testDatabaseKind})`, () => {
  let fake: FakeOpenAiServer;
  let withModel: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    withModel = await startTestServer({ env: fakeModelEnv(fake) });
  });
  afterAll(async () => {
    await withModel?.stop();
    await fake?.close();
  });

  it("answers open questions through the model, whose tools act only on the caller's data", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "model");
    const other = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "model");
    await other.client.put("/api/teacher-profile", { strictness: 30 });
    fake.behave({ kind: "script", replies: [{ toolCall: { name: "setGradingDefaults", arguments: { strictness: 65 } } }, { content: "I set your strictness to 65." }] });
    const response = await teacher.client.post("/api/chat", { message: "I've been too harsh lately, can you ease off a bit?" });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ source: "model", message: "I set your strictness to 65.", action: { type: "setStrictness", value: 65 } });
    expect((await teacher.client.get("/api/teacher-profile")).data.strictness).toBe(65);
    expect((await other.client.get("/api/teacher-profile")).data.strictness).toBe(30);
    expect(fake.requests.at(-1)!.messages.some((message) => message.role === "tool" || String(message.content).includes("65"))).toBe(true);
  });

  it("still answers recognised requests from the teacher's data without calling the model", async () => {
    const teacher = await teacherWithAssignment("Lab Report 3", 1, withModel.url, withModel.deps.database.db);
    const before = fake.requests.length;
    const response = await teacher.client.post("/api/chat", { message: "what is due this week?" });
    expect(response.data).toMatchObject({ source: "builtin" });
    expect(response.data.message).toContain("Lab Report 3");
    expect(fake.requests.length).toBe(before);
  });

  it("shows the failure answer when the model fails", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "model");
    fake.behave({ kind: "http-error", status: 500, message: "upstream down" });
    const response = await teacher.client.post("/api/chat", { message: "Tell me something about rubrics in general" });
    expect(response.status).toBe(503);
    expect(response.data.error.code).toBe("unavailable");
    expect((await teacher.client.get("/api/chat")).data.messages).toEqual([]);
  });

  it("reads setup facts with the model's structured output, validated like the offline reader", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "model");
    fake.behave({ kind: "answer", content: () => JSON.stringify({ tone: "gentle", strictness: 250 }) });
    const state = { currentStep: "preferences", askedField: "tone", profile: { name: "Dana", school: "Jefferson", course: "English" }, rubric: { criteria: [] }, samples: [] };
    const response = await teacher.client.post("/api/setup-wizard/chat", { message: "I'm soft on them, honestly", setupState: state });
    expect(response.status).toBe(200);
    expect(response.data.state.profile.tone).toBe("gentle");
    expect(response.data.state.profile.strictness).toBeUndefined();
    expect(response.data.problems.join(" ")).toContain("Strictness");
  });

  it("never asks the model about a pasted student essay: its words set nothing, whatever the model would read", async () => {
    const teacher = await createSignedInTeacher(withModel.url, withModel.deps.database.db, "model");
    fake.behave({ kind: "answer", content: () => JSON.stringify({ strictness: 80, latePolicy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 3 } }) });
    const essay =
      "The American Revolution did not begin in a single day. For years the colonists argued with the king about taxes and trade. " +
      "The king's advisers warned him about the colonists for years, and he ignored them. " +
      "At this point, it maybe too late for him to change course, because the colonists had already formed their own congress. " +
      "They wrote letters, held meetings and organized boycotts. In the end the war began, and the colonies declared independence in 1776.";
    const state = { currentStep: "preferences", askedField: "strictness", profile: { name: "Dana", school: "Jefferson", course: "English" }, rubric: { criteria: [] }, samples: [] };
    const before = fake.requests.length;
    const response = await teacher.client.post("/api/setup-wizard/chat", { message: essay, setupState: state });
    expect(response.status).toBe(200);
    expect(fake.requests.length).toBe(before);
    expect(response.data.state.profile.strictness).toBeUndefined();
    expect(response.data.state.profile.latePolicy ?? { type: "none" }).toMatchObject({ type: "none" });
    expect(response.data.problems).toEqual(["What score did you give this one? Add a line such as Score: 8/10 or I gave this 85."]);
  });
});
