import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const widths = [360, 1280];

/** Serious and critical axe-core violations on the page as it stands, one line each. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${label}: ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** Opens each path at each width, waits for its first heading, and collects what axe finds. */
async function auditPages(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      found.push(...(await seriousViolations(page, `${path} at ${width}px`)));
    }
  }
  return found;
}

describe("accessibility (axe-core): no serious or critical violation", () => {
  it("on the public pages at 360 and 1280 px", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    const found = await auditPages(page, ["/", "/privacy", "/videos", "/auth", "/auth?mode=signup", "/no-such-page"]);
    expect(found).toEqual([]);
  });

  it("on every page of a teacher with graded work at 360 and 1280 px", { timeout: 180_000 }, async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "axe");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { settings: { holisticVsPoints: "points" } });
    await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(["Ana Diaz", "Bo Chen"].map((name, n) => textFile(`${name}.txt`, studentEssay(n + 5, name)))) });
    await waitForGrading(teacher.client, assignment.id);
    const id = assignment.id;
    const found = await auditPages(page, [
      "/app",
      "/app/profile",
      "/app/settings",
      "/app/notifications",
      "/app/analytics",
      "/setup",
      "/setup-wizard",
      "/assignments",
      `/assignments/${id}`,
      `/assignments/${id}/review`,
      `/assignments/${id}/edit`,
      `/assignments/${id}/gradebook`,
      `/assignments/${id}/feedback?drafts=mark`,
      "/assignments/new",
    ]);
    expect(found).toEqual([]);
  });
});

/** The focused element's tag and text, to say where a keyboard user is after an action. */
const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent?.trim() ?? "" }));

describe("keyboard focus (audit F, findings 7 and 9)", () => {
  it("offers Skip to content first, moves focus to the new page's heading on a route change, and rings the empty tab panel", async () => {
    const page = await app.newPage({ width: 1280, height: 800 });
    page.setDefaultTimeout(15_000);
    await signInAsNewTeacher(app, page, "keys");
    await page.goto(`${app.url}/app`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();

    await page.keyboard.press("Tab");
    expect(await focused(page)).toEqual({ tag: "A", text: "Skip to content" });
    expect(await page.getByRole("link", { name: "Skip to content" }).evaluate((link) => link.getBoundingClientRect().width > 1)).toBe(true);
    await page.keyboard.press("Enter");
    expect((await focused(page)).tag).toBe("H1");

    await page.getByRole("link", { name: "Profile" }).first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/app\/profile$/);
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");

    await page.goto(`${app.url}/assignments`);
    await page.getByRole("tab", { selected: true }).focus();
    await page.keyboard.press("Tab");
    const panel = await page.evaluate(() => ({ role: document.activeElement?.getAttribute("role"), ring: getComputedStyle(document.activeElement as Element).boxShadow }));
    expect(panel.role).toBe("tabpanel");
    expect(panel.ring).not.toBe("none");
  });

  it("puts Review profile and Start over before the message box in Tab order on a 360 px phone, as they are seen", async () => {
    const page = await app.newPage({ width: 360, height: 740 });
    page.setDefaultTimeout(15_000);
    await signInAsNewTeacher(app, page, "chat-order");
    await page.goto(`${app.url}/setup-wizard`);
    const review = page.getByRole("button", { name: "Review profile" });
    await review.waitFor();
    const message = page.locator("#setup-chat-message");
    const [reviewTop, messageTop] = [(await review.boundingBox())?.y ?? 0, (await message.boundingBox())?.y ?? 0];
    expect(reviewTop).toBeLessThan(messageTop);
    expect(await review.evaluate((button) => Boolean(button.compareDocumentPosition(document.getElementById("setup-chat-message")!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  });
});
