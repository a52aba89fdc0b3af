import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeChatRequest, type FakeOpenAiServer } from "../support/fake-openai-server";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { fixtureFile, formWith } from "../support/uploads";

const atRubric = { currentStep: "rubric", askedField: "rubric", profile: {}, rubric: { criteria: [] }, samples: [] };
const offlineNotice = "Offline reading covers printed text only";

/** The model's reading of a photo of a handwritten rubric, with one word misread. */
const transcription = "Ideas 40\nEvidnce 30\nConventions 30";

/** True when the request to the model carries an image part (the transcription call), not a text-only one. */
function hasImage(request: FakeChatRequest): boolean {
  return request.messages.some((message) => Array.isArray(message.content) && (message.content as Array<{ type: string }>).some((part) => part.type === "image_url"));
}

const criteriaNames = (response: { data: { state: { rubric: { criteria: Array<{ name: string }> } } } }) =>
  response.data.state.rubric.criteria.map((criterion) => criterion.name.toLowerCase());

describe(`setup chat photos without an AI service (${testDatabaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("reads printed text offline, uses it at once, and says that offline reading covers printed text only", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "ocr");
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile("images/rubric-note.png") }) });
    expect(upload.status).toBe(200);
    expect(upload.data).toMatchObject({ reader: "printed-text", needsConfirmation: false });
    expect(upload.data.notice).toContain(offlineNotice);
    expect(upload.data.text).toContain("Thesis 30");
  });
});

describe(`setup chat photos read by a model that reads images (${testDatabaseKind})`, () => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  const db = () => server.deps.database.db;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    server = await startTestServer({ env: { ...fakeModelEnv(fake), AI_READS_IMAGES: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("transcribes the photo, uses nothing until the teacher confirms, then uses the teacher's corrected text", async () => {
    // Text-only requests (the setup chat's fact reading) get no usable answer, so the offline reader decides those.
    fake.behave({ kind: "answer", content: (request) => (hasImage(request) ? transcription : "no facts") });
    const teacher = await createSignedInTeacher(server.url, db(), "vision");
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile("images/rubric-note.png") }) });
    expect(upload.status).toBe(200);
    expect(upload.data).toMatchObject({ reader: "model", needsConfirmation: true, text: transcription });
    expect(upload.data.notice).toBeUndefined();
    const sent = fake.requests.filter(hasImage);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.messages)).toContain("data:image/png;base64,");

    // Not confirmed yet: attaching the photo adds nothing to the rubric.
    const attachment = { url: upload.data.url, mimeType: "image/png", name: "rubric-note.png" };
    const early = await teacher.client.post("/api/setup-wizard/chat", { message: "", setupState: atRubric, attachments: [attachment] });
    expect(early.status).toBe(200);
    expect(early.data.state.rubric.criteria).toEqual([]);

    const id = upload.data.url.split("/").pop();
    const confirmed = await teacher.client.put(`/api/setup-wizard/uploads/${id}/text`, { text: "Ideas 40\nEvidence 30\nConventions 30\n" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ url: upload.data.url, text: "Ideas 40\nEvidence 30\nConventions 30" });
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "", setupState: atRubric, attachments: [attachment] });
    expect(criteriaNames(turn)).toEqual(["ideas", "evidence", "conventions"]);
    expect(turn.data.state.rubric.criteria.map((criterion: { maxPoints: number }) => criterion.maxPoints)).toEqual([40, 30, 30]);
  });

  it("answers 404 for another teacher's image and 400 for an empty text, changing nothing", async () => {
    fake.behave({ kind: "answer", content: () => transcription });
    const teacher = await createSignedInTeacher(server.url, db(), "vision");
    const other = await createSignedInTeacher(server.url, db(), "vision");
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile("images/rubric-note.png") }) });
    const id = upload.data.url.split("/").pop();

    const stolen = await other.client.put(`/api/setup-wizard/uploads/${id}/text`, { text: "Anything 100" });
    expect(stolen.status).toBe(404);
    expect(stolen.data.error.code).toBe("not_found");
    expect((await other.client.put("/api/setup-wizard/uploads/not-an-id/text", { text: "x" })).status).toBe(404);

    const empty = await teacher.client.put(`/api/setup-wizard/uploads/${id}/text`, { text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data.error.fields.text).toBe("Type the text of the image, or discard it");
    const tooLong = await teacher.client.put(`/api/setup-wizard/uploads/${id}/text`, { text: "a".repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.error.fields.text).toBe("Keep the text within 20,000 characters");

    // The other teacher's attempt left nothing behind: the owner's image still has no confirmed text.
    const turn = await teacher.client.post("/api/setup-wizard/chat", { message: "", setupState: atRubric, attachments: [{ url: upload.data.url, mimeType: "image/png" }] });
    expect(turn.data.state.rubric.criteria).toEqual([]);
  });

  it("reads the printed text offline, and says so, when the model fails", async () => {
    fake.behave({ kind: "http-error", status: 500, message: "vision is down" });
    const teacher = await createSignedInTeacher(server.url, db(), "vision");
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: fixtureFile("images/rubric-note.png") }) });
    expect(upload.status).toBe(200);
    expect(upload.data).toMatchObject({ reader: "printed-text", needsConfirmation: false });
    expect(upload.data.notice).toContain("could not read this photo");
    expect(upload.data.text).toContain("Thesis 30");
  });

  it("refuses a damaged image before anything goes to the model", async () => {
    fake.behave({ kind: "answer", content: () => transcription });
    const before = fake.requests.length;
    const teacher = await createSignedInTeacher(server.url, db(), "vision");
    const png = fixtureFile("images/rubric-note.png");
    const headerOnly = new File([new Uint8Array(await png.arrayBuffer()).slice(0, 12)], "cut.png", { type: "image/png" });
    const upload = await teacher.client.request("POST", "/api/setup-wizard/upload", { body: formWith({ image: headerOnly }) });
    expect(upload.status).toBe(422);
    expect(upload.data.error.message).toContain("The image could not be read");
    expect(fake.requests.length).toBe(before);
  });
});
