import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbackLinks, outbox, users } from "../../src/server/db/schema";
import type { Mailer, MailMessage } from "../../src/server/integrations/mail/mailer";
import { writeOutboxFile } from "../../src/server/integrations/mail/outbox-files";
import { returnFeedback } from "../../src/server/services/feedback-links";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Summary = { id: string; studentName: string; status: string; content?: string };
type Created = { id: string; studentName: string; url: string; expiresAt: string; emailedTo: string | null };

const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];

/** Four graded students on a roster (two with an address): Ana accepted, Ben edited, Chloe accepted, Dev unreviewed. */
async function classWithReviews(prefix: string) {
  const teacher = await createSignedInTeacher(server.url, db(), prefix);
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: `Uniforms ${prefix}` });
  const roster = await teacher.client.put(`/api/assignments/${assignment.id}/roster`, { text: "Name,ID,Email\nAna Ortiz,101,ana@pupils.test\nBen Cole,102,\nChloe Park,103,chloe@pupils.test\nDev Shah,104,dev@pupils.test" });
  expect(roster.status, roster.text).toBe(200);
  expect(roster.data.students.map((s: { email: string | null }) => s.email)).toEqual(["ana@pupils.test", null, "chloe@pupils.test", "dev@pupils.test"]);
  const files = names.map((name, index) => textFile(`${name}.txt`, studentEssay(300 + index, name)));
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) });
  expect(upload.status, upload.text).toBe(200);
  await waitForGrading(teacher.client, assignment.id);
  const list: Summary[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
  const byName = Object.fromEntries(list.map((item) => [item.studentName, item])) as Record<string, Summary>;
  expect((await teacher.client.post(`/api/submissions/${byName["Ana Ortiz"]!.id}/accept`)).status).toBe(200);
  expect((await teacher.client.post(`/api/submissions/${byName["Chloe Park"]!.id}/accept`)).status).toBe(200);
  const edited = await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 7, "criterion-2": 6 }, feedback: "Ben, your second paragraph needs a source." });
  expect(edited.status, edited.text).toBe(200);
  return { teacher, assignment, byName };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const anonymous = () => new TestClient(server.url);

