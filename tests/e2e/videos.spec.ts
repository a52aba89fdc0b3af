import { desc } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoDurations, videoMessages, videoStyles, videoVoices } from "../../src/contracts/video-requests";
import { videoRequests } from "../../src/server/db/schema";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { textOf, toastWith } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const db = () => app.server.deps.database.db;

async function openVideos(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(10_000);
  await page.goto(`${app.url}/videos`);
  await page.getByRole("heading", { level: 1, name: "Request an AI-Generated Video" }).waitFor();
  return page;
}

async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("listbox").waitFor();
  const names = await page.getByRole("option").allTextContents();
  await page.keyboard.press("Escape");
  await page.getByRole("listbox").waitFor({ state: "detached" });
  return names;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("video request form", () => {
  it("offers the spec's fields, choices and defaults, with Back and Cancel to /app", async () => {
    const page = await openVideos();
    expect(await textOf(page.getByRole("combobox", { name: "Style" }))).toBe("Engaging");
    expect(await textOf(page.getByRole("combobox", { name: "Duration" }))).toBe("1 min");
    expect(await textOf(page.getByRole("combobox", { name: "Voice" }))).toBe("Solo Female");
    expect(await optionsOf(page, "Style")).toEqual([...videoStyles]);
    expect(await optionsOf(page, "Duration")).toEqual([...videoDurations]);
    expect(await optionsOf(page, "Voice")).toEqual([...videoVoices]);
    await page.getByLabel("Topic").waitFor();
    await page.getByLabel("Notes").waitFor();
    expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
    expect(await page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/app");
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/app");
    expect(await page.title()).toMatch(/video/i);
    app.assertNoConsoleErrors(page);
  });

  it("asks for a topic and an email (trimmed) with a Missing fields toast, one at a time, swiped away to the right", async () => {
    const before = await db().select().from(videoRequests);
    const page = await openVideos();
    await page.getByRole("button", { name: "Submit request" }).click();
    const toast = toastWith(page, videoMessages.missingTitle);
    expect(await textOf(toast)).toContain(videoMessages.missing);

    await page.getByLabel("Topic").fill("   ");
    await page.getByLabel("Email").fill("teacher@school.org");
    await page.getByRole("button", { name: "Submit request" }).click();
    await page.getByRole("button", { name: "Submit request" }).click();
    expect(await textOf(toastWith(page, videoMessages.missingTitle))).toContain(videoMessages.missing);
    expect(await page.getByRole("region", { name: /Notification/ }).getByRole("listitem").count()).toBe(1);

    // A swipe to the right of more than 50 px dismisses it.
    const box = (await toastWith(page, videoMessages.missingTitle).boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    // Well before the 5 s auto-close, so only the swipe can have closed it.
    await toastWith(page, videoMessages.missingTitle).waitFor({ state: "hidden", timeout: 2_000 });

    expect(new URL(page.url()).pathname).toBe("/videos");
    expect(await db().select().from(videoRequests)).toHaveLength(before.length);
    app.assertNoConsoleErrors(page);
  });

  it("sends a request: Sending..., the Request sent toast, then /app", async () => {
    const page = await openVideos({ width: 360, height: 740 });
    await page.getByLabel("Topic").fill("  How photosynthesis works  ");
    await choose(page, "Style", "Documentary");
    await choose(page, "Duration", "2 min");
    await choose(page, "Voice", "Solo Male");
    await page.getByLabel("Notes").fill("Grade 7, about three key ideas");
    await page.getByLabel("Email").fill(" teacher@school.org ");

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/video-requests", async (route) => {
      await released;
      await route.continue();
    });
    // The visitor is signed out, so /app sends them on to /auth at once: waiting for the URL to read /app raced that
    // redirect (it lost once in CI). Every navigation of the page is recorded instead, history ones included.
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole("button", { name: "Submit request" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    const toast = toastWith(page, videoMessages.successTitle);
    expect(await textOf(toast)).toContain(videoMessages.success);
    await expect.poll(() => visited, { timeout: 10_000 }).toContain("/app");

    // F8 moves focus to the notification region.
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label") ?? "")).toMatch(/F8/);

    const [row] = await db().select().from(videoRequests).orderBy(desc(videoRequests.createdAt)).limit(1);
    expect(row).toMatchObject({
      topic: "How photosynthesis works",
      style: "Documentary",
      duration: "2 min",
      voice: "Solo Male",
      notes: "Grade 7, about three key ideas",
      email: "teacher@school.org",
    });
    app.assertNoConsoleErrors(page);
  });

  it("shows the server's message when a request is refused, or Please contact support.", async () => {
    const page = await openVideos();
    let answer = { status: 400, body: JSON.stringify({ error: { code: "validation_failed", message: "Keep the topic within 300 characters" } }) };
    await page.route("**/api/video-requests", (route) => route.fulfill({ ...answer, contentType: "application/json" }));
    await page.getByLabel("Topic").fill("Fractions");
    await page.getByLabel("Email").fill("teacher@school.org");
    await page.getByRole("button", { name: "Submit request" }).click();
    expect(await textOf(page.getByRole("region", { name: /Notification/ }).getByRole("listitem"))).toContain("Keep the topic within 300 characters");

    answer = { status: 502, body: "" };
    await page.getByRole("button", { name: "Submit request" }).click();
    await page.getByRole("region", { name: /Notification/ }).getByRole("listitem").filter({ hasText: videoMessages.fallbackError }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/videos");
    expect(await page.getByRole("button", { name: "Submit request" }).isEnabled()).toBe(true);
    // Only Chromium's notes about the refusals this test asked for.
    expect(app.consoleErrors(page).filter((line) => !/status of (400|502)/.test(line))).toEqual([]);
  });
});
