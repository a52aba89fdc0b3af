import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/server/db/schema";
import { createSignedInTeacher, latestMailTo, uniqueTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const db = () => server.deps.database.db;
const client = () => new TestClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

function pathOf(link: string | undefined): string {
  const url = new URL(link!);
  return url.pathname + url.search;
}

describe(`sign-up and confirmation (${testDatabaseKind})`, () => {
  it("signs up, refuses sign-in until the e-mail is confirmed, then the outbox link signs in and lands on the confirmation page", async () => {
    const teacher = uniqueTeacher();
    const browser = client();
    const signUp = await browser.post("/api/auth/sign-up/email", { ...teacher, name: teacher.username, callbackURL: "/auth/confirmed" });
    expect(signUp.status).toBe(200);
    expect(signUp.data.token).toBeNull();
    const [stored] = await db().select().from(users).where(eq(users.email, teacher.email));
    expect(stored).toMatchObject({ username: teacher.username, emailVerified: false });

    const early = await browser.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password });
    expect(early.status).toBe(403);
    expect(early.data.error).toEqual({
      code: "email_not_verified",
      message: "Your email address is not confirmed yet. Check your inbox for the confirmation link, or send a new one.",
      fields: {},
    });

    const resend = await browser.post("/api/auth/send-verification-email", { email: teacher.email, callbackURL: "/auth/confirmed" });
    expect(resend.status).toBe(200);

    const mail = await latestMailTo(db(), teacher.email);
    expect(mail.subject).toBe("Confirm your Markwise account");
    const confirm = await browser.get(pathOf(mail.link));
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/auth/confirmed");
    const session = await browser.get("/api/auth/get-session");
    expect(session.data.user.email).toBe(teacher.email);
    expect((await db().select().from(users).where(eq(users.email, teacher.email)))[0]!.emailVerified).toBe(true);
  });

  it("signs up with the spec's fields alone (username, e-mail, password): the username stands in for the name", async () => {
    const teacher = uniqueTeacher("noname");
    const signUp = await client().post("/api/auth/sign-up/email", { ...teacher, callbackURL: "/auth/confirmed" });
    expect(signUp.status, signUp.text).toBe(200);
    const [stored] = await db().select().from(users).where(eq(users.email, teacher.email));
    expect(stored).toMatchObject({ username: teacher.username, name: teacher.username });
  });

  it("takes an e-mail with spaces around it as typed without them, and refuses an avatar at sign-up, storing nothing", async () => {
    const teacher = uniqueTeacher("spaced");
    const spaced = await client().post("/api/auth/sign-up/email", { ...teacher, email: `  ${teacher.email} `, callbackURL: "/auth/confirmed" });
    expect(spaced.status, spaced.text).toBe(200);
    expect(await db().select().from(users).where(eq(users.email, teacher.email))).toHaveLength(1);

    const other = uniqueTeacher("avatar");
    const withImage = await client().post("/api/auth/sign-up/email", { ...other, image: "javascript:alert(1)" });
    expect(withImage.status).toBe(400);
    expect(withImage.data.error.fields.image).toBe("The avatar is not set at sign-up: upload it at /api/profile/avatar once signed in");
    expect(await db().select().from(users).where(eq(users.email, other.email))).toHaveLength(0);
  });

  it("sends a tampered confirmation link to the confirmation page with an error", async () => {
    const response = await client().get("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fauth%2Fconfirmed");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/confirmed\?error=/);
  });

  it("checks the password and username rules on the server with the form's messages, storing nothing", async () => {
    const teacher = uniqueTeacher();
    const short = await client().post("/api/auth/sign-up/email", { ...teacher, password: "short" });
    expect(short.status).toBe(400);
    expect(short.data.error.fields.password).toBe("Password must be at least 8 characters");
    const noUsername = await client().post("/api/auth/sign-up/email", { ...teacher, username: " " });
    expect(noUsername.status).toBe(400);
    expect(noUsername.data.error.fields.username).toBe("Username is required");
    expect(await db().select().from(users).where(eq(users.email, teacher.email))).toHaveLength(0);
  });

  it("answers a duplicate e-mail exactly like a new sign-up and tells the owner by mail instead", async () => {
    const existing = await createSignedInTeacher(server.url, db(), "dupe");
    const again = await client().post("/api/auth/sign-up/email", { email: existing.email, password: "another password", username: `${existing.username.slice(0, 20)}x2`, name: "x" });
    expect(again.status).toBe(200);
    expect(again.data.token).toBeNull();
    expect((await latestMailTo(db(), existing.email)).subject).toBe("You already have a Markwise account");
    expect(await db().select().from(users).where(eq(users.email, existing.email))).toHaveLength(1);
  });

  it("takes any username a teacher goes by (spaces, accents), signs in with it in any case, and refuses it twice or over 50 characters", async () => {
    const teacher = { ...uniqueTeacher(), username: `Ms Élodie Rivera ${Date.now().toString(36)}` };
    const browser = client();
    expect((await browser.post("/api/auth/sign-up/email", { ...teacher, name: "Élodie Rivera", callbackURL: "/auth/confirmed" })).status).toBe(200);
    const { link } = await latestMailTo(db(), teacher.email);
    expect((await browser.get(new URL(link!).pathname + new URL(link!).search)).status).toBe(302);

    const byUsername = client();
    expect((await byUsername.post("/api/auth/sign-in/username", { username: teacher.username.toUpperCase(), password: teacher.password })).status).toBe(200);
    expect((await byUsername.get("/api/auth/get-session")).data.user.email).toBe(teacher.email);

    const twice = await client().post("/api/auth/sign-up/email", { ...uniqueTeacher(), username: teacher.username.toLowerCase() });
    expect(twice.status).toBe(400);
    expect(twice.data.error.message).toBe("Username is already taken. Please try another.");
    const long = await client().post("/api/auth/sign-up/email", { ...uniqueTeacher(), username: "x".repeat(51) });
    expect(long.status).toBe(400);
    expect(long.data.error.fields.username).toBe("Username must be at most 50 characters");
  });

  it("answers better-auth's own checks in the app's words and shape: fields named, the password's length given, bad JSON said once", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "authwords");
    const empty = await teacher.client.post("/api/auth/change-password", {});
    expect(empty.status).toBe(400);
    expect(empty.data.error.code).toBe("validation_failed");
    expect(empty.data.error.fields).toMatchObject({ newPassword: "Required: send newPassword as text", currentPassword: "Required: send currentPassword as text" });
    expect(empty.data.error.message).not.toMatch(/\[body\.|Invalid input/);
    const short = await teacher.client.post("/api/auth/change-password", { currentPassword: teacher.password, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.data.error.message).toBe("Password must be at least 8 characters");
    expect(short.data.error.fields).toEqual({ password: "Password must be at least 8 characters" });
    const badJson = await teacher.client.request("POST", "/api/auth/change-password", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(badJson.status).toBe(400);
    expect(badJson.data.error.message).toBe("The request body is not valid JSON.");
    const taken = await client().post("/api/auth/sign-up/email", { ...uniqueTeacher(), username: teacher.username });
    expect(taken.data.error.fields.username).toBe(taken.data.error.message);
  });

  it("refuses a duplicate username with a clear message", async () => {
    const existing = await createSignedInTeacher(server.url, db(), "taken");
    const response = await client().post("/api/auth/sign-up/email", { ...uniqueTeacher(), username: existing.username });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe("Username is already taken. Please try another.");
  });

  it("changes a teacher's names through update-user, and refuses what is not a name, field by field, storing nothing", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "rename");
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ username: 123 }, "username", "Username must be text"],
      [{ username: ["a"] }, "username", "Username must be text"],
      [{ username: null }, "username", "Username is required"],
      [{ username: "x".repeat(51) }, "username", "Username must be at most 50 characters"],
      [{ name: null }, "name", "Name must be text"],
      [{ name: { a: 1 } }, "name", "Name must be text"],
      [{ name: "" }, "name", "Name cannot be empty"],
      [{ name: "n".repeat(100_001) }, "name", "Keep the name within 100 characters"],
    ];
    for (const [body, field, message] of refused) {
      const response = await teacher.client.post("/api/auth/update-user", body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.data.error.fields[field]).toBe(message);
    }
    const image = await teacher.client.post("/api/auth/update-user", { image: "javascript:alert(1)" });
    expect(image.status).toBe(400);
    expect(image.data.error.fields.body).toBe("Only username, displayUsername and name can be changed here; the avatar is changed at /api/profile/avatar");
    const [stored] = await db().select({ username: users.username, name: users.name, image: users.image }).from(users).where(eq(users.id, teacher.id));
    expect(stored).toMatchObject({ username: teacher.username.toLowerCase(), image: null });

    const renamed = await teacher.client.post("/api/auth/update-user", { username: "Ms Rivera", displayUsername: "Ms Rivera" });
    expect(renamed.status, renamed.text).toBe(200);
    const [after] = await db().select({ username: users.username }).from(users).where(eq(users.id, teacher.id));
    expect(after!.username).toBe("ms rivera");
  });
});

