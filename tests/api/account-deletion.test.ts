import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, assignments, sessions, storedFiles, submissions, users } from "../../src/server/db/schema";
import { createSignedInTeacher, latestMailTo } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { practiceLesson } from "../support/practice";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A teacher with one graded class set of two uploaded files, and a chat message. */
async function teacherWithWork(prefix: string, title: string) {
  const teacher = await createSignedInTeacher(server.url, db(), prefix);
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title });
  const files = [textFile("Maya Lopez.txt", studentEssay(1, "Maya")), textFile("Tom Reed.txt", studentEssay(2, "Tom"))];
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files, [{}, {}]) });
  expect(upload.status, upload.text).toBe(200);
  await waitForGrading(teacher.client, assignment.id);
  return { ...teacher, assignment };
}

async function rowsOf(userId: string) {
  return {
    users: (await db().select().from(users).where(eq(users.id, userId))).length,
    sessions: (await db().select().from(sessions).where(eq(sessions.userId, userId))).length,
    assignments: (await db().select().from(assignments).where(eq(assignments.teacherId, userId))).length,
    submissions: (await db().select().from(submissions).where(eq(submissions.teacherId, userId))).length,
    files: (await db().select().from(storedFiles).where(eq(storedFiles.teacherId, userId))).length,
  };
}