describe(`returning feedback to students (${testDatabaseKind})`, () => {
  let setup: Awaited<ReturnType<typeof classWithReviews>>;
  let created: Created[];
  beforeAll(async () => {
    setup = await classWithReviews("ret");
  });

  it("returns only reviewed or accepted grades and gives the links as CSV, e-mailing no one from a server with no mail server", async () => {
    const { teacher, assignment } = setup;
    const before = await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`);
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ readyCount: 3, waitingForReviewCount: 1, links: [] });

    const returned = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { expiresInDays: 30 });
    expect(returned.status, returned.text).toBe(200);
    created = returned.data.created;
    expect(created.map((link) => link.studentName)).toEqual(["Ana Ortiz", "Ben Cole", "Chloe Park"]);
    expect(returned.data.noEmail).toEqual(["Ben Cole"]);
    // This server has no SMTP_URL: an e-mail would only sit in its outbox, so none is made, and none is claimed.
    expect(created.map((link) => link.emailedTo)).toEqual([null, null, null]);
    for (const link of created) {
      expect(link.url).toMatch(new RegExp(`^${server.url}/feedback/[A-Za-z0-9_-]{43}$`));
      const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
    }

    const csvLines = (returned.data.csv as string).trimEnd().split("\r\n");
    expect(csvLines[0]).toBe("Student,Feedback link,Expires,E-mailed to");
    expect(csvLines.slice(1)).toEqual(created.map((link) => `${link.studentName},${link.url},${link.expiresAt.slice(0, 10)},${link.emailedTo ?? ""}`));

    const mails = await db().select().from(outbox);
    expect(mails.filter((mail) => mail.to.some((to) => to.endsWith("@pupils.test")))).toEqual([]);
    expect(JSON.stringify(mails)).not.toContain(tokenOf(created[0]!.url));

    const view = returned.data.view;
    expect(view).toMatchObject({ readyCount: 0, waitingForReviewCount: 1 });
    expect(view.links.map((link: { studentName: string; email: { status: string; to: string | null } }) => [link.studentName, link.email.status, link.email.to])).toEqual([
      ["Ana Ortiz", "none", "ana@pupils.test"],
      ["Ben Cole", "none", null],
      ["Chloe Park", "none", "chloe@pupils.test"],
    ]);
    expect(JSON.stringify(view)).not.toContain(tokenOf(created[0]!.url));
  });

  it("keeps only a hash of each token", async () => {
    const rows = await db().select().from(feedbackLinks).where(eq(feedbackLinks.assignmentId, setup.assignment.id));
    const stored = JSON.stringify(rows);
    for (const link of created) {
      const token = tokenOf(link.url);
      expect(stored).not.toContain(token);
      expect(rows.some((row) => row.tokenHash === createHash("sha256").update(token).digest("hex"))).toBe(true);
    }
  });

  it("shows a student their own work, scores, descriptors and feedback, with nothing about anyone else, to no one signed in", async () => {
    const ben = created.find((link) => link.studentName === "Ben Cole")!;
    const page = await anonymous().get(new URL(ben.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.text).toContain("Feedback for Ben Cole");
    expect(page.text).toContain("Uniforms ret");
    expect(page.text).toContain("Ben, your second paragraph needs a source.");
    expect(page.text).toContain("Clear, arguable claim");
    expect(page.text).toMatch(/7 \/ 10[\s\S]*6 \/ 10/);
    // The essay's own words, escaped as HTML.
    expect(page.text).toContain("This essay was written by Ben Cole");
    for (const other of names.filter((name) => name !== "Ben Cole")) {
      expect(page.text).not.toContain(other);
      expect(page.text).not.toContain(`written by ${other}`);
    }
    expect(page.text).not.toContain(setup.byName["Ana Ortiz"]!.id);

    // Copied with a slash or the sentence's full stop after it, the link still opens the page.
    const path = new URL(ben.url).pathname;
    for (const copied of [`${path}/`, `${path}).`]) {
      const moved = await anonymous().get(copied);
      expect(moved.status, copied).toBe(301);
      expect(moved.headers.get("location")).toBe(path);
    }
  });

  it("highlights the passages the grader quoted while its scores stand", async () => {
    const ana = created.find((link) => link.studentName === "Ana Ortiz")!;
    const page = await anonymous().get(new URL(ana.url).pathname);
    const detail = (await setup.teacher.client.get(`/api/submissions/${setup.byName["Ana Ortiz"]!.id}`)).data;
    const quotes: string[] = detail.engineGrade.criterionScores.flatMap((score: { quotes: string[] }) => score.quotes);
    expect(quotes.length).toBeGreaterThan(0);
    const marked = [...page.text.matchAll(/<mark[^>]*>([^<]*)<sup/g)].map((match) => match[1]!.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
    expect(marked.length).toBeGreaterThan(0);
    for (const text of marked) expect(quotes.some((quote) => quote.includes(text.trim()) || text.includes(quote.trim()))).toBe(true);
    expect(page.text).toContain("Your score");

    // Once the teacher rewrites the feedback (scores kept), the page shows their words, not the grader's beside them.
    const rewritten = await setup.teacher.client.put(`/api/submissions/${setup.byName["Ana Ortiz"]!.id}/grade`, { criteriaScores: detail.criteriaScores, feedback: "Ana, strong start: now add your second source." });
    expect(rewritten.status, rewritten.text).toBe(200);
    const after = await anonymous().get(new URL(ana.url).pathname);
    expect(after.text).toContain("Ana, strong start: now add your second source.");
    expect(after.text).not.toMatch(/<mark/);
    for (const score of detail.engineGrade.criterionScores as { rationale: string }[]) expect(after.text).not.toContain(score.rationale.slice(0, 40));
  });

  it("counts who opened their feedback", async () => {
    const chloe = created.find((link) => link.studentName === "Chloe Park")!;
    await anonymous().get(new URL(chloe.url).pathname);
    await anonymous().get(new URL(chloe.url).pathname);
    const view = (await setup.teacher.client.get(`/api/assignments/${setup.assignment.id}/feedback-links`)).data;
    const byName = Object.fromEntries(view.links.map((link: { studentName: string }) => [link.studentName, link]));
    expect(byName["Chloe Park"]).toMatchObject({ openCount: 2 });
    expect(Date.parse(byName["Chloe Park"].firstOpenedAt)).toBeLessThanOrEqual(Date.parse(byName["Chloe Park"].lastOpenedAt));
    expect(byName["Dev Shah"]).toBeUndefined();
  });

  it("says each criterion's comment once: in the feedback, not again under the scores", async () => {
    const chloe = created.find((link) => link.studentName === "Chloe Park")!;
    const page = await anonymous().get(new URL(chloe.url).pathname);
    const detail = (await setup.teacher.client.get(`/api/submissions/${setup.byName["Chloe Park"]!.id}`)).data;
    const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
    const rationales = (detail.engineGrade.criterionScores as { rationale: string }[]).map((score) => score.rationale);
    expect(rationales.length).toBeGreaterThan(0);
    for (const rationale of rationales) {
      // The comment without its score lead ("Strong (4/6): ") and its tail, as the page prints it.
      const comment = escape(rationale.replace(/^[^:]*\(\d+(?:\.\d+)?\/\d+\): /, "").slice(0, 60));
      expect(page.text.split(comment).length - 1, comment).toBe(1);
    }
    expect(page.text).not.toContain('class="rationale"');
    expect(page.text).toMatch(/<mark/);
  });

  it("adds links for newly reviewed students on a second return and keeps the ones already sent", async () => {
    const { teacher, assignment, byName } = setup;
    expect((await teacher.client.post(`/api/submissions/${byName["Dev Shah"]!.id}/accept`)).status).toBe(200);
    const again = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.data.created.map((link: Created) => link.studentName)).toEqual(["Dev Shah"]);
    // The default term.
    expect((Date.parse(again.data.created[0].expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(59.9);
    expect(again.data.view.links).toHaveLength(4);
    for (const link of created) expect((await anonymous().get(new URL(link.url).pathname)).status).toBe(200);
    const nothingNew = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { expiresInDays: 10 });
    expect(nothingNew.data.created).toEqual([]);
  });

  it("shows a link whose term has run out as no longer active, and a new return replaces it", async () => {
    const { teacher, assignment } = setup;
    const ana = created.find((link) => link.studentName === "Ana Ortiz")!;
    await db().update(feedbackLinks).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(feedbackLinks.id, ana.id));
    const page = await anonymous().get(new URL(ana.url).pathname);
    expect(page.status).toBe(410);
    expect(page.text).toContain("This link is no longer active");
    expect(page.text).not.toContain("Ana Ortiz");
    const view = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`)).data;
    expect(view.readyCount).toBe(1);
    expect(view.links.find((link: { id: string }) => link.id === ana.id).status).toBe("expired");
    const renewed = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { expiresInDays: 7 });
    expect(renewed.data.created.map((link: Created) => link.studentName)).toEqual(["Ana Ortiz"]);
    expect((await anonymous().get(new URL(renewed.data.created[0].url).pathname)).status).toBe(200);
    expect((await anonymous().get(new URL(ana.url).pathname)).status).toBe(410);
  });

  it("gives one student a new link in place of a lost one, which stops working", async () => {
    const { teacher } = setup;
    const ben = created.find((link) => link.studentName === "Ben Cole")!;
    const other = await createSignedInTeacher(server.url, db(), "retthief");
    expect((await other.client.post(`/api/feedback-links/${ben.id}/replace`)).status).toBe(404);
    expect((await teacher.client.post(`/api/feedback-links/not-a-link/replace`)).status).toBe(404);
    const replaced = await teacher.client.post(`/api/feedback-links/${ben.id}/replace`);
    expect(replaced.status, replaced.text).toBe(200);
    const [fresh] = replaced.data.created as Created[];
    expect(fresh).toMatchObject({ studentName: "Ben Cole", expiresAt: ben.expiresAt, emailedTo: null });
    expect((await anonymous().get(new URL(ben.url).pathname)).status).toBe(410);
    expect((await anonymous().get(new URL(fresh!.url).pathname)).status).toBe(200);
    const chloe = created.find((link) => link.studentName === "Chloe Park")!;
    const again = await teacher.client.post(`/api/feedback-links/${chloe.id}/replace`);
    const chloeNow = again.data.view.links.find((link: { studentName: string }) => link.studentName === "Chloe Park");
    // Shown to the teacher to pass on, not e-mailed again.
    expect(chloeNow.email).toMatchObject({ status: "none", to: "chloe@pupils.test" });
    created = created.map((link) => (link.id === chloe.id ? again.data.created[0] : link));
    expect((await teacher.client.post(`/api/feedback-links/${ben.id}/replace`)).status).toBe(404);
    created = created.map((link) => (link.id === ben.id ? fresh! : link));
  });

  it("tells the student their teacher is looking again while a returned grade is back in review", async () => {
    const { teacher, byName } = setup;
    const chloe = created.find((link) => link.studentName === "Chloe Park")!;
    const regrade = await teacher.client.post(`/api/submissions/${byName["Chloe Park"]!.id}/regrade`, { confirm: true });
    expect(regrade.status, regrade.text).toBe(200);
    const page = await anonymous().get(new URL(chloe.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Your score");
    expect(page.text).toContain("Your teacher is looking at this work again");
    await waitForGrading(teacher.client, setup.assignment.id);
  });

  it("answers 404 to another teacher and says what to fix in bad input", async () => {
    const other = await createSignedInTeacher(server.url, db(), "retother");
    const path = `/api/assignments/${setup.assignment.id}/feedback-links`;
    for (const response of [await other.client.get(path), await other.client.post(path, {}), await other.client.delete(path)]) {
      expect(response.status).toBe(404);
      expect(response.data.error.code).toBe("not_found");
    }
    expect((await anonymous().get(path)).status).toBe(401);
    const bad = await setup.teacher.client.post(path, { expiresInDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatchObject({ code: "validation_failed", fields: { expiresInDays: "Give the number of days the links work, from 1 to 365" } });
    const tooLong = await setup.teacher.client.post(path, { expiresInDays: 400 });
    expect(tooLong.data.error.fields.expiresInDays).toBe("Links can work for at most 365 days; give a shorter term");
  });

  it("refuses to return when nothing has been reviewed", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "retnone");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const response = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, {});
    expect(response.status).toBe(409);
    expect(response.data.error.message).toContain("Review or accept grades first");
  });

  it("revokes every link at once", async () => {
    const { teacher, assignment } = setup;
    const live = (await db().select().from(feedbackLinks).where(eq(feedbackLinks.assignmentId, assignment.id))).filter((row) => !row.revokedAt);
    expect(live.length).toBe(4);
    const revoked = await teacher.client.delete(`/api/assignments/${assignment.id}/feedback-links`);
    expect(revoked.status).toBe(200);
    expect(revoked.data).toMatchObject({ revokedCount: 4, links: [] });
    const ben = created.find((link) => link.studentName === "Ben Cole")!;
    const page = await anonymous().get(new URL(ben.url).pathname);
    expect(page.status).toBe(410);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.text).toContain("This link is no longer active");
    expect(page.text).not.toContain("Ben Cole");
  });
});

