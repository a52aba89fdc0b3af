import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { leads, outbox, videoRequests } from "../../src/server/db/schema";
import { TestClient } from "../support/http";
import { startTestServer, type TestServer } from "../support/test-server";
import { testDatabaseKind } from "../support/test-database";

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { LEADS_NOTIFY_TO: "sales@school.test, ops@school.test", VIDEO_REQUESTS_NOTIFY_TO: "studio@school.test" } });
  client = new TestClient(server.url);
});
afterAll(() => server?.stop());

const db = () => server.deps.database.db;
const validLead = { type: "get-started", name: "Ada Lovelace", email: "ada@school.org", school: "Analytical High", position: "Teacher" };

describe(`POST /api/leads (${testDatabaseKind})`, () => {
  it("stores a get-started lead, answers 201 with its id and notifies the configured inbox through the outbox", async () => {
    const submittedAt = "2026-03-05T10:00:00.000Z";
    const response = await client.post("/api/leads", { ...validLead, name: "  Ada Lovelace  ", seats: "", submitted_at: submittedAt });
    expect(response.status).toBe(201);
    expect(response.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await db().select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row).toMatchObject({ id: response.data.id, type: "get-started", name: "Ada Lovelace", email: "ada@school.org", school: "Analytical High", position: "Teacher" });
    expect(row!.submittedAt.toISOString()).toBe(submittedAt);
    expect(row!.createdAt).toBeInstanceOf(Date);

    const [mail] = await db().select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail!.to).toEqual(["sales@school.test", "ops@school.test"]);
    expect(mail!.subject).toBe("Get-started inquiry from Ada Lovelace, Analytical High");
    expect(mail!.text).toContain(`Lead id: ${response.data.id}`);
  });

  it("stores an enterprise lead with its seats", async () => {
    const response = await client.post("/api/leads", { ...validLead, type: "enterprise", seats: "100-200" });
    expect(response.status).toBe(201);
    const rows = await db().select().from(leads);
    expect(rows.find((row) => row.id === response.data.id)?.seats).toBe("100-200");
  });

  it.each([
    ["a blank name", { ...validLead, name: "   " }, "name", "Please fill in all required fields"],
    ["a missing school", { ...validLead, school: undefined }, "school", "Please fill in all required fields"],
    ["a missing position", { ...validLead, position: undefined }, "position", "Please fill in all required fields"],
    ["a position outside the list", { ...validLead, position: "Principal" }, "position", "Choose one of: Student, TA, Teacher, Staff, Administration, Other"],
    ["an e-mail without a domain", { ...validLead, email: "ada@" }, "email", "Enter a valid email address, like name@school.org"],
    ["an enterprise lead without seats", { ...validLead, type: "enterprise", seats: " " }, "seats", "Please specify the number of interested seats"],
    ["an unknown type", { ...validLead, type: "partner" }, "type", "Choose get-started or enterprise"],
    ["a name over 200 characters", { ...validLead, name: "a".repeat(201) }, "name", "Keep this within 200 characters"],
  ])("refuses %s with 400 naming the field and stores nothing", async (_label, body, field, message) => {
    const before = await db().select().from(leads);
    const response = await client.post("/api/leads", body);
    expect(response.status).toBe(400);
    expect(response.data.error.code).toBe("validation_failed");
    expect(response.data.error.fields[field]).toBe(message);
    expect(response.data.error.message).toContain(field);
    expect(await db().select().from(leads)).toHaveLength(before.length);
  });

  it("refuses a body that is not JSON", async () => {
    const response = await client.request("POST", "/api/leads", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.data.error).toEqual({ code: "bad_request", message: "The request body is not valid JSON.", fields: {} });
  });

  it("takes submitted_at with a time-zone offset as the same instant", async () => {
    const response = await client.post("/api/leads", { ...validLead, submitted_at: "2026-03-05T12:00:00+02:00" });
    expect(response.status, response.text).toBe(201);
    const [row] = await db().select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row!.submittedAt.toISOString()).toBe("2026-03-05T10:00:00.000Z");
  });

  it("refuses a submitted_at in the future and line breaks in the one-line fields, field by field, storing and mailing nothing", async () => {
    const count = async () => [(await db().select().from(leads)).length, (await db().select().from(outbox)).length];
    const before = await count();
    const future = await client.post("/api/leads", { ...validLead, submitted_at: "2999-01-01T00:00:00.000Z" });
    expect(future.status).toBe(400);
    expect(future.data.error.fields).toEqual({ submitted_at: "submitted_at cannot be in the future: send the time the form was sent, or leave it out" });
    const broken = await client.post("/api/leads", { ...validLead, type: "enterprise", name: "Ada\nBcc: all@school.org", school: "Analytical\r\nHigh", seats: "100\n200" });
    expect(broken.status).toBe(400);
    expect(broken.data.error.fields).toEqual({ name: "Keep this on one line", school: "Keep this on one line", seats: "Keep this on one line" });
    expect(await count()).toEqual(before);
    // A client clock a minute ahead is no typo.
    const ahead = await client.post("/api/leads", { ...validLead, submitted_at: new Date(Date.now() + 60_000).toISOString() });
    expect(ahead.status, ahead.text).toBe(201);
  });

  it("takes an e-mail holding a NUL as every text is taken, without it, where the rate limiter's lookup had failed", async () => {
    const response = await new TestClient(server.url).post("/api/leads", { ...validLead, email: "ab\u0000cd@example.test" });
    expect(response.status, response.text).toBe(201);
    const [row] = await db().select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row!.email).toBe("abcd@example.test");
  });

  it("answers 413 in the error shape for a body of 20 MB, which the rate limiter does not read whole", async () => {
    const response = await new TestClient(server.url).post("/api/leads", { ...validLead, name: "x".repeat(20_000_000) });
    expect(response.status).toBe(413);
    expect(response.data.error.code).toBe("payload_too_large");
  });

  it("answers 413 in the error shape for an oversized body", async () => {
    const response = await new TestClient(server.url).post("/api/leads", { ...validLead, name: "x".repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(response.data.error.code).toBe("payload_too_large");
    expect(response.data.error.message).toBe("The request is too large. The limit is 1 MB.");
  });
});

