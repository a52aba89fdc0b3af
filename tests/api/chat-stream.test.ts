import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

type StreamEvent = { type: "text"; text: string } | { type: "done"; message: string; action?: unknown; source: string } | { type: "error"; message: string };

let offline: TestServer;
let fake: FakeOpenAiServer;
let withModel: TestServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [offline, withModel] = await Promise.all([
    startTestServer(),
    startTestServer({ env: fakeModelEnv(fake) }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline?.stop(), withModel?.stop()]);
  await fake?.close();
});

const teacherOn = (server: TestServer) => createSignedInTeacher(server.url, server.deps.database.db, "stream");

/** Asks the streaming route and reads every line of the answer. */
async function ask(client: TestClient, message: string) {
  const response = await client.post("/api/chat/stream", { message, timeZone: "UTC" });
  const events = response.status === 200 ? response.text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as StreamEvent) : [];
  return { ...response, events };
}

const texts = (events: StreamEvent[]) => events.flatMap((event) => (event.type === "text" ? [event.text] : []));
const historyOf = async (client: TestClient) => (await client.get("/api/chat")).data.messages.map((message: { role: string; content: string }) => [message.role, message.content]);

describe(`POST /api/chat/stream (${testDatabaseKind})`, () => {
  it("streams a built-in answer as one text line and done, and keeps the turn", async () => {
    const teacher = await teacherOn(offline);
    const answer = await ask(teacher.client, "how do I calibrate?");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/x-ndjson");
    // fetch asks for gzip and br: a compressed stream would be held back until the compressor's buffer fills.
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.events.map((event) => event.type)).toEqual(["text", "done"]);
    const done = answer.events[1] as Extract<StreamEvent, { type: "done" }>;
    expect(done.source).toBe("builtin");
    expect(texts(answer.events)).toEqual([done.message]);
    expect(await historyOf(teacher.client)).toEqual([
      ["user", "how do I calibrate?"],
      ["assistant", done.message],
    ]);
  });

  it("applies a built-in action and reports it in done", async () => {
    const teacher = await teacherOn(offline);
    await teacher.client.put("/api/teacher-profile", { strictness: 50 });
    const answer = await ask(teacher.client, "set my strictness to 70");
    expect(answer.events.at(-1)).toMatchObject({ type: "done", source: "builtin", action: { type: "setStrictness", value: 70 } });
    expect((await teacher.client.get("/api/teacher-profile")).data.strictness).toBe(70);
  });

  it("streams a model answer in several text lines that add up to the done message, then keeps the turn", async () => {
    const teacher = await teacherOn(withModel);
    fake.behave({ kind: "answer", content: () => "Holistic scoring reads the essay as a whole and gives one score for its overall quality." });
    const answer = await ask(teacher.client, "Tell me about holistic scoring");
    expect(answer.status).toBe(200);
    expect(fake.requests.at(-1)!.body.stream).toBe(true);
    const lines = texts(answer.events);
    expect(lines.length).toBeGreaterThan(1);
    expect(answer.events.at(-1)).toEqual({ type: "done", source: "model", message: lines.join("") });
    expect(lines.join("")).toBe("Holistic scoring reads the essay as a whole and gives one score for its overall quality.");
    expect(await historyOf(teacher.client)).toEqual([
      ["user", "Tell me about holistic scoring"],
      ["assistant", lines.join("")],
    ]);
  });

  it("sends the first words before the model has finished writing", async () => {
    const teacher = await teacherOn(withModel);
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    fake.behave({ kind: "stream", chunks: ["Start with ", "the thesis."], hold: { at: 1, until } });
    const cookie = teacher.client.cookieList().map(({ name, value }) => `${name}=${value}`).join("; ");
    const response = await fetch(`${withModel.url}/api/chat/stream`, {
      method: "POST",
      headers: { origin: withModel.url, cookie, "content-type": "application/json" },
      body: JSON.stringify({ message: "Where should feedback start?" }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    while (!received.includes("\n")) received += (await reader.read()).value ?? "";
    expect(JSON.parse(received.split("\n")[0]!)).toEqual({ type: "text", text: "Start with " });
    expect(await historyOf(teacher.client)).toEqual([]);
    release();
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value;
    const events = received.split("\n").filter(Boolean).map((line) => JSON.parse(line) as StreamEvent);
    expect(events.at(-1)).toEqual({ type: "done", source: "model", message: "Start with the thesis." });
    expect(await historyOf(teacher.client)).toHaveLength(2);
  });

  it("runs the teacher's tools while streaming and reports what they did", async () => {
    const teacher = await teacherOn(withModel);
    const other = await teacherOn(withModel);
    await other.client.put("/api/teacher-profile", { strictness: 30 });
    fake.behave({ kind: "script", replies: [{ toolCall: { name: "setGradingDefaults", arguments: { strictness: 65 } } }, { content: "I set your strictness to 65." }] });
    const answer = await ask(teacher.client, "I've been too harsh lately, can you ease off a bit?");
    expect(answer.events.at(-1)).toEqual({ type: "done", source: "model", message: "I set your strictness to 65.", action: { type: "setStrictness", value: 65 } });
    expect((await teacher.client.get("/api/teacher-profile")).data.strictness).toBe(65);
    expect((await other.client.get("/api/teacher-profile")).data.strictness).toBe(30);
  });

  it("answers 503 and keeps nothing when the model fails before the answer starts", async () => {
    const teacher = await teacherOn(withModel);
    fake.behave({ kind: "http-error", status: 500, message: "upstream down" });
    const answer = await ask(teacher.client, "Tell me something about rubrics in general");
    expect(answer.status).toBe(503);
    expect(answer.data.error.code).toBe("unavailable");
    expect(await historyOf(teacher.client)).toEqual([]);
  });

  it("ends with an error line and keeps nothing when the model fails while writing", async () => {
    const teacher = await teacherOn(withModel);
    fake.behave({ kind: "stream", chunks: ["Rubrics help ", "because "], failMidway: true });
    const answer = await ask(teacher.client, "Why use rubrics at all?");
    expect(answer.status).toBe(200);
    expect(texts(answer.events).join("")).toBe("Rubrics help because ");
    expect(answer.events.at(-1)).toMatchObject({ type: "error", message: expect.stringContaining("The AI provider did not answer") });
    expect(answer.events.some((event) => event.type === "done")).toBe(false);
    expect(await historyOf(teacher.client)).toEqual([]);
  });

  it("refuses empty and over-long messages with the app's error answer", async () => {
    const teacher = await teacherOn(offline);
    const long = await ask(teacher.client, "a".repeat(2001));
    expect(long.status).toBe(400);
    expect(long.data.error.fields.message).toBe("Keep messages within 2,000 characters.");
    const empty = await ask(teacher.client, "   ");
    expect(empty.status).toBe(400);
    expect(empty.data.error.fields.message).toBe("Type a message first.");
    expect(await historyOf(teacher.client)).toEqual([]);
  });

  it("shares the per-teacher limit of 20 messages a minute with POST /api/chat", async () => {
    const teacher = await teacherOn(offline);
    for (let i = 0; i < 10; i += 1) expect((await teacher.client.post("/api/chat", { message: "help" })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await ask(teacher.client, "help")).status).toBe(200);
    const blocked = await ask(teacher.client, "help");
    expect(blocked.status).toBe(429);
    expect(blocked.data.error.message).toMatch(/Try again in \d+ seconds?\./);
  });

  it("needs a session", async () => {
    const anonymous = await new TestClient(offline.url).post("/api/chat/stream", { message: "hi" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data.error.code).toBe("unauthorized");
  });

  it("is described in the OpenAPI document as a stream of JSON lines", async () => {
    const document = (await new TestClient(offline.url).get("/api/openapi.json")).data;
    const post = document.paths["/api/chat/stream"].post;
    expect(Object.keys(post.responses["200"].content)).toEqual(["application/x-ndjson"]);
    expect(post.requestBody.content["application/json"]).toBeDefined();
  });
});
