import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { gradedClass } from "../support/graded-class";
import { toastWith } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const studentHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });
const feedbackBox = (page: Page) => page.getByLabel("Feedback", { exact: true });
/** The keys under which the tab keeps grade edits not saved, and the marks of saves that failed. */
const keptEditKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("markwise:grade-")).sort());
const refused = (status: number) => ({ status, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try later", fields: {} } }) });

describe("review page, the browser's Back and Forward with a grade not saved", () => {
  it("asks before Back or Forward leaves a failed save behind; staying keeps the edit on screen, leaving goes on", async () => {
    const { page, assignmentId, queue } = await gradedClass(app, ["Rae Quinn", "Sol Baker"], { prefix: "rlg" });
    const first = queue[0]!;
    const reviewPath = `/assignments/${assignmentId}/review`;
    const assignmentPath = `/assignments/${assignmentId}`;
    const pathname = () => new URL(page.url()).pathname;
    const notSaved = page.getByRole("list", { name: "Not saved" });
    const leave = page.getByRole("alertdialog", { name: `Leave with ${first.studentName}'s grade not saved?` });

    // History within the app: the assignment, its review, the assignment again; then Back to the review.
    await page.goto(`${app.url}${assignmentPath}`);
    await page.getByRole("link", { name: /^Review queue/ }).click();
    await studentHeading(page, first.studentName).waitFor();
    await page.getByRole("link", { name: "Back to the assignment" }).first().click();
    await page.waitForURL(`${app.url}${assignmentPath}`);
    // Nothing unsaved: Back goes at once.
    await page.goBack();
    await studentHeading(page, first.studentName).waitFor();

    await page.route(`**/api/submissions/${first.id}/grade`, (route) => route.fulfill(refused(503)));
    await page.keyboard.press("e");
    const typed = "Kept through Back and Forward.";
    await feedbackBox(page).fill(typed);
    await page.getByRole("button", { name: "Save" }).click();
    await notSaved.getByRole("listitem").waitFor();

    for (const move of [() => page.goBack(), () => page.goForward()]) {
      await move();
      await leave.waitFor();
      await leave.getByRole("button", { name: "Stay on this page" }).click();
      await leave.waitFor({ state: "detached" });
      expect(pathname()).toBe(reviewPath);
      expect(new URL(page.url()).searchParams.get("submission")).toBe(first.id);
      expect(await studentHeading(page, first.studentName).isVisible()).toBe(true);
      expect(await feedbackBox(page).inputValue()).toBe(typed);
    }

    // Leaving after all makes the move the teacher asked for, in either direction.
    await page.goBack();
    await leave.getByRole("button", { name: "Leave anyway" }).click();
    await page.waitForURL(`${app.url}${assignmentPath}`);
    await page.getByRole("link", { name: /^Review queue/ }).waitFor();

    // The assignment page asks nothing; the review brings the kept edit back.
    await page.goForward();
    await studentHeading(page, first.studentName).waitFor();
    await notSaved.getByRole("listitem").waitFor();
    expect(await feedbackBox(page).inputValue()).toBe(typed);
    await page.goForward();
    await leave.getByRole("button", { name: "Leave anyway" }).click();
    await page.waitForURL(`${app.url}${assignmentPath}`);
    await page.getByRole("link", { name: /^Review queue/ }).waitFor();
    expect(await keptEditKeys(page)).toEqual([`markwise:grade-draft:${first.id}`, `markwise:grade-save-failed:${first.id}`]);

    expect(app.consoleErrors(page).filter((line) => !line.includes("503 (Service Unavailable)"))).toEqual([]);
  });
});

describe("Sign out with a grade not saved", () => {
  it("asks, naming the student; Stay signed in keeps the teacher and the edit, Sign out anyway signs out and deletes the tab's kept edits", async () => {
    const { page, assignmentId, queue } = await gradedClass(app, ["Tia Upton", "Uma Vance"], { prefix: "rlg" });
    const first = queue[0]!;
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();
    await page.keyboard.press("e");
    await feedbackBox(page).fill("Typed, never saved.");
    // A kept edit alone does not hold a link (it comes back on return); signing out would delete it.
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(`${app.url}/app`);

    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    const question = page.getByRole("alertdialog", { name: `Sign out with ${first.studentName}'s grade not saved?` });
    await question.waitFor();
    expect(await question.getByText(`${first.studentName}'s grade was not saved. Signing out deletes your changes from this tab`).isVisible()).toBe(true);
    await question.getByRole("button", { name: "Stay signed in" }).click();
    await question.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/app");
    expect(await keptEditKeys(page)).toEqual([`markwise:grade-draft:${first.id}`]);
    expect(await page.evaluate(() => fetch("/api/auth/get-session").then((answer) => answer.json()))).toMatchObject({ user: { id: expect.any(String) } });

    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    await question.getByRole("button", { name: "Sign out anyway" }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await keptEditKeys(page)).toEqual([]);
    expect(await page.evaluate(() => fetch("/api/auth/get-session").then((answer) => answer.json()))).toBeNull();
    expect(await toastWith(page, "Sign out failed").count()).toBe(0);
    app.assertNoConsoleErrors(page);
  });
});