describe(`sign-in, sessions and sign-out (${testDatabaseKind})`, () => {
  it("signs in by e-mail and by username, refuses a wrong password", async () => {
    const teacher = await createSignedInTeacher(server.url, db());
    const byEmail = client();
    expect((await byEmail.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);
    expect((await byEmail.get("/api/profile-text")).status).toBe(200);

    const byUsername = client();
    expect((await byUsername.post("/api/auth/sign-in/username", { username: teacher.username, password: teacher.password })).status).toBe(200);
    expect((await byUsername.get("/api/auth/get-session")).data.user.email).toBe(teacher.email);

    const wrong = await client().post("/api/auth/sign-in/email", { email: teacher.email, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toEqual({ code: "invalid_email_or_password", message: "Invalid email or password", fields: {} });
    // A missing field is named in words, with the field, not as the auth library's "[body.email] Invalid input".
    const missing = await new TestClient(server.url).post("/api/auth/sign-in/email", { password: "whatever" });
    expect(missing.status).toBe(400);
    expect(missing.data.error.fields).toEqual({ email: "Email is required" });
    const reset = await new TestClient(server.url).post("/api/auth/request-password-reset", {});
    expect(reset.data.error.fields).toEqual({ email: "Email is required" });
  });

  it("sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const teacher = await createSignedInTeacher(server.url, db());
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: teacher.email, password: teacher.password }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("markwise.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("guards API routes: 401 in the error shape without a session, the data with one, and again 401 after sign-out", async () => {
    const anonymous = await client().get("/api/profile-text");
    expect(anonymous.status).toBe(401);
    expect(anonymous.data.error).toEqual({ code: "unauthorized", message: "Sign in to continue.", fields: {} });
    // The account routes better-auth answers say the same.
    const changePassword = await client().post("/api/auth/change-password", { currentPassword: "a long old password", newPassword: "a long new password" });
    expect(changePassword.status).toBe(401);
    expect(changePassword.data.error).toEqual({ code: "unauthorized", message: "Sign in to continue.", fields: {} });

    const teacher = await createSignedInTeacher(server.url, db());
    expect((await teacher.client.put("/api/profile-text", { bio: "I teach 9th grade English." })).status).toBe(200);
    expect((await teacher.client.get("/api/profile-text")).data).toEqual({ bio: "I teach 9th grade English." });

    const signOut = await teacher.client.post("/api/auth/sign-out", {});
    expect(signOut.status).toBe(200);
    expect((await teacher.client.get("/api/profile-text")).status).toBe(401);
  });

  it("refuses a cookie-carrying sign-in without an Origin header", async () => {
    const teacher = await createSignedInTeacher(server.url, db());
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "markwise.session_token=whatever" },
      body: JSON.stringify({ email: teacher.email, password: teacher.password }),
    });
    expect(response.status).toBe(403);
    // Our own Origin check (origin-check.ts) answers before better-auth's, in the same shape.
    expect((await response.json()).error).toMatchObject({ code: "forbidden", message: "This request has no Origin header; send it from Markwise itself." });
  });

  it("explains that Google sign-in is not enabled when it is not configured", async () => {
    const status = await client().get("/api/auth-providers/google");
    expect(status.data).toEqual({ enabled: false, message: "Your school has not enabled Google sign-in for Markwise. Sign in with your email and password instead." });
    const attempt = await client().post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/app" });
    expect(attempt.status).toBe(403);
    expect(attempt.data.error.message).toBe(status.data.message);
  });
});

