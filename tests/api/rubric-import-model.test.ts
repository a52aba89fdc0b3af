import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { formWith } from "../support/uploads";

// Issue 20: with an AI service, a rubric the parser reads poorly gets the model's reading too, offered only when
// every criterion name it gives is in the document.
let fake: FakeOpenAiServer;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  server = await startTestServer({ env: fakeModelEnv(fake) });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const speech = "Speech Rubric\nContent - 10 pts: Accurate and complete.\nVoice and pace\nEye contact\nGestures";
const reading = (criteria: Array<{ name: string; maxPoints: number; descriptors?: string[] }>) => () =>
  JSON.stringify({ criteria: criteria.map((c) => ({ descriptors: [], ...c })) });

async function upload(text: string) {
  const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "rim");
  const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
  const response = await teacher.client.request("POST", `/api/assignments/${created.data.id}/rubric`, {
    body: formWith({ rubric: new File([text], "rubric.txt", { type: "text/plain" }) }),
  });
  return { teacher, assignmentId: created.data.id as string, response };
}

describe(`rubric import with a model (${testDatabaseKind})`, () => {
  it("offers the model's reading of a poorly read rubric when every name it gives is in the document", async () => {
    fake.behave({
      kind: "answer",
      content: reading([
        { name: "Content", maxPoints: 10, descriptors: ["Accurate and complete.", "Made up by the model."] },
        { name: "Voice and pace", maxPoints: 5 },
        { name: "Eye contact", maxPoints: 5 },
        { name: "Gestures", maxPoints: 5 },
      ]),
    });
    const { response } = await upload(speech);
    expect(response.status).toBe(200);
    expect(response.data.criteria.map((c: { name: string }) => c.name)).toEqual(["Content"]);
    expect(response.data.import.score).toBeLessThan(0.8);
    expect(response.data.import.proposal).toEqual([
      { name: "Content", maxPoints: 10, descriptors: ["Accurate and complete."] },
      { name: "Voice and pace", maxPoints: 5, descriptors: [] },
      { name: "Eye contact", maxPoints: 5, descriptors: [] },
      { name: "Gestures", maxPoints: 5, descriptors: [] },
    ]);
    expect(fake.requests.at(-1)!.messages.some((m) => String(m.content).includes("Eye contact"))).toBe(true);
  });

  it("offers nothing when the model names a criterion the document does not have, or fails", async () => {
    fake.behave({ kind: "answer", content: reading([{ name: "Content", maxPoints: 10 }, { name: "Posture", maxPoints: 5 }]) });
    const invented = await upload(speech);
    expect(invented.response.data.import.proposal).toBeUndefined();
    expect(invented.response.data.criteria.map((c: { name: string }) => c.name)).toEqual(["Content"]);

    fake.behave({ kind: "http-error", status: 500, message: "upstream down" });
    const failed = await upload(speech);
    expect(failed.response.status).toBe(200);
    expect(failed.response.data.import.proposal).toBeUndefined();
  });

  it("imports a checked model reading when the parser found no criterion, and never asks the model about a well-read rubric", async () => {
    fake.behave({ kind: "answer", content: reading([{ name: "Voice and pace", maxPoints: 4 }, { name: "Eye contact", maxPoints: 4 }]) });
    const { teacher, assignmentId, response } = await upload("Voice and pace\nEye contact");
    expect(response.status).toBe(200);
    expect(response.data.import.reading).toBe("model");
    expect(response.data.criteria.map((c: { name: string; maxPoints: number }) => [c.name, c.maxPoints])).toEqual([
      ["Voice and pace", 4],
      ["Eye contact", 4],
    ]);
    expect((await teacher.client.get(`/api/assignments/${assignmentId}`)).data.rubric.totalPoints).toBe(8);

    const before = fake.requests.length;
    const clean = await upload("Thesis - 20 pts: A clear claim.\nEvidence - 30 pts: Three sources.");
    expect(clean.response.data.import.score).toBe(1);
    expect(fake.requests.length).toBe(before);
  });
});
