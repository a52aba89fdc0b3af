import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { practiceLesson } from "../support/practice";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  // A budget of 3 guessed links per address, so a replaced link opened more often than that shows it is not counted.
  server = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "1" } });
});
afterAll(() => server?.stop());

const apiPathOf = (shareUrl: string) => `/api/shared-practice/${new URL(shareUrl).pathname.split("/").pop()}`;

describe(`a quiz whose link got out of the class (${testDatabaseKind})`, () => {
  it("stops the old link at once, as no longer active and never as a guess, keeps the attempts, and opens the new one", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "newlink");
    const made = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: practiceLesson } });
    expect(made.status, made.text).toBe(201);
    const notShared = await owner.client.post(`/api/practice/${made.data.id}/share/new-link`);
    expect(notShared.status).toBe(409);
    expect(notShared.data.error.message).toBe("This quiz has no link yet: share it first.");

    const shared = (await owner.client.post(`/api/practice/${made.data.id}/share`)).data;
    const student = new TestClient(server.url);
    const attempt = { idempotencyKey: "attempt-ana-newlink-1", studentName: "Ana Ortiz", answers: {} };
    expect((await student.post(`${apiPathOf(shared.shareUrl)}/attempts`, attempt)).status).toBe(201);

    const other = await createSignedInTeacher(server.url, server.deps.database.db, "newlinkx");
    expect((await other.client.post(`/api/practice/${made.data.id}/share/new-link`)).status).toBe(404);
    await owner.client.patch(`/api/practice/${made.data.id}`, { isOpen: false });

    const renewed = await owner.client.post(`/api/practice/${made.data.id}/share/new-link`);
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.data.shareUrl).toMatch(new RegExp(`^${server.url}/practice/[A-Za-z0-9_-]{32}$`));
    expect(renewed.data.shareUrl).not.toBe(shared.shareUrl);
    // Closed stays closed: a new link is not a reopening.
    expect(renewed.data.isOpen).toBe(false);
    expect((await owner.client.post(`/api/practice/${made.data.id}/share`)).data.shareUrl).toBe(renewed.data.shareUrl);

    for (let opened = 0; opened < 5; opened++) {
      const old = await student.get(apiPathOf(shared.shareUrl));
      expect(old.status).toBe(404);
      expect(old.data.error.message).toContain("This link is no longer active");
    }
    expect((await student.post(`${apiPathOf(shared.shareUrl)}/attempts`, { ...attempt, idempotencyKey: "attempt-ana-newlink-2" })).status).toBe(404);
    expect((await student.get(apiPathOf(renewed.data.shareUrl))).status).toBe(200);
    const results = await owner.client.get(`/api/practice/${made.data.id}/results`);
    expect(results.data.attempts.map((row: { studentName: string }) => row.studentName)).toEqual(["Ana Ortiz"]);

    // Links no quiz ever had are still counted: the fourth guess from this address is refused.
    const guesses = [];
    for (const letter of "ABCD") guesses.push((await student.get(`/api/shared-practice/${letter.repeat(32)}`)).status);
    expect(guesses).toEqual([404, 404, 404, 429]);
    // The class's real link still opens from that address: a school behind one address is not shut out by a guesser.
    expect((await student.get(apiPathOf(renewed.data.shareUrl))).status).toBe(200);
  });
});

describe(`every attempt given back at once (${testDatabaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("gives every student their attempts back at once, for the teacher only, and says how many went", async () => {
    const owner = await createSignedInTeacher(server.url, server.deps.database.db, "resetall");
    const made = await owner.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: practiceLesson } });
    const shared = (await owner.client.post(`/api/practice/${made.data.id}/share`)).data;
    const student = new TestClient(server.url);
    for (const [key, name] of [["attempt-stranger-1", "Not A Student"], ["attempt-stranger-2", "Someone Else"], ["attempt-ana-real-1", "Ana Ortiz"]]) {
      expect((await student.post(`${apiPathOf(shared.shareUrl)}/attempts`, { idempotencyKey: key, studentName: name, answers: {} })).status).toBe(201);
    }
    const other = await createSignedInTeacher(server.url, server.deps.database.db, "resetallx");
    expect((await other.client.delete(`/api/practice/${made.data.id}/attempts/all`)).status).toBe(404);
    expect((await owner.client.get(`/api/practice/${made.data.id}/results`)).data.attempts).toHaveLength(3);

    const reset = await owner.client.delete(`/api/practice/${made.data.id}/attempts/all`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.data).toEqual({ deletedAttempts: 3 });
    expect((await owner.client.get(`/api/practice/${made.data.id}/results`)).data.attempts).toEqual([]);
    expect((await owner.client.delete(`/api/practice/${made.data.id}/attempts/all`)).data).toEqual({ deletedAttempts: 0 });
    // The quiz allows one attempt per student: Ana can take it again.
    expect((await student.post(`${apiPathOf(shared.shareUrl)}/attempts`, { idempotencyKey: "attempt-ana-real-2", studentName: "Ana Ortiz", answers: {} })).status).toBe(201);

    const deck = await owner.client.post("/api/practice", { kind: "deck", source: { kind: "text", text: practiceLesson } });
    expect((await owner.client.delete(`/api/practice/${deck.data.id}/attempts/all`)).status).toBe(404);
  });
});
