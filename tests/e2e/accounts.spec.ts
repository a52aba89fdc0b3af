import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/contracts/auth";
import { outbox, users } from "../../src/server/db/schema";
import { createSignedInTeacher, latestMailTo, uniqueTeacher } from "../support/accounts";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { TestClient } from "../support/http";
import { textOf } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  // Every sign-up and sign-in here comes from 127.0.0.1: raise the per-IP limits so the suite is not throttled.
  app = await startE2eApp({ env: { AUTH_RATE_LIMIT_MAX: "200" } });
});
afterAll(() => app?.stop());

const db = () => app.server.deps.database.db;
const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

const signedInMessage = "Signed in. Taking you to your dashboard...";
const resetRequested = "If an account exists for that address, we sent a link to reset the password.";

async function openPage(path: string, viewport = desktop): Promise<Page> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(10_000);
  await page.goto(`${app.url}${path}`);
  return page;
}

async function openAuth(viewport = desktop): Promise<Page> {
  const page = await openPage("/auth", viewport);
  await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
  return page;
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

function linkPath(link: string | undefined): string {
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The dashboard at /app, with its sidebar: the session is real, not a flash before a redirect to /auth. */
async function expectDashboard(page: Page) {
  await page.waitForURL(`${app.url}/app`);
  await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Sign Out" }).waitFor();
  expect(pathOf(page)).toBe("/app");
}

async function fillSignIn(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username", { exact: true }).fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

/** Chromium logs every 4xx answer as a console error; the ones a test provokes on purpose are allowed. */
function expectOnlyExpectedConsoleErrors(page: Page, statuses: number[]) {
  const unexpected = app.consoleErrors(page).filter((line) => !statuses.some((status) => line.includes(`status of ${status}`)));
  expect(unexpected).toEqual([]);
}

async function signUpThroughApi(teacher = uniqueTeacher()) {
  const response = await new TestClient(app.url).post("/api/auth/sign-up/email", { ...teacher, name: teacher.username, callbackURL: "/auth/confirmed" });
  expect(response.status).toBe(200);
  return teacher;
}

async function mailCountTo(email: string): Promise<number> {
  const mails = await db().select().from(outbox);
  return mails.filter((mail) => mail.to.includes(email)).length;
}

/** Nothing wider than the viewport, and no clipped text. */
async function expectFits(page: Page, width: number) {
  const { scrollWidth, overflowing } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    overflowing: [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`),
  }));
  expect(overflowing).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

describe("sign-up and e-mail confirmation", () => {
  it("signs up in the browser, confirms with the link from the outbox, lands on /app and signs out from the sidebar", async () => {
    const teacher = uniqueTeacher("browser");
    const page = await openAuth();
    await page.getByRole("tab", { name: "Sign up" }).click();
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    expect(new URL(page.url()).searchParams.get("mode")).toBe("sign-up");
    await page.getByLabel("Username", { exact: true }).fill(teacher.username);
    await page.getByLabel("Email", { exact: true }).fill(teacher.email);
    await page.getByLabel("Password", { exact: true }).fill(teacher.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Create account" }).click();

    expect(await textOf(page.getByRole("status").filter({ hasText: authMessages.checkEmail }))).toBe(authMessages.checkEmail);
    const [stored] = await db().select().from(users).where(eq(users.email, teacher.email));
    expect(stored).toMatchObject({ username: teacher.username, emailVerified: false });

    const mail = await latestMailTo(db(), teacher.email);
    expect(mail.subject).toBe("Confirm your Markwise account");
    await page.goto(`${app.url}${linkPath(mail.link)}`);
    await expectDashboard(page);

    // The landing page's code arrives late, as on a slow network: sign-out must still end on /, not on /auth.
    await page.route(/\/assets\/landing-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    let releaseSignOut!: () => void;
    const signOutHeld = new Promise<void>((resolve) => (releaseSignOut = resolve));
    await page.route("**/api/auth/sign-out", async (route) => {
      await signOutHeld;
      await route.continue();
    });
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    await sidebar.getByRole("button", { name: "Signing out..." }).waitFor();
    releaseSignOut();
    await page.getByRole("heading", { level: 1, name: "AI Teaching Assistant" }).waitFor();
    expect(pathOf(page)).toBe("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();

    await page.goto(`${app.url}/app`);
    await page.waitForURL(`${app.url}/auth`);
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    app.assertNoConsoleErrors(page);
  });

  it("says the e-mail is not confirmed yet on sign-in, resends the link, and the new link works", async () => {
    const teacher = await signUpThroughApi(uniqueTeacher("early"));
    const page = await openAuth();
    await fillSignIn(page, teacher.email, teacher.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    const notice = page.getByRole("status").filter({ hasText: authMessages.emailNotVerified });
    expect(await textOf(notice.locator("p").first())).toBe(authMessages.emailNotVerified);
    expect(pathOf(page)).toBe("/auth");

    const before = await mailCountTo(teacher.email);
    await notice.getByRole("button", { name: "Resend confirmation link" }).click();
    await notice.getByText("is waiting for confirmation, a new link is on its way").waitFor();
    expect(await mailCountTo(teacher.email)).toBe(before + 1);

    await page.goto(`${app.url}${linkPath((await latestMailTo(db(), teacher.email)).link)}`);
    await expectDashboard(page);
    expectOnlyExpectedConsoleErrors(page, [403]);
  });

  it("asks for the username and matching passwords, with the spec's messages, and creates nothing", async () => {
    const teacher = uniqueTeacher("invalid");
    const page = await openPage("/auth?mode=sign-up");
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(teacher.email);
    await page.getByLabel("Password", { exact: true }).fill(teacher.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(`${teacher.password}!`);
    await page.getByRole("button", { name: "Create account" }).click();

    await page.getByText(authMessages.usernameRequired, { exact: true }).waitFor();
    await page.getByText(authMessages.passwordsDiffer, { exact: true }).waitFor();
    const username = page.getByLabel("Username", { exact: true });
    expect(await username.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Confirm password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await username.evaluate((element) => element === document.activeElement)).toBe(true);

    // Fixing one field leaves the other's message in place.
    await username.fill(teacher.username);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(authMessages.passwordsDiffer, { exact: true }).waitFor();
    expect(await page.getByText(authMessages.usernameRequired, { exact: true }).count()).toBe(0);
    // An empty confirm box is asked for, not called a mismatch.
    await page.getByLabel("Confirm password", { exact: true }).fill("");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(authMessages.confirmRequired, { exact: true }).waitFor();
    expect(await db().select().from(users).where(eq(users.email, teacher.email))).toHaveLength(0);
    app.assertNoConsoleErrors(page);
  });

  it("shows the provider's message for a username that is taken", async () => {
    const existing = await createSignedInTeacher(app.url, db(), "taken");
    const newcomer = uniqueTeacher("newcomer");
    const page = await openPage("/auth?mode=sign-up");
    await page.getByLabel("Username", { exact: true }).fill(existing.username);
    await page.getByLabel("Email", { exact: true }).fill(newcomer.email);
    await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
    await page.getByLabel("Confirm password", { exact: true }).fill(newcomer.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Username is already taken. Please try another.", { exact: true }).waitFor();
    expect(await page.getByLabel("Username", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expectOnlyExpectedConsoleErrors(page, [400]);
  });

  it("explains an expired or used confirmation link and sends a new one", async () => {
    const teacher = await signUpThroughApi(uniqueTeacher("expired"));
    const page = await openPage("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fauth%2Fconfirmed");
    await page.getByRole("heading", { level: 1, name: "This confirmation link has expired or was already used" }).waitFor();
    expect(pathOf(page)).toBe("/auth/confirmed");
    expect(new URL(page.url()).searchParams.get("error")).toBeTruthy();

    await page.getByRole("button", { name: "Send a new confirmation link" }).click();
    await page.getByText(authMessages.emailRequired, { exact: true }).waitFor();

    const before = await mailCountTo(teacher.email);
    await page.getByLabel("Email", { exact: true }).fill(teacher.email);
    await page.getByRole("button", { name: "Send a new confirmation link" }).click();
    await page.getByText("is waiting for confirmation, a new link is on its way").waitFor();
    expect(await mailCountTo(teacher.email)).toBe(before + 1);

    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(`${app.url}/auth`);
    app.assertNoConsoleErrors(page);
  });
});

describe("sign-in", () => {
  it("signs in by e-mail and shows /app after the 1-second delay", async () => {
    const teacher = await createSignedInTeacher(app.url, db(), "byemail");
    const page = await openAuth();
    await fillSignIn(page, teacher.email, teacher.password);
    const clickedAt = Date.now();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("status").filter({ hasText: signedInMessage }).waitFor();
    expect(pathOf(page)).toBe("/auth");
    await expectDashboard(page);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1000);
    app.assertNoConsoleErrors(page);
  });

  it("signs in by username", async () => {
    const teacher = await createSignedInTeacher(app.url, db(), "byname");
    const page = await openAuth(phone);
    await fillSignIn(page, teacher.username, teacher.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("status").filter({ hasText: signedInMessage }).waitFor();
    await page.waitForURL(`${app.url}/app`);
    expect((await page.evaluate(async () => (await (await fetch("/api/auth/get-session")).json()) as { user: { email: string } })).user.email).toBe(teacher.email);
    app.assertNoConsoleErrors(page);
  });

  it("shows the provider's message for a wrong password and the field messages for empty fields", async () => {
    const teacher = await createSignedInTeacher(app.url, db(), "wrongpw");
    const page = await openAuth();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Enter your email or username", { exact: true }).waitFor();
    await page.getByText("Enter your password", { exact: true }).waitFor();

    await fillSignIn(page, teacher.email, "not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await textOf(page.getByRole("alert"))).toBe("Invalid email or password");
    expect(pathOf(page)).toBe("/auth");
    expectOnlyExpectedConsoleErrors(page, [401]);
  });

  it("says when to try again after too many attempts", async () => {
    const page = await openAuth();
    const message = "Too many attempts. Try again in 14 minutes.";
    await page.route("**/api/auth/sign-in/email", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: { code: "rate_limited", message } }) }),
    );
    await fillSignIn(page, "someone@school.test", "whatever password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await textOf(page.getByRole("alert"))).toBe(message);
    expectOnlyExpectedConsoleErrors(page, [429]);
  });

  it("falls back to An unexpected error occurred when the answer has no message", async () => {
    const page = await openAuth();
    await page.route("**/api/auth/sign-in/username", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    await fillSignIn(page, "someone", "whatever password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await textOf(page.getByRole("alert"))).toBe(authMessages.unexpected);
    expectOnlyExpectedConsoleErrors(page, [502]);
  });

  it("explains that Google sign-in is not enabled instead of failing", async () => {
    const page = await openAuth();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByText(authMessages.googleDisabled, { exact: true }).waitFor();
    expect(pathOf(page)).toBe("/auth");
    app.assertNoConsoleErrors(page);
  });

  it("has a link back to the landing page", async () => {
    const page = await openAuth();
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.getByRole("heading", { level: 1, name: "AI Teaching Assistant" }).waitFor();
    expect(pathOf(page)).toBe("/");
    app.assertNoConsoleErrors(page);
  });
});

describe("guards", () => {
  it("sends a signed-in visitor from / and /auth to /app", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsNewTeacher(app, page, "guard");
    await page.goto(`${app.url}/`);
    await expectDashboard(page);
    await page.goto(`${app.url}/auth`);
    await expectDashboard(page);
    app.assertNoConsoleErrors(page);
  });

  it("sends a signed-out visitor from /app and /app/profile to /auth", async () => {
    const page = await openPage("/app");
    await page.waitForURL(`${app.url}/auth`);
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    await page.goto(`${app.url}/app/profile`);
    await page.waitForURL(`${app.url}/auth`);
    app.assertNoConsoleErrors(page);
  });
});

describe("password reset", () => {
  it("requests a link, sets a new password on the reset page, and signs in with it", async () => {
    const teacher = await createSignedInTeacher(app.url, db(), "reset");
    const page = await openAuth();
    await page.getByLabel("Email or username", { exact: true }).fill(teacher.email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(teacher.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    expect(await textOf(page.getByRole("status").filter({ hasText: resetRequested }))).toBe(resetRequested);

    const mail = await latestMailTo(db(), teacher.email);
    expect(mail.subject).toBe("Reset your Markwise password");
    await page.goto(`${app.url}${linkPath(mail.link)}`);
    await page.waitForURL((url) => url.pathname === "/auth/reset-password" && url.searchParams.has("token"));
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();

    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(authMessages.passwordTooShort, { exact: true }).waitFor();

    const newPassword = "a brand new passphrase";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("heading", { level: 1, name: "Password changed" }).waitFor();
    // The API session the teacher had before the reset has ended.
    expect((await teacher.client.get("/api/profile-text")).status).toBe(401);

    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    await fillSignIn(page, teacher.email, newPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectDashboard(page);
    app.assertNoConsoleErrors(page);
  });

  it("explains a reset link that has expired or was already used", async () => {
    const page = await openPage("/auth/reset-password?error=INVALID_TOKEN");
    await page.getByRole("heading", { level: 1, name: "This reset link has expired or was already used" }).waitFor();
    await page.getByRole("link", { name: "Send a new reset link" }).click();
    await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    app.assertNoConsoleErrors(page);
  });
});

describe("profile and two-factor", () => {
  it("enables two-factor on the profile page, then sign-in asks for a code (and accepts a backup code)", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(10_000);
    const teacher = await signInAsNewTeacher(app, page, "totp");
    await page.goto(`${app.url}/app/profile`);
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();

    const section = page.getByRole("region", { name: "Two-factor authentication" });
    expect(await textOf(section.getByText("Off", { exact: true }))).toBe("Off");
    await section.getByRole("button", { name: "Turn on two-factor" }).click();
    await section.getByLabel("Password", { exact: true }).fill("not my password");
    await section.getByRole("button", { name: "Continue" }).click();
    await section.getByText("Invalid password", { exact: true }).waitFor();
    await section.getByLabel("Password", { exact: true }).fill(teacher.password);
    await section.getByRole("button", { name: "Continue" }).click();

    await section.getByRole("img", { name: "QR code for adding Markwise to an authenticator app" }).waitFor();
    const totpUri = await section.getByRole("link", { name: "Open in an authenticator app on this device" }).getAttribute("href");
    const totp = OTPAuth.URI.parse(totpUri!) as OTPAuth.TOTP;
    expect(totp.issuer).toBe("Markwise");
    expect((await section.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!.replace(/\s/g, "")).toBe(totp.secret.base32);
    const backupCodes = (await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    await page.setViewportSize(phone);
    await expectFits(page, phone.width);
    await page.screenshot({ path: "test-results/accounts-profile-2fa-360.png", fullPage: true });
    await page.setViewportSize(desktop);
    await page.screenshot({ path: "test-results/accounts-profile-2fa-1280.png", fullPage: true });

    await section.getByLabel("Authentication code", { exact: true }).fill(totp.generate());
    await section.getByRole("button", { name: "Verify and turn on" }).click();
    await section.getByRole("button", { name: "Turn off two-factor" }).waitFor();
    expect(await textOf(section.getByText("On", { exact: true }))).toBe("On");
    expect((await db().select().from(users).where(eq(users.email, teacher.email)))[0]!.twoFactorEnabled).toBe(true);
    expectOnlyExpectedConsoleErrors(page, [400]);

    // A new browser: password first, then the authenticator code.
    const laptop = await openAuth();
    await fillSignIn(laptop, teacher.email, teacher.password);
    await laptop.getByRole("button", { name: "Sign in", exact: true }).click();
    await laptop.getByRole("heading", { level: 1, name: "Two-factor authentication" }).waitFor();
    const current = totp.generate();
    await laptop.getByLabel("Authentication code", { exact: true }).fill(current === "000000" ? "111111" : "000000");
    await laptop.getByRole("button", { name: "Verify", exact: true }).click();
    await laptop.getByRole("alert").waitFor();
    expect(pathOf(laptop)).toBe("/auth");
    await laptop.getByLabel("Authentication code", { exact: true }).fill(totp.generate());
    await laptop.getByRole("button", { name: "Verify", exact: true }).click();
    await laptop.getByRole("status").filter({ hasText: signedInMessage }).waitFor();
    await expectDashboard(laptop);
    expectOnlyExpectedConsoleErrors(laptop, [401]);

    // Another browser, with a backup code instead.
    const tablet = await openAuth();
    await fillSignIn(tablet, teacher.username, teacher.password);
    await tablet.getByRole("button", { name: "Sign in", exact: true }).click();
    await tablet.getByRole("button", { name: "Use a backup code instead" }).click();
    await tablet.getByLabel("Backup code", { exact: true }).fill(backupCodes[0]!);
    await tablet.getByRole("button", { name: "Verify", exact: true }).click();
    await expectDashboard(tablet);
    app.assertNoConsoleErrors(tablet);
  });

  it("edits the bio and username on the profile page", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(10_000);
    const teacher = await signInAsNewTeacher(app, page, "bio");
    await page.goto(`${app.url}/app/profile`);
    const about = page.getByRole("region", { name: "About you" });
    await about.getByLabel("Bio", { exact: true }).fill("I teach 9th grade English.");
    await about.getByRole("button", { name: "Save bio" }).click();
    await page.getByText("Bio saved", { exact: true }).waitFor();
    expect((await teacher.client.get("/api/profile-text")).data).toEqual({ bio: "I teach 9th grade English." });

    const account = page.getByRole("region", { name: "Account" });
    expect(await account.getByLabel("Username", { exact: true }).inputValue()).toBe(teacher.username);
    const renamed = `${teacher.username.slice(0, 24)}_new`;
    await account.getByLabel("Username", { exact: true }).fill(renamed);
    await account.getByRole("button", { name: "Save username" }).click();
    await page.getByText("Username saved", { exact: true }).waitFor();
    expect((await db().select().from(users).where(eq(users.email, teacher.email)))[0]!.username).toBe(renamed);

    await page.reload();
    expect(await page.getByRole("region", { name: "About you" }).getByLabel("Bio", { exact: true }).inputValue()).toBe("I teach 9th grade English.");
    app.assertNoConsoleErrors(page);
  });
});

describe("profile photo", () => {
  // A 1x1 PNG.
  const tinyPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

  async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("region", { name: "Account" }).getByRole("button", { name: /^(Upload|Change) photo$/ }).click(),
    ]);
    await chooser.setFiles(file);
  }

  it("uploads, refuses an oversized image with a clear message, and removes the photo", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(10_000);
    const teacher = await signInAsNewTeacher(app, page, "photo");
    await page.goto(`${app.url}/app/profile`);
    const account = page.getByRole("region", { name: "Account" });
    await account.getByText(teacher.email.slice(0, 2).toUpperCase(), { exact: true }).waitFor();

    await choosePhoto(page, { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(600 * 1024, 1) });
    expect(await textOf(account.getByRole("alert"))).toBe("The image is too large. Choose one under 512 KB.");

    await choosePhoto(page, { name: "me.png", mimeType: "image/png", buffer: tinyPng });
    await account.getByRole("button", { name: "Remove photo" }).waitFor();
    const [withImage] = await db().select().from(users).where(eq(users.email, teacher.email));
    expect(withImage!.image).toMatch(new RegExp(`^/api/profile/avatar/${withImage!.id}\\?v=\\d+$`));
    await page.waitForFunction(() => [...document.images].some((image) => image.src.includes("/api/profile/avatar/") && image.complete && image.naturalWidth === 1));

    await account.getByRole("button", { name: "Remove photo" }).click();
    await account.getByRole("button", { name: "Upload photo" }).waitFor();
    expect((await db().select().from(users).where(eq(users.email, teacher.email)))[0]!.image).toBeNull();
    app.assertNoConsoleErrors(page);
  });
});

describe("layout", () => {
  it("fits a 360 px phone and a desktop in both modes, with errors showing", async () => {
    for (const viewport of [phone, desktop]) {
      const page = await openAuth(viewport);
      await page.evaluate(() => document.fonts.ready);
      await fillSignIn(page, "nobody@school.test", "wrong password");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("alert").waitFor();
      await expectFits(page, viewport.width);
      await page.screenshot({ path: `test-results/accounts-sign-in-${viewport.width}.png`, fullPage: true });

      await page.getByRole("tab", { name: "Sign up" }).click();
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(authMessages.usernameRequired, { exact: true }).waitFor();
      await expectFits(page, viewport.width);
      await page.screenshot({ path: `test-results/accounts-sign-up-${viewport.width}.png`, fullPage: true });

      const confirmed = await openPage("/auth/confirmed?error=TOKEN_EXPIRED", viewport);
      await confirmed.getByRole("heading", { level: 1, name: "This confirmation link has expired or was already used" }).waitFor();
      await expectFits(confirmed, viewport.width);
      await confirmed.screenshot({ path: `test-results/accounts-confirmed-error-${viewport.width}.png`, fullPage: true });
      expectOnlyExpectedConsoleErrors(page, [401]);
      app.assertNoConsoleErrors(confirmed);
    }
  });
});
