import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceAttemptStarts } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { practiceLesson } from "../support/practice";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A shared quiz with a time limit, and the student's paths to start and submit an attempt. */
async function timedQuiz(prefix: string, settings = { timeLimitMinutes: 10, attemptsAllowed: 2, showKeyAfterSubmit: true }) {
  const owner = await createSignedInTeacher(server.url, db(), prefix);
  const made = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: practiceLesson }, count: 3 });
  expect(made.status, made.text).toBe(201);
  expect((await owner.client.patch(`/api/practice/${made.data.id}`, { settings })).status).toBe(200);
  const shared = await owner.client.post(`/api/practice/${made.data.id}/share`);
  const path = `/api/shared-practice/${new URL(shared.data.shareUrl).pathname.split("/").pop()}`;
  return { owner, quizId: made.data.id as string, start: `${path}/start`, attempts: `${path}/attempts` };
}

/** Moves a student's open attempt back in time, as if it had been opened `minutes` ago. */
async function openedAgo(quizId: string, studentKey: string, minutes: number) {
  await db()
    .update(practiceAttemptStarts)
    .set({ startedAt: new Date(Date.now() - minutes * 60_000) })
    .where(and(eq(practiceAttemptStarts.practiceSetId, quizId), eq(practiceAttemptStarts.studentKey, studentKey)));
}

describe(`a quiz's time limit, kept by the server (${testDatabaseKind})`, () => {
  it("starts the clock at the first opening, and a reload or a second device finds the same start", async () => {
    const { start } = await timedQuiz("prclock");
    const first = await new TestClient(server.url).post(start, { studentName: "Ana Ortiz" });
    expect(first.status, first.text).toBe(200);
    expect(first.data).toMatchObject({ attemptNumber: 1, secondsLeft: 600 });
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const otherDevice = await new TestClient(server.url).post(start, { studentName: " ana  ORTIZ " });
    expect(otherDevice.data.startedAt).toBe(first.data.startedAt);
    expect(otherDevice.data.secondsLeft).toBeLessThanOrEqual(600);
    const unnamed = await new TestClient(server.url).post(start, { studentName: "  " });
    expect(unnamed.status).toBe(400);
    expect(unnamed.data.error.fields.studentName).toBe("Write your name");
  });

  it("counts the time left from the server's start, and tells the teacher of an attempt submitted past the limit", async () => {
    const { owner, quizId, start, attempts } = await timedQuiz("prlate");
    const student = new TestClient(server.url);
    expect((await student.post(start, { studentName: "Ana Ortiz" })).status).toBe(200);
    expect((await student.post(start, { studentName: "Ben Cole" })).status).toBe(200);
    await openedAgo(quizId, "ana ortiz", 25);
    await openedAgo(quizId, "ben cole", 4);
    const reopened = await student.post(start, { studentName: "Ana Ortiz" });
    expect(reopened.data.secondsLeft).toBe(0);

    expect((await student.post(attempts, { idempotencyKey: "attempt-ana-late", studentName: "Ana Ortiz", answers: {} })).status).toBe(201);
    expect((await student.post(attempts, { idempotencyKey: "attempt-ben-ontime", studentName: "Ben Cole", answers: {} })).status).toBe(201);
    // A quiz opened by a page older than this check (no start seen) is kept, its time unknown.
    expect((await student.post(attempts, { idempotencyKey: "attempt-cy-nostart", studentName: "Cy Moss", answers: {} })).status).toBe(201);
    const results = await owner.client.get(`/api/practice/${quizId}/results`);
    const byName = Object.fromEntries(results.data.attempts.map((a: { studentName: string }) => [a.studentName, a]));
    expect(byName["Ana Ortiz"].secondsOverLimit).toBeGreaterThanOrEqual(15 * 60 - 5);
    expect(byName["Ana Ortiz"].secondsTaken).toBeGreaterThanOrEqual(25 * 60 - 5);
    expect(byName["Ben Cole"]).toMatchObject({ secondsOverLimit: null });
    expect(byName["Ben Cole"].secondsTaken).toBeGreaterThanOrEqual(4 * 60 - 5);
    expect(byName["Cy Moss"]).toMatchObject({ secondsTaken: null, secondsOverLimit: null });
    const csv = await owner.client.get(`/api/practice/${quizId}/results.csv`);
    const [header, ana] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header!.split(",").slice(0, 4)).toEqual(["Student", "Attempt", "Submitted at", "Minutes taken"]);
    expect(Number(ana!.split(",")[3])).toBeGreaterThanOrEqual(24.9);

    // The teacher gives more time: the results judge against the limit as it is now.
    await owner.client.patch(`/api/practice/${quizId}`, { settings: { timeLimitMinutes: 30, attemptsAllowed: 2, showKeyAfterSubmit: true } });
    const relaxed = await owner.client.get(`/api/practice/${quizId}/results`);
    expect(relaxed.data.attempts.find((a: { studentName: string }) => a.studentName === "Ana Ortiz").secondsOverLimit).toBeNull();
  });

  it("opens the next attempt with a new clock, refuses to start past the attempts allowed, and starts afresh after a reset", async () => {
    const { owner, quizId, start, attempts } = await timedQuiz("prnext", { timeLimitMinutes: 10, attemptsAllowed: 1, showKeyAfterSubmit: true });
    const student = new TestClient(server.url);
    expect((await student.post(start, { studentName: "Ana Ortiz" })).status).toBe(200);
    await openedAgo(quizId, "ana ortiz", 30);
    expect((await student.post(attempts, { idempotencyKey: "attempt-ana-one", studentName: "Ana Ortiz", answers: {} })).status).toBe(201);
    const openStarts = () => db().select().from(practiceAttemptStarts).where(eq(practiceAttemptStarts.practiceSetId, quizId));
    expect(await openStarts()).toHaveLength(0);

    const noneLeft = await student.post(start, { studentName: "Ana Ortiz" });
    expect(noneLeft.status).toBe(409);
    expect(noneLeft.data.error.message).toBe("You have used all your attempts at this quiz.");
    expect(await openStarts()).toHaveLength(0);

    expect((await owner.client.delete(`/api/practice/${quizId}/attempts?studentName=Ana%20Ortiz`)).status).toBe(200);
    const fresh = await student.post(start, { studentName: "Ana Ortiz" });
    expect(fresh.data).toMatchObject({ attemptNumber: 1, secondsLeft: 600 });
  });

  it("answers a closed quiz's start as its submit does, and a deck's start with what to do", async () => {
    const { owner, quizId, start } = await timedQuiz("prclosed");
    expect((await owner.client.patch(`/api/practice/${quizId}`, { isOpen: false })).status).toBe(200);
    const closed = await new TestClient(server.url).post(start, { studentName: "Ana Ortiz" });
    expect(closed.status).toBe(409);
    expect(closed.data.error.message).toMatch(/^This quiz is closed/);

    const deck = await owner.client.post("/api/practice", { kind: "deck", source: { kind: "text", text: practiceLesson } });
    const shared = await owner.client.post(`/api/practice/${deck.data.id}/share`);
    const deckStart = await new TestClient(server.url).post(`/api/shared-practice/${new URL(shared.data.shareUrl).pathname.split("/").pop()}/start`, { studentName: "Ana Ortiz" });
    expect(deckStart.status).toBe(400);
    expect(deckStart.data.error.message).toBe("This link opens a flashcard deck: there is no attempt to start.");
  });
});