describe(`download my data (${testDatabaseKind})`, () => {
  it("is a zip of JSON and the original files that holds this teacher's work and no one else's", async () => {
    const teacher = await teacherWithWork("exporter", "Uniforms essay, period 3");
    const other = await teacherWithWork("bystander", "Someone else's secret assignment");
    const quiz = await teacher.client.post("/api/practice", { kind: "quiz", title: "Photosynthesis quiz", source: { kind: "text", text: practiceLesson } });
    expect(quiz.status, quiz.text).toBe(201);
    const shared = await teacher.client.post(`/api/practice/${quiz.data.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    const shareToken = String(shared.data.shareUrl).split("/").pop()!;
    const othersQuiz = await other.client.post("/api/practice", { kind: "quiz", title: "Someone else's secret quiz", source: { kind: "text", text: practiceLesson } });
    expect(othersQuiz.status, othersQuiz.text).toBe(201);

    const response = await teacher.client.request("GET", "/api/account/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="markwise-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    // The client decodes text; fetch the bytes again for the archive.
    const bytes = new Uint8Array(await (await fetch(new URL("/api/account/export", server.url), { headers: { cookie: teacher.client.cookieHeader() } })).arrayBuffer());
    const entries = unzipSync(bytes);
    const names = Object.keys(entries);
    expect(names).toContain("README.txt");
    const account = JSON.parse(strFromU8(entries["account.json"]!));
    expect(account).toMatchObject({ id: teacher.id, email: teacher.email, username: teacher.username });
    expect(JSON.stringify(account)).not.toMatch(/password|secret/i);

    const folder = names.find((name) => name.endsWith("/assignment.json"))!.replace("/assignment.json", "");
    expect(folder).toBe("assignments/001-Uniforms-essay-period-3");
    expect(JSON.parse(strFromU8(entries[`${folder}/assignment.json`]!)).title).toBe("Uniforms essay, period 3");
    const work = JSON.parse(strFromU8(entries[`${folder}/submissions.json`]!)) as { studentName: string; content: string; overallScore: number | null; gradeHistory: unknown[] }[];
    expect(work.map((submission) => submission.studentName).sort()).toEqual(["Maya Lopez", "Tom Reed"]);
    expect(work.every((submission) => submission.overallScore !== null && submission.gradeHistory.length > 0)).toBe(true);

    const originals = names.filter((name) => name.startsWith("files/"));
    expect(originals.map((name) => name.split("/").pop()).sort()).toEqual(["Maya Lopez.txt", "Tom Reed.txt"]);
    expect(strFromU8(entries[originals.find((name) => name.endsWith("Maya Lopez.txt"))!]!)).toBe(studentEssay(1, "Maya"));

    const practice = JSON.parse(strFromU8(entries["practice.json"]!)) as { title: string; kind: string; items: unknown[]; attempts: unknown[] }[];
    expect(practice.map(({ title, kind }) => ({ title, kind }))).toEqual([{ title: "Photosynthesis quiz", kind: "quiz" }]);
    expect(practice[0]!.items.length).toBeGreaterThan(0);
    // The share link opens the quiz: it is not part of the export.
    expect(strFromU8(entries["practice.json"]!)).not.toContain(shareToken);

    const everything = names.map((name) => strFromU8(entries[name]!)).join("\n");
    expect(everything).not.toContain("Someone else's secret assignment");
    expect(everything).not.toContain(other.email);
  });

  it("answers 401 to a stranger", async () => {
    const response = await new TestClient(server.url).get("/api/account/export");
    expect(response.status).toBe(401);
    expect(response.data.error.code).toBe("unauthorized");
  });
});

describe(`delete my account (${testDatabaseKind})`, () => {
  it("names what goes, refuses without the right proofs, then removes the account, its work, files and sessions and no one else's", async () => {
    const teacher = await teacherWithWork("leaver", "Essay to be deleted");
    const other = await teacherWithWork("stayer", "Essay that stays");
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.teacherId, teacher.id));

    const summary = await teacher.client.get("/api/account/summary");
    expect(summary.status).toBe(200);
    expect(summary.data).toMatchObject({ email: teacher.email, assignments: 1, submissions: 2, files: 2, hasPassword: true, twoFactorEnabled: false });

    const wrongEmail = await teacher.client.post("/api/account/delete", { confirmEmail: other.email, password: teacher.password });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.data.error.fields).toEqual({ confirmEmail: "Type the e-mail address of this account to confirm." });
    const noPassword = await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email });
    expect(noPassword.status).toBe(400);
    expect(noPassword.data.error.fields).toEqual({ password: "Enter your password." });
    const wrongPassword = await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email, password: "not the password" });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.data.error.fields).toEqual({ password: "That password is not right." });
    expect(await rowsOf(teacher.id)).toEqual({ users: 1, sessions: 1, assignments: 1, submissions: 2, files: 2 });

    const deleted = await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email.toUpperCase(), password: teacher.password });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await rowsOf(teacher.id)).toEqual({ users: 0, sessions: 0, assignments: 0, submissions: 0, files: 0 });
    await expect(server.deps.storage.get(file!.storageKey)).rejects.toThrow();
    expect((await teacher.client.get("/api/account/summary")).status).toBe(401);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password });
    expect(signIn.status).toBe(401);
    expect((await latestMailTo(db(), teacher.email)).subject).toBe("Your Markwise account was deleted");
    // Of the outbox's files (read by `npm run outbox`), only that goodbye is left for this address; the other stays.
    const kept = readdirSync(path.join(server.dataDir, "outbox")).map((name) => readFileSync(path.join(server.dataDir, "outbox", name), "utf8"));
    expect(kept.filter((mail) => mail.toLowerCase().startsWith(`to: ${teacher.email.toLowerCase()}\n`)).map((mail) => mail.split("\n")[1])).toEqual(["Subject: Your Markwise account was deleted"]);
    expect(kept.some((mail) => mail.toLowerCase().startsWith(`to: ${other.email.toLowerCase()}\n`))).toBe(true);

    expect(await rowsOf(other.id)).toEqual({ users: 1, sessions: 1, assignments: 1, submissions: 2, files: 2 });
    expect((await other.client.get(`/api/assignments/${other.assignment.id}`)).status).toBe(200);
  });

  it("asks for a two-factor code when two-factor is on, and takes an authenticator code or a backup code", async () => {
    for (const proof of ["authenticator", "backup"] as const) {
      const teacher = await createSignedInTeacher(server.url, db(), `twofactor${proof}`);
      const enable = await teacher.client.post("/api/auth/two-factor/enable", { password: teacher.password });
      const totp = OTPAuth.URI.parse(enable.data.totpURI) as OTPAuth.TOTP;
      expect((await teacher.client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);

      const base = { confirmEmail: teacher.email, password: teacher.password };
      const noCode = await teacher.client.post("/api/account/delete", base);
      expect(noCode.status).toBe(400);
      expect(noCode.data.error.fields).toEqual({ code: "Enter a code from your authenticator app, or a backup code." });
      const wrongCode = await teacher.client.post("/api/account/delete", { ...base, code: totp.generate() === "000000" ? "111111" : "000000" });
      expect(wrongCode.status).toBe(403);
      expect(wrongCode.data.error.fields.code).toMatch(/^That code is not right/);
      expect((await rowsOf(teacher.id)).users).toBe(1);

      const code = proof === "authenticator" ? totp.generate() : (enable.data.backupCodes as string[])[0]!;
      const deleted = await teacher.client.post("/api/account/delete", { ...base, code });
      expect(deleted.status, deleted.text).toBe(204);
      expect((await rowsOf(teacher.id)).users).toBe(0);
    }
  });

  it("without a password (Google sign-in), asks for a recent sign-in", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "googleonly");
    await db().delete(accounts).where(eq(accounts.userId, teacher.id));
    const summary = await teacher.client.get("/api/account/summary");
    expect(summary.data.hasPassword).toBe(false);

    await db().update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(sessions.userId, teacher.id));
    const stale = await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email });
    expect(stale.status).toBe(403);
    expect(stale.data.error.message).toBe("For your safety, sign out and sign in again, then delete your account within 15 minutes.");

    await db().update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, teacher.id));
    expect((await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email })).status).toBe(204);
    expect((await rowsOf(teacher.id)).users).toBe(0);
  });

  it("stops password guessing after five tries in a quarter hour", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "guessed");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email, password: `guess ${attempt}` })).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await teacher.client.post("/api/account/delete", { confirmEmail: teacher.email, password: teacher.password });
    expect(right.status).toBe(429);
    expect(right.data.error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect((await rowsOf(teacher.id)).users).toBe(1);
  });
});
