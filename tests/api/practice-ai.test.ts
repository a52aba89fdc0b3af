import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

// Issue 19 with the school's AI service: a topic line becomes a quiz through the model (items checked by the same
// validators), and a model that fails leaves pasted text to the offline generator but says so for a topic.
let fake: FakeOpenAiServer;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  server = await startTestServer({ env: { ...fakeModelEnv(fake), AI_MAX_RETRIES: "0" } });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const notes =
  "The water cycle moves water between the oceans, the air and the land. Evaporation turns liquid water into water vapour when the sun heats the sea. Condensation forms clouds when the vapour cools. Precipitation returns water to the ground as rain or snow.";
const blank = { options: [], answerIndex: 0, answer: "", original: "", explanation: "" };
const items = [
  { ...blank, kind: "multiple-choice", question: "What forms clouds?", options: ["Evaporation", "Condensation", "Precipitation"], answerIndex: 1, passage: "Condensation forms clouds when the vapour cools." },
  { ...blank, kind: "cloze", question: "Precipitation returns water to the ground as rain or _____.", answer: "snow", passage: "Precipitation returns water to the ground as rain or snow." },
  // Breaks a rule (the answer is not an option): dropped, never stored.
  { ...blank, kind: "multiple-choice", question: "What heats the sea?", options: ["The moon", "The wind"], answerIndex: 3, passage: "Evaporation turns liquid water into water vapour when the sun heats the sea." },
];

const lesson = [
  "Photosynthesis is the process by which green plants turn light energy into chemical energy stored in glucose.",
  "Chlorophyll is the green pigment in chloroplasts that absorbs red and blue light for photosynthesis.",
  "A chloroplast is the organelle in a plant cell where photosynthesis takes place.",
  "Stomata are small openings on the underside of a leaf that let carbon dioxide in and oxygen out.",
  "Glucose is a simple sugar that the plant uses for energy and to build cellulose.",
  "Cellulose is the tough carbohydrate that makes up the walls of plant cells.",
  "Respiration is the process by which cells release the energy stored in glucose, using oxygen.",
  "Transpiration is the loss of water vapour from the leaves through the stomata.",
].join(" ");

describe(`practice with an AI service (${testDatabaseKind})`, () => {
  it("makes a quiz from a topic line through the model, keeping only the items that pass the validators", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "pai");
    fake.behave({ kind: "answer", content: () => JSON.stringify({ notes, items }) });
    const before = fake.requests.length;
    const created = await teacher.client.post("/api/practice", { kind: "quiz", source: { kind: "topic", topic: "The water cycle" } });
    expect(created.status, created.text).toBe(201);
    expect(fake.requests.length).toBeGreaterThan(before);
    expect(fake.requests.at(-1)!.messages.map((message) => message.content).join("\n")).toContain("The water cycle");
    expect(created.data).toMatchObject({ kind: "quiz", sourceKind: "topic", title: "Quiz: The water cycle" });
    expect(created.data.items.map((item: { kind: string }) => item.kind)).toEqual(["multiple-choice", "cloze"]);
    expect(created.data.items[0]).toMatchObject({ prompt: "What forms clouds?", answerIndex: 1, source: { text: "Condensation forms clouds when the vapour cools." } });
  });

  it("says the service failed for a topic, and falls back to the offline generator for pasted text", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "paf");
    fake.behave({ kind: "http-error", status: 500, message: "The model is down" });
    const topic = await teacher.client.post("/api/practice", { kind: "quiz", source: { kind: "topic", topic: "The water cycle" } });
    expect(topic.status).toBe(503);
    expect(topic.data.error.message).toContain("The AI service could not make practice just now");
    const text = await teacher.client.post("/api/practice", { kind: "deck", source: { kind: "text", text: lesson } });
    expect(text.status, text.text).toBe(201);
    expect(text.data.items.length).toBeGreaterThan(0);
    expect((await teacher.client.get("/api/practice?kind=quiz")).data).toEqual([]);
  });
});
