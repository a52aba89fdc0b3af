import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "../../src/contracts/auth";
import { uniqueTeacher } from "../support/accounts";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { startFakeSmtpServer, type FakeSmtpServer } from "../support/fake-smtp-server";
import { textOf } from "../support/page-text";

// The sign-up page said "Check your email for the confirmation link!" when the mail server had refused the mail.
let smtp: FakeSmtpServer;
let app: E2eApp;
beforeAll(async () => {
  smtp = await startFakeSmtpServer({ refusing: true });
  app = await startE2eApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const unavailable = "status of 503";

async function signUpInBrowser(page: Page, teacher: ReturnType<typeof uniqueTeacher>) {
  await page.goto(`${app.url}/auth?mode=sign-up`);
  await page.getByLabel("Username", { exact: true }).fill(teacher.username);
  await page.getByLabel("Email", { exact: true }).fill(teacher.email);
  await page.getByLabel("Password", { exact: true }).fill(teacher.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(teacher.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

describe("sign-up when the mail server refuses the confirmation", () => {
  it("says plainly that the email was not sent and what to do, and the resend button sends it once mail works", async () => {
    for (const viewport of [phone, desktop]) {
      smtp.refusing = true;
      const teacher = uniqueTeacher("e2enomail");
      const page = await app.newPage(viewport);
      page.setDefaultTimeout(10_000);
      await signUpInBrowser(page, teacher);

      await page.getByRole("heading", { level: 1, name: "Confirmation email not sent" }).waitFor();
      expect(await textOf(page.getByRole("alert").filter({ hasText: "We could not send" }))).toBe(authMessages.confirmationNotSent);
      expect(await page.getByText(authMessages.checkEmail).count()).toBe(0);
      await page.screenshot({ path: `test-results/sign-up-mail-not-sent-${viewport.width}.png`, fullPage: true });

      // Still refused: the resend says so rather than "a new link is on its way".
      await page.getByRole("button", { name: "Resend confirmation link" }).click();
      await page.getByText(authMessages.mailNotSent, { exact: true }).waitFor();

      smtp.refusing = false;
      await page.getByRole("button", { name: "Resend confirmation link" }).click();
      await page.getByText("a new link is on its way").waitFor();
      expect(smtp.received.filter((mail) => mail.to.includes(teacher.email))).toHaveLength(1);
      await page.screenshot({ path: `test-results/sign-up-mail-resent-${viewport.width}.png`, fullPage: true });

      const unexpected = app.consoleErrors(page).filter((line) => !line.includes(unavailable));
      expect(unexpected).toEqual([]);
    }
  });

  it("still says the spec's words when the confirmation goes out", async () => {
    smtp.refusing = false;
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(10_000);
    await signUpInBrowser(page, uniqueTeacher("e2email"));
    expect(await textOf(page.getByRole("status").filter({ hasText: authMessages.checkEmail }))).toBe(authMessages.checkEmail);
    await page.getByRole("heading", { level: 1, name: "Confirm your email" }).waitFor();
    app.assertNoConsoleErrors(page);
  });
});