describe(`password reset (${testDatabaseKind})`, () => {
  it("resets the password from the e-mailed link and ends every other session", async () => {
    const teacher = await createSignedInTeacher(server.url, db());
    const otherDevice = client();
    await otherDevice.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password });
    expect((await otherDevice.get("/api/profile-text")).status).toBe(200);

    const request = await client().post("/api/auth/request-password-reset", { email: teacher.email, redirectTo: "/auth/reset-password" });
    expect(request.status).toBe(200);
    const mail = await latestMailTo(db(), teacher.email);
    expect(mail.subject).toBe("Reset your Markwise password");
    const follow = await client().get(pathOf(mail.link));
    expect(follow.status).toBe(302);
    const token = new URL(follow.headers.get("location")!, server.url).searchParams.get("token");
    expect(token).toBeTruthy();

    const tooShort = await client().post("/api/auth/reset-password", { newPassword: "short", token });
    expect(tooShort.status).toBe(400);
    expect(tooShort.data.error.fields.newPassword).toBe("Password must be at least 8 characters");

    const reset = await client().post("/api/auth/reset-password", { newPassword: "a brand new passphrase", token });
    expect(reset.status).toBe(200);
    // The link used once already says what to do, not "Invalid token".
    const again = await client().post("/api/auth/reset-password", { newPassword: "another new passphrase", token });
    expect(again.status).toBe(400);
    expect(again.data.error.message).toBe("This link has expired or was already used. Ask for a new one from the sign-in page (Forgot password?).");
    expect((await otherDevice.get("/api/profile-text")).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, teacher.id))).toHaveLength(0);

    expect((await client().post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(401);
    expect((await client().post("/api/auth/sign-in/email", { email: teacher.email, password: "a brand new passphrase" })).status).toBe(200);
  });
});

