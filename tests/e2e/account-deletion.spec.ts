import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const db = () => app.server.deps.database.db;

/** A signed-in teacher on their Profile page, with one graded class set of two essays. */
async function teacherOnProfile(viewport: { width: number; height: number }) {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "leaving");
  const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay, period 3" });
  const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, {
    body: uploadForm([textFile("Maya Lopez.txt", studentEssay(1, "Maya")), textFile("Tom Reed.txt", studentEssay(2, "Tom"))]),
  });
  expect(upload.status).toBe(200);
  await waitForGrading(teacher.client, assignment.id);
  await page.goto(`${app.url}/app/profile`);
  await page.getByRole("region", { name: "Your data" }).waitFor();
  return { page, teacher };
}

async function openDeleteDialog(page: Page) {
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await dialog.getByRole("list", { name: "What is deleted" }).waitFor();
  return dialog;
}

describe("download my data and delete my account (browser)", () => {
  it("downloads a zip that opens and holds the teacher's assignment, then deletes the account end to end", async () => {
    const { page, teacher } = await teacherOnProfile({ width: 1280, height: 800 });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^markwise-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const assignment = Object.keys(entries).find((name) => name.endsWith("/assignment.json"))!;
    expect(JSON.parse(strFromU8(entries[assignment]!)).title).toBe("Uniforms essay, period 3");
    expect(Object.keys(entries).filter((name) => name.startsWith("files/")).length).toBe(2);

    const dialog = await openDeleteDialog(page);
    const listed = await dialog.getByRole("listitem").allTextContents();
    expect(listed).toContain("1 assignment with 2 student submissions, their grades, feedback and history");
    expect(listed).toContain("2 uploaded files");
    expect(listed[0]).toBe(`Your account (${teacher.email}) and your sign-in on every device`);
    await page.screenshot({ path: "test-results/account-delete-dialog-1280.png" });

    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("Type the e-mail address of this account to confirm.").waitFor();
    await dialog.getByLabel("Type your e-mail address to confirm").fill(teacher.email);
    await dialog.getByLabel("Password", { exact: true }).fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("That password is not right.").waitFor();
    expect(await db().select().from(users).where(eq(users.id, teacher.id))).toHaveLength(1);

    await dialog.getByLabel("Password", { exact: true }).fill(teacher.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByText("Your account was deleted", { exact: true }).waitFor();
    expect(await db().select().from(users).where(eq(users.id, teacher.id))).toHaveLength(0);

    await page.goto(`${app.url}/app/profile`);
    await page.waitForURL(/\/auth/);
  });

  it("fits a phone: the dialog names what goes and Cancel keeps everything", async () => {
    const { page, teacher } = await teacherOnProfile({ width: 360, height: 740 });
    const dialog = await openDeleteDialog(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "test-results/account-delete-dialog-360.png" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await db().select().from(users).where(eq(users.id, teacher.id))).toHaveLength(1);
    await page.screenshot({ path: "test-results/account-data-section-360.png", fullPage: true });
  });
});