describe(`work put under another student after it was returned (${testDatabaseKind})`, () => {
  it("withdraws the former student's link at once, lists the work to return again and links the student it belongs to now", async () => {
    const { teacher, assignment, byName } = await classWithReviews("ren");
    const roster = await teacher.client.put(`/api/assignments/${assignment.id}/roster`, {
      text: "Name,ID,Email\nAna Ortiz,101,ana@pupils.test\nBen Cole,102,\nChloe Park,103,chloe@pupils.test\nDev Shah,104,dev@pupils.test\nEve Lane,105,eve@pupils.test",
    });
    expect(roster.status, roster.text).toBe(200);
    const returned = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { expiresInDays: 30 });
    expect(returned.status, returned.text).toBe(200);
    const linkOf = (name: string) => new URL((returned.data.created as Created[]).find((link) => link.studentName === name)!.url).pathname;
    expect((await anonymous().get(linkOf("Ana Ortiz"))).status).toBe(200);

    // Ana's paper was Eve's: the link e-mailed to Ana must not show Eve's work and grade.
    const renamed = await teacher.client.patch(`/api/submissions/${byName["Ana Ortiz"]!.id}`, { studentName: "Eve Lane" });
    expect(renamed.status, renamed.text).toBe(200);
    const page = await anonymous().get(linkOf("Ana Ortiz"));
    expect(page.status).toBe(410);
    expect(page.text).not.toContain("Eve Lane");
    const [withdrawn] = await db().select().from(feedbackLinks).where(eq(feedbackLinks.submissionId, byName["Ana Ortiz"]!.id));
    expect(withdrawn).toMatchObject({ revokedBecause: "student_changed", emailedTo: "ana@pupils.test" });

    const view = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`)).data;
    expect(view.links.map((link: { studentName: string }) => link.studentName)).toEqual(["Ben Cole", "Chloe Park"]);
    expect(view).toMatchObject({ readyCount: 1, returnAgain: [{ submissionId: byName["Ana Ortiz"]!.id, studentName: "Eve Lane" }] });

    // A spelling fix of the same student's name keeps their link.
    expect((await teacher.client.patch(`/api/submissions/${byName["Chloe Park"]!.id}`, { studentName: "chloe  park" })).status).toBe(200);
    expect((await anonymous().get(linkOf("Chloe Park"))).status).toBe(200);

    const again = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { expiresInDays: 30 });
    expect(again.status, again.text).toBe(200);
    expect(again.data.created.map((link: Created) => [link.studentName, link.emailedTo])).toEqual([["Eve Lane", null]]);
    expect(again.data.view.returnAgain).toEqual([]);
    const eve = await anonymous().get(new URL(again.data.created[0].url).pathname);
    expect(eve.status).toBe(200);
    expect(eve.text).toContain("Eve Lane");
  });
});

describe(`returning through a school's mail server (${testDatabaseKind})`, () => {
  it("e-mails each student with an address their own link, naming the teacher and the assignment", async () => {
    const { teacher, assignment } = await classWithReviews("retsmtp");
    const sent: MailMessage[] = [];
    const mailServer: Mailer = { transport: "smtp", send: async (message) => void sent.push(message), forgetMailTo: async () => undefined };
    const result = await returnFeedback({ db: db(), mailer: mailServer, publicUrl: server.url, logger: server.deps.logger }, teacher.id, assignment.id, { expiresInDays: 60, sendEmails: true });
    expect(result.created.map((link) => [link.studentName, link.emailedTo])).toEqual([
      ["Ana Ortiz", "ana@pupils.test"],
      ["Ben Cole", null],
      ["Chloe Park", "chloe@pupils.test"],
    ]);
    expect(sent.map((mail) => mail.to)).toEqual([["ana@pupils.test"], ["chloe@pupils.test"]]);
    // The mail names the teacher and the assignment, so a student can tell it from phishing.
    const [me] = await db().select({ name: users.name }).from(users).where(eq(users.id, teacher.id));
    expect(sent[0]!.subject).toBe(`Your feedback on Uniforms retsmtp from ${me!.name}`);
    expect(sent[0]!.text).toContain(`${me!.name} has returned your work on "Uniforms retsmtp"`);
    expect(sent[0]!.text).toContain(result.created[0]!.url);
    expect(result.view.links.map((link) => [link.studentName, link.email.status])).toEqual([
      ["Ana Ortiz", "sent"],
      ["Ben Cole", "none"],
      ["Chloe Park", "sent"],
    ]);
  });
});

describe(`a server that kept students' feedback mails in its outbox, upgraded (${testDatabaseKind})`, () => {
  it("no longer says those links were e-mailed and drops the mails holding them in plain text; mail a school's server sent stays sent", async () => {
    const { teacher, assignment } = await classWithReviews("retupgrade");
    // As before the 2026-11-29 addendum of decision 019: Ana's mail only reached the outbox, yet her link said sent.
    // Chloe's went through a mail server (the school set SMTP_URL later, say) and was delivered.
    const keptMail: Mailer = {
      transport: "smtp",
      send: async (message) => void (message.to.includes("ana@pupils.test") && (await db().insert(outbox).values(message))),
      forgetMailTo: async () => undefined,
    };
    const returned = await returnFeedback({ db: db(), mailer: keptMail, publicUrl: server.url, logger: server.deps.logger }, teacher.id, assignment.id, { expiresInDays: 60, sendEmails: true });
    const anaToken = tokenOf(returned.created[0]!.url);
    await db().insert(outbox).values({ to: ["someone@school.test"], subject: "Reset your Markwise password", text: `${server.url}/api/auth/reset-password/keep-me` });

    const migration = readFileSync(new URL("../../src/server/db/migrations/0020_undelivered_feedback_mail.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db().execute(sql.raw(statement));

    const view = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`)).data;
    expect(view.links.map((link: { studentName: string; email: { status: string; to: string | null } }) => [link.studentName, link.email.status, link.email.to])).toEqual([
      ["Ana Ortiz", "none", "ana@pupils.test"],
      ["Ben Cole", "none", null],
      ["Chloe Park", "sent", "chloe@pupils.test"],
    ]);
    const kept = await db().select().from(outbox);
    expect(JSON.stringify(kept)).not.toContain(anaToken);
    expect(kept.some((mail) => mail.text.endsWith("/reset-password/keep-me"))).toBe(true);
    // The link itself still works: only what the teacher was told changes.
    expect((await anonymous().get(new URL(returned.created[0]!.url).pathname)).status).toBe(200);
  });
});

describe(`a server whose outbox folder kept students' feedback mails, started again (${testDatabaseKind})`, () => {
  it("removes those files, each holding a student's link, and keeps the account mails `npm run outbox` is for", async () => {
    const { teacher, assignment } = await classWithReviews("retfolder");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "markwise-kept-mail-"));
    const outboxDir = path.join(dataDir, "outbox");
    try {
      // As an earlier version kept them without SMTP_URL: one file per mail in DATA_DIR/outbox.
      const keptMail: Mailer = { transport: "smtp", send: (message) => writeOutboxFile(outboxDir, message), forgetMailTo: async () => undefined };
      const returned = await returnFeedback({ db: db(), mailer: keptMail, publicUrl: server.url, logger: server.deps.logger }, teacher.id, assignment.id, { expiresInDays: 60, sendEmails: true });
      await writeOutboxFile(outboxDir, { to: ["someone@school.test"], subject: "Reset your Markwise password", text: `${server.url}/api/auth/reset-password/keep-me` });
      expect(readdirSync(outboxDir)).toHaveLength(3);

      const restarted = await startTestServer({ env: { DATA_DIR: dataDir } });
      await restarted.stop();
      const left = readdirSync(outboxDir).map((name) => readFileSync(path.join(outboxDir, name), "utf8"));
      expect(left).toHaveLength(1);
      expect(left[0]).toContain("/reset-password/keep-me");
      expect(left.join("")).not.toContain(tokenOf(returned.created[0]!.url));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`archiving an assignment whose feedback was returned (${testDatabaseKind})`, () => {
  it("keeps its students' links and shared practice open, as the archive question tells the teacher, and lists them as open", async () => {
    const { teacher, assignment } = await classWithReviews("retarchive");
    const returned = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, {});
    expect(returned.status, returned.text).toBe(200);
    const practice = await teacher.client.post("/api/practice/from-class", { assignmentId: assignment.id });
    expect(practice.status, practice.text).toBe(201);
    const shared = await teacher.client.post(`/api/practice/${practice.data.quiz.id}/share`);
    expect(shared.status, shared.text).toBe(200);

    const current = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    const archived = await teacher.client.put(`/api/assignments/${assignment.id}`, { ...current, status: "archived" });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.data.status).toBe("archived");

    // What the archive question counts: the links still listed as working, and the class's shared quiz still open.
    const view = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`)).data;
    expect(view.links.map((link: { status: string }) => link.status)).toEqual(["active", "active", "active"]);
    const quizzes = (await teacher.client.get("/api/practice?kind=quiz")).data;
    expect(quizzes.find((set: { id: string }) => set.id === practice.data.quiz.id)).toMatchObject({ isOpen: true, assignment: { id: assignment.id } });
    for (const link of returned.data.created as Created[]) expect((await anonymous().get(new URL(link.url).pathname)).status).toBe(200);
    expect((await anonymous().get(`/api/shared-practice/${tokenOf(shared.data.shareUrl)}`)).status).toBe(200);
  });
});

describe(`returning when the mail server refuses (${testDatabaseKind})`, () => {
  it("keeps the links and tells the teacher which e-mails were not sent", async () => {
    const { teacher, assignment } = await classWithReviews("retmail");
    const refusing = { transport: "smtp" as const, send: async () => Promise.reject(new Error("550 mailbox unavailable")), forgetMailTo: async () => undefined };
    const result = await returnFeedback({ db: db(), mailer: refusing, publicUrl: server.url, logger: server.deps.logger }, teacher.id, assignment.id, { expiresInDays: 60, sendEmails: true });
    expect(result.created.map((link) => [link.studentName, link.emailedTo])).toEqual([
      ["Ana Ortiz", null],
      ["Ben Cole", null],
      ["Chloe Park", null],
    ]);
    const view = (await teacher.client.get(`/api/assignments/${assignment.id}/feedback-links`)).data;
    expect(view.links.map((link: { email: { status: string; to: string | null } }) => [link.email.status, link.email.to])).toEqual([
      ["failed", "ana@pupils.test"],
      ["none", null],
      ["failed", "chloe@pupils.test"],
    ]);
    expect(view.links[0].email.failure).toContain("Copy the link and send it another way");
    expect((await anonymous().get(new URL(result.created[0]!.url).pathname)).status).toBe(200);
  });

  it("sends nothing when the teacher says not to", async () => {
    const { teacher, assignment } = await classWithReviews("retquiet");
    const returned = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, { sendEmails: false });
    expect(returned.status).toBe(200);
    expect(returned.data.created.every((link: Created) => link.emailedTo === null)).toBe(true);
    expect(returned.data.view.links.map((link: { email: { status: string; to: string | null } }) => [link.email.status, link.email.to])).toEqual([
      ["none", "ana@pupils.test"],
      ["none", null],
      ["none", "chloe@pupils.test"],
    ]);
    const mails = await db().select().from(outbox);
    expect(mails.some((mail) => mail.subject.startsWith("Your feedback on Uniforms retquiet"))).toBe(false);
  });
});

describe(`guessing links (${testDatabaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "1" } });
  });
  afterAll(() => limited?.stop());

  it("stops answering an address after a few made-up links, but not for real links revoked", async () => {
    const teacher = await createSignedInTeacher(limited.url, limited.deps.database.db, "retguess");
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const pasted = await teacher.client.post(`/api/assignments/${assignment.id}/submissions/text`, { studentName: "Ana Ortiz", text: studentEssay(400, "Ana Ortiz") });
    expect(pasted.status, pasted.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    expect((await teacher.client.post(`/api/submissions/${pasted.data.created[0].submissionId}/accept`)).status).toBe(200);
    const returned = await teacher.client.post(`/api/assignments/${assignment.id}/feedback-links`, {});
    expect(returned.status, returned.text).toBe(200);
    expect((await teacher.client.delete(`/api/assignments/${assignment.id}/feedback-links`)).status).toBe(200);

    const client = new TestClient(limited.url);
    // A class behind one school address reopening their revoked links is not guessing.
    for (let attempt = 0; attempt < 5; attempt++) expect((await client.get(new URL(returned.data.created[0].url).pathname)).status).toBe(410);
    // Nor are links cut short by a mail program: no token has that shape.
    for (let attempt = 0; attempt < 5; attempt++) expect((await client.get(new URL(returned.data.created[0].url).pathname.slice(0, -5 - attempt))).status).toBe(410);
    for (let attempt = 0; attempt < 3; attempt++) expect((await client.get(`/feedback/${"x".repeat(40)}${attempt}ab`)).status).toBe(410);
    const refused = await client.get(`/feedback/${"y".repeat(43)}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(refused.text).toContain("Too many attempts");
    // A real link still answers as itself: one address guessing does not shut the school's students out.
    expect((await client.get(new URL(returned.data.created[0].url).pathname)).status).toBe(410);
  });
});
