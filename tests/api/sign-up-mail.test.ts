import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMessages } from "../../src/contracts/auth";
import { users } from "../../src/server/db/schema";
import { logCapture } from "../../src/server/log-capture";
import { uniqueTeacher } from "../support/accounts";
import { startFakeSmtpServer, type FakeSmtpServer } from "../support/fake-smtp-server";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

// Sign-up said "Check your email" when the mail server had refused the confirmation: better-auth sends it inside the
// request but only logs a failure. Only the mail server is faked here; a real SMTP conversation refuses the sender.
const { destination: logDestination, lines: logLines } = logCapture();
let smtp: FakeSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, logDestination });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(() => {
  smtp.refusing = false;
});

const client = () => new TestClient(server.url);
const signUp = (teacher: ReturnType<typeof uniqueTeacher>) => client().post("/api/auth/sign-up/email", { ...teacher, callbackURL: "/auth/confirmed" });
const resend = (email: string) => client().post("/api/auth/send-verification-email", { email, callbackURL: "/auth/confirmed" });
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

describe(`sign-up when the mail server refuses the confirmation (${testDatabaseKind})`, () => {
  it("says the e-mail could not be sent and what to do, keeps the account, and a resend works once mail does", async () => {
    const teacher = uniqueTeacher("nomail");
    smtp.refusing = true;
    const refused = await signUp(teacher);
    expect(refused.status).toBe(503);
    expect(refused.data).toEqual({ error: { code: "mail_not_sent", message: authMessages.confirmationNotSent, fields: {} } });
    expect(authMessages.confirmationNotSent).toBe(
      "We could not send the confirmation email, so your sign-up is not finished. Choose Resend confirmation link in a few minutes; if it still fails, tell whoever runs Markwise at your school.",
    );
    // The account waits for its confirmation, so signing up again is not needed (it would only mail the owner).
    const [stored] = await server.deps.database.db.select().from(users).where(eq(users.email, teacher.email));
    expect(stored).toMatchObject({ emailVerified: false });
    expect(logLines.join("")).toContain("mail could not be sent through SMTP_URL; the recipient did not get it");

    // Still refusing: the resend says so too, rather than "a new link is on its way".
    const stillRefused = await resend(teacher.email);
    expect(stillRefused.status).toBe(503);
    expect(stillRefused.data).toEqual({ error: { code: "mail_not_sent", message: authMessages.mailNotSent, fields: {} } });
    expect(mailsTo(teacher.email)).toHaveLength(0);

    smtp.refusing = false;
    const resent = await resend(teacher.email);
    expect(resent.status, resent.text).toBe(200);
    const [mail] = mailsTo(teacher.email);
    expect(mail?.data).toContain("Subject: Confirm your Markwise account");
    const link = new URL(mail!.data.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)![0]);
    const browser = client();
    const confirmed = await browser.get(link.pathname + link.search);
    expect(confirmed.status).toBe(302);
    expect((await browser.get("/api/auth/get-session")).data.user.email).toBe(teacher.email);
  });

  it("answers a duplicate address exactly like a new one, so a refusing mail server tells no one which addresses have accounts", async () => {
    const owner = uniqueTeacher("owner");
    expect((await signUp(owner)).status).toBe(200);
    smtp.refusing = true;
    const duplicate = await signUp({ ...uniqueTeacher("dup"), email: owner.email });
    const fresh = await signUp(uniqueTeacher("fresh"));
    expect(duplicate.status).toBe(503);
    expect(duplicate.data).toEqual(fresh.data);
  });

  it("answers 200 as before when the mail server takes the confirmation", async () => {
    const teacher = uniqueTeacher("mailok");
    const response = await signUp(teacher);
    expect(response.status, response.text).toBe(200);
    expect(mailsTo(teacher.email)).toHaveLength(1);
  });
});