describe(`two-factor (${testDatabaseKind})`, () => {
  it("enables TOTP with a verified code, then sign-in needs a code before there is a session", async () => {
    const teacher = await createSignedInTeacher(server.url, db());
    const enable = await teacher.client.post("/api/auth/two-factor/enable", { password: teacher.password });
    expect(enable.status).toBe(200);
    expect(enable.data.totpURI).toMatch(/^otpauth:\/\/totp\/Markwise:/);
    expect(enable.data.backupCodes.length).toBeGreaterThanOrEqual(8);
    const totp = OTPAuth.URI.parse(enable.data.totpURI) as OTPAuth.TOTP;
    expect((await teacher.client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, teacher.id)))[0]!.twoFactorEnabled).toBe(true);

    const laptop = client();
    const first = await laptop.post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password });
    expect(first.status).toBe(200);
    expect(first.data.twoFactorRedirect).toBe(true);
    expect((await laptop.get("/api/profile-text")).status).toBe(401);

    const wrongCode = await laptop.post("/api/auth/two-factor/verify-totp", { code: "000000" === totp.generate() ? "111111" : "000000" });
    expect(wrongCode.status).toBe(401);
    const second = await laptop.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(second.status).toBe(200);
    expect((await laptop.get("/api/profile-text")).status).toBe(200);
  });
});

