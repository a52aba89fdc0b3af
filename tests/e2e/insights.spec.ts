import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import type { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
  mkdirSync("test-results/insights", { recursive: true });
});
afterAll(() => app?.stop());

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

/** A second browser context signed in as the same teacher (another screen size). */
async function samePersonOn(viewport: { width: number; height: number }, client: TestClient): Promise<Page> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const { hostname } = new URL(app.url);
  await page.context().addCookies(client.cookieList().map((cookie) => ({ ...cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" as const })));
  return page;
}

/** The run's notices are written just after its last grade, so they may trail the progress route a little. */
async function waitForNotices(client: TestClient, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await client.get("/api/notifications")).data.notifications.length < count) {
    if (Date.now() > deadline) throw new Error("The grading run's notifications did not arrive");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe("notifications and analytics pages", () => {
  it("say there is nothing yet for a new teacher", async () => {
    const page = await app.newPage(phone);
    page.setDefaultTimeout(15_000);
    await signInAsNewTeacher(app, page, "quiet");
    await page.goto(`${app.url}/app/notifications`);
    await page.getByRole("heading", { name: "No notifications yet" }).waitFor();
    await page.goto(`${app.url}/app/analytics`);
    await page.getByRole("heading", { name: "Nothing to show yet" }).waitFor();
    await expectNoSideways(page);
    app.assertNoConsoleErrors(page);
  });

  it("show a finished grading run, mark it read, and count the graded work", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "insight");
    const title = "Uniforms, period 2";
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title });
    const files = ["Ada Park", "Ben Okafor", "Cleo Novak"].map((name, n) => textFile(`${name}.txt`, studentEssay(80 + n, name)));
    expect((await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) })).status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    await waitForNotices(teacher.client, 2);

    await page.goto(`${app.url}/app/notifications`);
    const list = page.getByRole("list", { name: "Notifications" });
    const finished = list.getByRole("link", { name: `Unread: Grading finished: ${title}` });
    expect(await finished.getAttribute("href")).toBe(`/assignments/${assignment.id}`);
    const review = list.getByRole("link", { name: `Unread: Review waiting: ${title}` });
    expect(await review.getAttribute("href")).toBe(`/assignments/${assignment.id}/review`);
    await list.getByText("3 submissions graded: 0 grades accepted automatically, 3 waiting for your review.", { exact: true }).waitFor();
    await page.getByRole("main").getByText("2 unread", { exact: true }).waitFor();
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Notifications 2 unread" }).waitFor();
    await page.screenshot({ path: "test-results/insights/notifications-1280.png", fullPage: true });

    const onPhone = await samePersonOn(phone, teacher.client);
    await onPhone.goto(`${app.url}/app/notifications`);
    await onPhone.getByRole("link", { name: `Unread: Grading finished: ${title}` }).waitFor();
    await expectNoSideways(onPhone);
    await onPhone.screenshot({ path: "test-results/insights/notifications-360.png", fullPage: true });

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText("All caught up: nothing unread.", { exact: true }).waitFor();
    await list.getByRole("link", { name: `Grading finished: ${title}`, exact: true }).waitFor();
    await sidebar.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);

    // One grade accepted as the grader gave it: one reviewed grade, in exact agreement.
    const [first] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    expect((await teacher.client.post(`/api/submissions/${first.id}/accept`)).status).toBe(200);
    await sidebar.getByRole("link", { name: "Analytics" }).click();
    const submissions = page.getByRole("group", { name: "Submissions" });
    expect(await submissions.getByText("3", { exact: true }).textContent()).toBe("3");
    await page.getByRole("group", { name: "Waiting for review" }).getByText("2", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Reviewed by you" }).getByText("1", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Exact match" }).getByText("100%", { exact: true }).waitFor();
    const row = page.getByRole("row", { name: new RegExp(`^${title}`) });
    expect(await row.getByRole("link", { name: title }).getAttribute("href")).toBe(`/assignments/${assignment.id}`);
    await row.getByText("100% exact · 100% within tolerance", { exact: true }).waitFor();
    await row.getByText("of 1 reviewed grade", { exact: true }).waitFor();
    await page.screenshot({ path: "test-results/insights/analytics-1280.png", fullPage: true });

    await onPhone.goto(`${app.url}/app/analytics`);
    await onPhone.getByRole("group", { name: "Submissions" }).getByText("3", { exact: true }).waitFor();
    await expectNoSideways(onPhone);
    await onPhone.screenshot({ path: "test-results/insights/analytics-360.png", fullPage: true });

    app.assertNoConsoleErrors(page);
    app.assertNoConsoleErrors(onPhone);
  });
});
