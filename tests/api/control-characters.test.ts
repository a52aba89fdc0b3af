import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher, uniqueTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createActiveAssignment, sampleForm, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const nul = "\u0000";

/** Issue 15, finding 4: a NUL in any stored text answered 500 (and logged the values). */
describe(`text with control characters (${testDatabaseKind})`, () => {
  it("stores student names, essays, feedback, chat and profile text without them, and never answers 500", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "nul");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points" } });

    const pasted = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: `Ana${nul} Diaz`, text: `${studentEssay(3, "Ana")}${nul} The end.` });
    expect(pasted.status, pasted.text).toBe(200);
    const id = pasted.data.created[0].submissionId;
    const stored = (await teacher.client.get(`/api/submissions/${id}`)).data;
    expect(stored.studentName).toBe("Ana Diaz");
    expect(stored.content).not.toContain(nul);

    const binary = `${studentEssay(5, "Cy")}${nul.repeat(3)}`;
    const uploaded = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("Bo Chen.txt", `${studentEssay(4, "Bo")}${nul}${nul}`), textFile("Cy Park.txt", binary)]) });
    expect(uploaded.status, uploaded.text).toBe(200);
    // A stray NUL or two in UTF-8 text is dropped; more are a binary file's, refused as no plain text (not as a file type
    // "not supported", which told a teacher who sent a .txt to send a .txt).
    expect(uploaded.data.rejected).toEqual([{ fileName: "Cy Park.txt", code: "corrupt", message: expect.stringMatching(/^This \.txt file does not hold plain text/) }]);
    const bo = (await teacher.client.get(`/api/submissions/${uploaded.data.created[0].submissionId}`)).data;
    expect(bo.studentName).toBe("Bo Chen");
    expect(bo.content).not.toContain(nul);

    await waitForGrading(teacher.client, assignment.id);
    const edited = await teacher.client.put(`/api/submissions/${id}/grade`, { criteriaScores: { "criterion-1": 5, "criterion-2": 5 }, feedback: `Good${nul} work.` });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data.feedback).toBe("Good work.");

    const profile = await teacher.client.put("/api/teacher-profile", { name: `Ms.${nul} Hale`, bio: `Teaches${nul} English` });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.data.name).toBe("Ms. Hale");

    const chat = await teacher.client.post("/api/chat", { message: `hello${nul}`, timeZone: "UTC" });
    expect(chat.status).toBeLessThan(500);
  });

  it("takes a NUL out of an upload's text fields and of the JSON inside them, answering as for clean text", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "nulform");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const form = sampleForm(studentEssay(1, "Avery"), 15, { "criterion-1": 8, "criterion-2": 7 });
    form.set("feedback", `Go${nul}od work.`);
    const sample = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: form });
    expect(sample.status, sample.text).toBe(201);
    expect(sample.data.feedback).toBe("Good work.");

    const uploaded = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm([textFile("essay.txt", studentEssay(2, "Nu"))], [{ studentName: `${nul}Nu Li` }]) });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect((await teacher.client.get(`/api/submissions/${uploaded.data.created[0].submissionId}`)).data.studentName).toBe("Nu Li");
  });

  it("refuses a NUL in any sign-in or mail request with the field named, before the account is looked up", async () => {
    const client = new TestClient(server.url);
    for (const [path, body, field] of [
      ["/api/auth/sign-in/email", { email: nul, password: "correct horse battery" }, "email"],
      ["/api/auth/sign-in/username", { username: `x${nul}`, password: "correct horse battery" }, "username"],
      ["/api/auth/request-password-reset", { email: `a${nul}@school.org`, redirectTo: "/auth/reset" }, "email"],
    ] as const) {
      const answer = await client.post(path, body);
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expect(answer.data.error.fields, path).toEqual({ [field]: "Contains invisible control characters; type or paste it again" });
      // Its media type in capitals (which better-auth reads as JSON all the same) is no way around the check.
      const capitalised = await client.request("POST", path, { body: JSON.stringify(body), headers: { "content-type": "Application/JSON" } });
      expect(capitalised.status, `${path}: ${capitalised.text}`).toBe(400);
    }
  });

  it("refuses a sign-up whose name holds a NUL, naming the field", async () => {
    const client = new TestClient(server.url);
    const teacher = uniqueTeacher("nulsign");
    const answer = await client.post("/api/auth/sign-up/email", { ...teacher, name: `Ana${nul}`, callbackURL: "/auth/confirmed" });
    expect(answer.status).toBe(400);
    expect(answer.data.error.fields).toEqual({ name: "Contains invisible control characters; type or paste it again" });
  });

  it("takes text made only of invisible characters as empty, with the empty field's message, and keeps joiners inside real text", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "zwsp");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const zeroWidth = "\u200B\u200C \u2060\uFEFF";

    const pasted = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: zeroWidth, text: studentEssay(3, "Ana") });
    expect(pasted.status).toBe(400);
    expect(pasted.data.error.fields).toEqual({ studentName: "Add the student's name or identifier" });

    const chat = await teacher.client.post("/api/chat", { message: "\u2060\u200D", timeZone: "UTC" });
    expect(chat.status).toBe(400);
    expect(chat.data.error.fields).toEqual({ message: "Type a message first." });

    const lead = await new TestClient(server.url).post("/api/leads", { type: "get-started", name: "\u3164", email: "a@school.org", school: "Lincoln High", position: "Teacher" });
    expect(lead.status).toBe(400);
    expect(lead.data.error.fields).toEqual({ name: "Please fill in all required fields" });

    const signUp = await new TestClient(server.url).post("/api/auth/sign-up/email", { ...uniqueTeacher("zwspsign"), username: zeroWidth, callbackURL: "/auth/confirmed" });
    expect(signUp.status).toBe(400);
    expect(signUp.data.error.fields).toEqual({ username: "Username is required" });

    const teacherEmoji = "Ms. Hale \u{1F469}\u200D\u{1F3EB}";
    const named = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: teacherEmoji, text: studentEssay(4, "Bo") });
    expect(named.status, named.text).toBe(200);
    expect((await teacher.client.get(`/api/submissions/${named.data.created[0].submissionId}`)).data.studentName).toBe(teacherEmoji);
  });

  it("refuses a JSON body whose bytes are not UTF-8, storing nothing, where they had been stored as replacement marks", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "utf8");
    const invalid = Buffer.concat([Buffer.from('{"bio":"Ms '), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(' Rivera"}')]);
    const answer = await teacher.client.request("PUT", "/api/profile-text", { body: invalid, headers: { "content-type": "application/json" } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.data.error).toEqual({ code: "bad_request", message: "The request body is not valid UTF-8 text. Send the JSON encoded as UTF-8.", fields: {} });
    expect((await teacher.client.get("/api/profile-text")).data.bio ?? "").not.toContain("\uFFFD");
    // UTF-8 itself, accents and all, and a byte-order mark before it, are read as before.
    const accented = await teacher.client.request("PUT", "/api/profile-text", { body: Buffer.from('\uFEFF{"bio":"Élodie teaches 9th grade"}'), headers: { "content-type": "application/json" } });
    expect(accented.status, accented.text).toBe(200);
    expect((await teacher.client.get("/api/profile-text")).data.bio).toBe("Élodie teaches 9th grade");
  });

  it("refuses a body nested too deeply with a 400 saying so, signed in or not, and keeps serving", async () => {
    const nested = (depth: number) => `{"type":"get-started","x":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const send = (path: string, body: string) => new TestClient(server.url).request("POST", path, { body, headers: { "content-type": "application/json" } });
    for (const path of ["/api/leads", "/api/auth/sign-up/email"]) {
      const answer = await send(path, nested(5000));
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expect(answer.data.error).toMatchObject({ code: "bad_request", message: "The request body is nested too deeply: keep it within 64 levels of objects and arrays." });
    }
    // Sign-up takes no body larger than any other route does, before anything reads it.
    const huge = await send("/api/auth/sign-up/email", JSON.stringify({ email: "a@school.org", password: "correct horse battery", username: "x".repeat(2 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.data.error.code).toBe("payload_too_large");
    // A body within the limit is read and validated as usual.
    expect((await send("/api/leads", nested(20))).data.error.code).toBe("validation_failed");
    expect((await new TestClient(server.url).get("/api/health")).status).toBe(200);
  });
});