describe(`rate limits (${testDatabaseKind})`, () => {
  it("answers 429 with when to try again after too many sign-in attempts for one account, shared through the database", async () => {
    const limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
    try {
      const attempt = () => new TestClient(limited.url).post("/api/auth/sign-in/email", { email: "someone@school.test", password: "wrong password" });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.data.error.code).toBe("rate_limited");
      expect(blocked.data.error.message).toMatch(/^Too many attempts\. Try again in \d+ (minutes?|seconds?)\.$/);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      const other = await new TestClient(limited.url).post("/api/auth/sign-in/email", { email: "other@school.test", password: "wrong password" });
      expect(other.status).toBe(401);
      // The same guess sent as "Application/JSON" (which better-auth reads) is counted, and a form post is refused unread.
      const capitalised = await new TestClient(limited.url).request("POST", "/api/auth/sign-in/email", { body: JSON.stringify({ email: "someone@school.test", password: "wrong password" }), headers: { "content-type": "Application/JSON" } });
      expect(capitalised.status).toBe(429);
      const form = await new TestClient(limited.url).request("POST", "/api/auth/sign-in/email", { body: new URLSearchParams({ email: "someone@school.test", password: "wrong password" }) });
      expect(form.status).toBe(415);
      expect(form.data.error.message).toBe("Send the request body as JSON, with Content-Type: application/json.");
    } finally {
      await limited.stop();
    }
  });

  it("counts wrong guesses, not sign-ins that succeed: a staff behind one school address is not locked out", async () => {
    const limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "2" } });
    try {
      const teacher = await createSignedInTeacher(limited.url, limited.deps.database.db, "shared");
      // Twice the address's budget of six (three times the limit), every one with the right password.
      for (let i = 0; i < 12; i += 1) expect((await new TestClient(limited.url).post("/api/auth/sign-in/email", { email: teacher.email, password: teacher.password })).status).toBe(200);
      const wrong = () => new TestClient(limited.url).post("/api/auth/sign-in/email", { email: teacher.email, password: "wrong password" });
      for (let i = 0; i < 2; i += 1) expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  // Issue 15, finding 7.
  it("spends one budget across e-mail and username, per address: a stranger cannot lock the teacher out, nor dodge it by writing X-Forwarded-For", async () => {
    const limited = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "true", TRUSTED_PROXY_COUNT: "1" } });
    try {
      const teacher = await createSignedInTeacher(limited.url, limited.deps.database.db, "budget");
      // The proxy appends the address it saw; anything to its left was written by the client.
      const from = (address: string, spoofed: string) => ({ "x-forwarded-for": `${spoofed}, ${address}` });
      const signIn = (route: "email" | "username", address: string, password: string, spoofed = "203.0.113.9") =>
        new TestClient(limited.url).request("POST", `/api/auth/sign-in/${route}`, {
          json: route === "email" ? { email: teacher.email, password } : { username: teacher.username, password },
          headers: from(address, spoofed),
        });
      const stranger = "198.51.100.7";
      for (let i = 0; i < 3; i += 1) expect((await signIn(i % 2 ? "username" : "email", stranger, "wrong password", `10.0.0.${i}`)).status).toBe(401);
      expect((await signIn("username", stranger, "wrong password", "10.9.9.9")).status).toBe(429);
      // A decoy e-mail beside the username does not move the guesses onto another account's budget.
      const decoy = await new TestClient(limited.url).request("POST", "/api/auth/sign-in/username", { json: { username: teacher.username, email: "decoy@school.test", password: "wrong password" }, headers: from(stranger, "10.7.7.7") });
      expect(decoy.status).toBe(429);
      expect((await signIn("email", stranger, teacher.password, "10.8.8.8")).status).toBe(429);
      // The teacher, from their own address, signs in as usual.
      expect((await signIn("email", "192.0.2.44", teacher.password)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe(`profile photo (${testDatabaseKind})`, () => {
  const tinyPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  const upload = (teacher: Awaited<ReturnType<typeof createSignedInTeacher>>, bytes: Uint8Array) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
    return teacher.client.request("PUT", "/api/profile/avatar", { body: form });
  };

  it("takes a whole image, and refuses a cut-off one or one too large to draw, saying what to do", async () => {
    const teacher = await createSignedInTeacher(server.url, server.deps.database.db, "avatar");
    expect((await upload(teacher, tinyPng)).status).toBe(200);

    const cut = await upload(teacher, tinyPng.subarray(0, tinyPng.length - 20));
    expect(cut.status).toBe(422);
    expect(cut.data.error.message).toBe("The image looks damaged or incomplete. Save it again (or take a screenshot of it) and upload the new copy.");

    // The same PNG with a header claiming 20000 x 20000 pixels: the browser would decode gigabytes to draw it.
    const huge = Buffer.from(tinyPng);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    // With its header's checksum made again: a header failing it is damaged, not large.
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const tooBig = await upload(teacher, huge);
    expect(tooBig.status).toBe(422);
    expect(tooBig.data.error.fields.file).toBe("The image is 20000 x 20000 pixels; an avatar can be at most 4096 pixels on each side. Resize it and upload it again.");

    const heavy = await upload(teacher, Buffer.alloc(600 * 1024, 1));
    expect(heavy.status).toBe(413);
    expect(heavy.data.error).toMatchObject({ code: "payload_too_large", message: "The image is too large. Choose one under 512 KB." });
  });
});