describe(`POST /api/video-requests (${testDatabaseKind})`, () => {
  it("stores a request with the spec's defaults and notifies the video inbox", async () => {
    const response = await client.post("/api/video-requests", { topic: " Photosynthesis for grade 7 ", email: "sam@school.org", notes: "" });
    expect(response.status).toBe(201);
    const rows = await db().select().from(videoRequests);
    const row = rows.find((candidate) => candidate.id === response.data.id);
    expect(row).toMatchObject({ topic: "Photosynthesis for grade 7", style: "Engaging", duration: "1 min", voice: "Solo Female", email: "sam@school.org" });
    expect(row!.submittedAt).toBeInstanceOf(Date);
    const mails = await db().select().from(outbox);
    const mail = mails.find((candidate) => candidate.text.includes(response.data.id));
    expect(mail?.to).toEqual(["studio@school.test"]);
    expect(mail?.subject).toBe("Video request: Photosynthesis for grade 7");
  });

  it("keeps the topic, which heads the team's mail, on one line", async () => {
    const broken = await client.post("/api/video-requests", { topic: "Fractions\r\nBcc: all@school.org", email: "sam@school.org" });
    expect(broken.status).toBe(400);
    expect(broken.data.error.fields).toEqual({ topic: "Keep this on one line" });
  });

  it("keeps chosen style, duration and voice", async () => {
    const response = await client.post("/api/video-requests", { topic: "Fractions", style: "Lofi", duration: "30 sec", voice: "Solo Male", email: "sam@school.org" });
    expect(response.status).toBe(201);
    const rows = await db().select().from(videoRequests);
    expect(rows.find((row) => row.id === response.data.id)).toMatchObject({ style: "Lofi", duration: "30 sec", voice: "Solo Male" });
  });

  it.each([
    ["a blank topic", { topic: "  ", email: "sam@school.org" }, "topic", "Please provide a topic and your email."],
    ["a missing email", { topic: "Volcanoes" }, "email", "Please provide a topic and your email."],
    ["a style outside the list", { topic: "Volcanoes", email: "sam@school.org", style: "Techno" }, "style", "Choose one of: Engaging, Hyper, Inspirational, Documentary, Jazz, Lofi, Dramatic, None"],
    ["a duration outside the list", { topic: "Volcanoes", email: "sam@school.org", duration: "5 min" }, "duration", "Choose one of: 2 min, 1 min, 30 sec"],
    ["a voice outside the list", { topic: "Volcanoes", email: "sam@school.org", voice: "Choir" }, "voice", "Choose one of: Solo Female, Solo Male"],
  ])("refuses %s with 400 and stores nothing", async (_label, body, field, message) => {
    const before = await db().select().from(videoRequests);
    const response = await client.post("/api/video-requests", body);
    expect(response.status).toBe(400);
    expect(response.data.error.fields[field]).toBe(message);
    expect(await db().select().from(videoRequests)).toHaveLength(before.length);
  });
});

describe(`inquiries from one address (${testDatabaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "2" } });
  });
  afterAll(() => limited?.stop());

  it("takes a few, then refuses more with when to try again, mailing nothing more", async () => {
    const sender = new TestClient(limited.url);
    const mails = async () => (await limited.deps.database.db.select().from(outbox)).length;
    // Twice the sign-in limit per address (4), each e-mail address at most the limit (2).
    const statuses = [];
    for (const email of ["a@school.org", "a@school.org", "a@school.org", "b@school.org", "c@school.org"]) statuses.push((await sender.post("/api/video-requests", { topic: "Fractions", email })).status);
    expect(statuses).toEqual([201, 201, 429, 201, 429]);
    const before = await mails();
    const refused = await sender.post("/api/leads", { ...validLead, email: "d@school.org" });
    expect(refused.status).toBe(429);
    expect(refused.data.error.message).toMatch(/^Too many attempts\. Try again in /);
    expect(await mails()).toBe(before);
  });
});
