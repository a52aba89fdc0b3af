import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rubrics, sampleStudentWork, teacherProfiles } from "../../src/server/db/schema";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { textOf } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const db = () => app.server.deps.database.db;
const phone = { width: 360, height: 740 };
const storageKey = "setup_wizard_state";
const fixtures = path.resolve(import.meta.dirname, "../fixtures/documents");
const resetFailed = "Had trouble resetting. Try again or let me know if you need help.";
const essay = "The Civil War had many causes, but slavery was the central one. Southern states said so in their own declarations.";

async function openSetup(viewport?: { width: number; height: number }) {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "setup");
  await page.goto(`${app.url}/setup`);
  await page.getByRole("heading", { level: 2, name: "About you" }).waitFor();
  return { page, teacher };
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });
/** What a screen reader reads after the Score field's name: the texts its aria-describedby points at. */
const scoreDescription = (page: Page) =>
  page.getByLabel("Score").evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? "").join(" "),
  );
const next = (page: Page) => page.getByRole("button", { name: "Next" });

/** Next, the 1-second typing indicator, then the next step's heading and its transition message. */
async function advance(page: Page, heading: string) {
  await next(page).click();
  await page.getByRole("log", { name: "Markwise" }).getByText("Markwise is typing...").waitFor();
  await stepHeading(page, heading).waitFor();
  expect(await page.getByText("Markwise is typing...").count()).toBe(0);
}

async function storedState(page: Page): Promise<any> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "null"), storageKey);
}

async function fillWelcomeWithApush(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill("Ms. Rivera");
  await page.getByLabel("School", { exact: true }).fill("Lincoln High");
  expect(await next(page).isDisabled()).toBe(true);
  // A course a preset filled in follows the preset the teacher switches to.
  await page.getByRole("radio", { name: /^English/ }).check();
  expect(await page.getByLabel("Course", { exact: true }).inputValue()).toBe("English");
  await page.getByRole("radio", { name: /^AP U\.S\. History/ }).check();
  expect(await page.getByLabel("Course", { exact: true }).inputValue()).toBe("AP U.S. History");
}

describe("form setup", () => {
  it("takes a new teacher from Required through the five steps with the apush preset and a pasted sample to Setup Complete", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "setup");
    await page.goto(`${app.url}/app`);
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: "Set Up Required" }).waitFor();
    await page.getByRole("region", { name: "Setup needed" }).getByRole("link", { name: "Complete Setup" }).click();
    await page.waitForURL(`${app.url}/setup`);

    // Welcome
    await stepHeading(page, "About you").waitFor();
    await page.getByRole("log", { name: "Markwise" }).getByText(/^Hi, I'm Markwise/).waitFor();
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    await fillWelcomeWithApush(page);
    await page.screenshot({ path: "test-results/setup-1-welcome.png", fullPage: true });
    await advance(page, "Grading preferences");
    await page.getByRole("log", { name: "Markwise" }).getByText("Nice to meet you, Ms. Rivera. Now, how should your feedback sound, and how strict should I be?").waitFor();

    // Preferences: the preset's tone and strictness, adjustable.
    expect(await page.getByRole("radio", { name: /^Direct/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Strictness").inputValue()).toBe("80");
    expect(await textOf(page.getByRole("listitem").filter({ has: page.locator('[aria-current="step"]') }).or(page.locator('[aria-current="step"]')))).toContain("Preferences");
    await page.screenshot({ path: "test-results/setup-2-preferences.png", fullPage: true });
    await advance(page, "Rubric");

    // Rubric: the preset's template and weights with a live total.
    expect(await page.getByRole("radio", { name: /^4-part historical/ }).isChecked()).toBe(true);
    const expected = { Evidence: "40", Analysis: "25", Organization: "20", Mechanics: "15" };
    for (const [label, value] of Object.entries(expected)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    await page.getByText("Total: 100%").waitFor();
    await page.getByLabel("Evidence", { exact: true }).fill("30");
    await page.getByText("Total: 90%").waitFor();
    expect(await textOf(page.getByRole("alert"))).toBe("Weights add up to 90%; they must add up to exactly 100%.");
    expect(await next(page).isDisabled()).toBe(true);
    await page.screenshot({ path: "test-results/setup-3-rubric-invalid.png", fullPage: true });
    await page.getByLabel("Evidence", { exact: true }).fill("40");
    await page.getByText("Total: 100%").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await advance(page, "Graded samples");

    // Samples: never complete by themselves; a pasted sample with a score above 0 and feedback.
    expect(await next(page).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "Paste text" }).isChecked()).toBe(true);
    const add = page.getByRole("button", { name: "Add sample" });
    await page.getByLabel("Sample text").fill(essay);
    await page.getByLabel("Your feedback").fill("Clear thesis. Bring in two more documents.");
    await page.getByLabel("Score").fill("0");
    expect(await add.isDisabled()).toBe(true);
    await page.getByText("Score must be above 0").waitFor();
    expect(await scoreDescription(page)).toBe("Score must be above 0");
    await page.getByLabel("Score").fill("");
    expect(await scoreDescription(page)).toBe("Out of 100");
    await page.getByLabel("Score").fill("88");
    await add.click();
    await page.getByText("Sample 1 · Score 88").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("sample-content");
    expect(await page.getByLabel("Sample text").inputValue()).toBe("");
    await page.screenshot({ path: "test-results/setup-4-samples.png", fullPage: true });
    await advance(page, "Review and finish");

    // Complete: everything saved in one go; the profile is calibrated.
    const summary = page.getByRole("region", { name: "Review and finish" });
    for (const text of ["Ms. Rivera", "Lincoln High", "AP U.S. History", "Direct", "80", "4-part historical", "Evidence 40%, Analysis 25%, Organization 20%, Mechanics 15%"]) {
      await summary.getByRole("definition").filter({ hasText: text }).first().waitFor();
    }
    await page.getByRole("button", { name: "Finish setup" }).click();
    await page.getByRole("status").filter({ hasText: "Your profile is calibrated" }).waitFor();
    await page.screenshot({ path: "test-results/setup-5-complete.png", fullPage: true });

    const [profile] = await db().select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.id));
    expect(profile).toMatchObject({ calibrated: true, name: "Ms. Rivera", school: "Lincoln High", course: "AP U.S. History", tone: "direct", strictness: 80 });
    const [rubric] = await db().select().from(rubrics).where(eq(rubrics.teacherId, teacher.id));
    expect(rubric).toMatchObject({ template: "4-part-historical", weights: { evidence: 40, analysis: 25, organization: 20, mechanics: 15 } });
    const samples = await db().select().from(sampleStudentWork).where(eq(sampleStudentWork.teacherId, teacher.id));
    expect(samples.map(({ content, score, feedback, rubricId }) => ({ content, score, feedback, rubricId }))).toEqual([
      { content: essay, score: 88, feedback: "Clear thesis. Bring in two more documents.", rubricId: rubric!.id },
    ]);

    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.waitForURL(`${app.url}/app`);
    await sidebar.getByRole("link", { name: "Setup Complete" }).waitFor();
    expect(await sidebar.getByText("Required").count()).toBe(0);
    expect(await page.getByText("Finish setup to enable autograding").count()).toBe(0);

    // The chat setup reads the same saved setup: finished by the form, it is finished in the chat, which says so
    // and opens its review dialog ready to start grading.
    await page.goto(`${app.url}/setup-wizard`);
    const review = page.getByRole("dialog", { name: "Review your profile" });
    await review.waitFor();
    expect(await review.getByLabel("Your profile").inputValue()).toContain("Strictness: 80/100");
    await review.getByRole("button", { name: "Start Grading" }).waitFor();
    await review.getByRole("button", { name: "Keep chatting" }).click();
    await review.waitFor({ state: "detached" });
    const checklist = page.getByRole("list", { name: "Profile checklist" });
    await checklist.getByRole("listitem").filter({ hasText: "Preferences" }).getByText("8/8").waitFor();
    await checklist.getByRole("listitem").filter({ hasText: "Welcome" }).getByText("Done", { exact: true }).waitFor();
    await checklist.getByRole("listitem").filter({ hasText: "Rubric criteria" }).getByText("4", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Start Grading" }).waitFor();
    app.assertNoConsoleErrors(page);
  });

  it("says the setup is complete, not the step this browser kept, when it was finished elsewhere", async () => {
    const { page, teacher } = await openSetup();
    await fillWelcomeWithApush(page);
    await advance(page, "Grading preferences");
    // Finished in the chat setup (or another browser): the saved profile is calibrated.
    await db().insert(teacherProfiles).values({ id: teacher.id, calibrated: true }).onConflictDoUpdate({ target: teacherProfiles.id, set: { calibrated: true } });
    await page.reload();
    await stepHeading(page, "Review and finish").waitFor();
    const log = page.getByRole("log", { name: "Markwise" });
    await log.getByText("Welcome back! Your setup is complete and autograding is on. Change anything here and finish again to update it.").waitFor();
    expect(await log.getByText("We were at Preferences", { exact: false }).count()).toBe(0);
    app.assertNoConsoleErrors(page);
  });

  it("keeps the state in setup_wizard_state and restores the step after a reload", async () => {
    const { page } = await openSetup();
    await fillWelcomeWithApush(page);
    await advance(page, "Grading preferences");
    await page.getByLabel("Strictness").fill("72");
    await page.getByRole("radio", { name: /^Gentle/ }).check();

    const stored = await storedState(page);
    expect(stored).toMatchObject({ currentStep: "preferences", profile: { name: "Ms. Rivera", tone: "gentle", strictness: 72 }, rubric: { template: "4-part-historical" } });

    await page.reload();
    await stepHeading(page, "Grading preferences").waitFor();
    expect(await textOf(page.locator('[aria-current="step"]'))).toBe("Preferences");
    await page.getByRole("log", { name: "Markwise" }).getByText("Welcome back! We were at Preferences. Pick up where you left off.").waitFor();
    expect(await page.getByLabel("Strictness").inputValue()).toBe("72");
    expect(await page.getByRole("radio", { name: /^Gentle/ }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Back" }).click();
    await stepHeading(page, "About you").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Ms. Rivera");
    expect((await storedState(page)).currentStep).toBe("welcome");
    app.assertNoConsoleErrors(page);
  });

  it("does not open one teacher's stored answers for another teacher on the same browser", async () => {
    const { page } = await openSetup();
    await fillWelcomeWithApush(page);
    expect((await storedState(page)).profile.name).toBe("Ms. Rivera");

    await signInAsNewTeacher(app, page, "setup");
    await page.reload();
    await stepHeading(page, "About you").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Course", { exact: true }).inputValue()).toBe("");
    app.assertNoConsoleErrors(page);
  });

  it("merges the server's calibration into the browser's state: profile merged, rubric replaced, samples replaced when there are some", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "setup");
    const saved = await teacher.client.put("/api/calibration", {
      profile: { name: "Dr. Okafor", strictness: 55 },
      rubric: { template: "5-part-literary", weights: { analysis: 35, evidence: 30, organization: 20, style: 10, mechanics: 5 }, criteria: [] },
      samples: [{ content: "A saved sample from another browser.", score: 70, feedback: "Saved feedback." }],
      complete: false,
    });
    expect(saved.status).toBe(200);

    await page.goto(`${app.url}/app`);
    await page.evaluate((key) => {
      window.localStorage.setItem(
        key,
        JSON.stringify({ currentStep: "rubric", profile: { name: "Local name", school: "Local School", course: "English 10", tone: "gentle" }, rubric: { template: "custom", weights: { content: 100 } }, samples: [] }),
      );
    }, storageKey);
    await page.goto(`${app.url}/setup`);
    await stepHeading(page, "Rubric").waitFor();
    expect(await page.getByRole("radio", { name: /^5-part literary/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Style", { exact: true }).inputValue()).toBe("10");

    const stored = await storedState(page);
    expect(stored.profile).toMatchObject({ name: "Dr. Okafor", school: "Local School", course: "English 10", tone: "gentle", strictness: 55 });
    expect(stored.samples).toHaveLength(1);
    expect(stored.samples[0]).toMatchObject({ content: "A saved sample from another browser.", score: 70 });
    app.assertNoConsoleErrors(page);
  });

  it("Reset clears the state and the key and returns to welcome; a failed reset says so", async () => {
    const { page, teacher } = await openSetup();
    await fillWelcomeWithApush(page);
    await advance(page, "Grading preferences");

    await page.route("**/api/calibration", (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.continue()));
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("dialog", { name: "Start the setup over?" }).getByRole("button", { name: "Reset everything" }).click();
    expect(await textOf(page.getByRole("log", { name: "Markwise" }).getByText(resetFailed))).toBe(resetFailed);
    await stepHeading(page, "Grading preferences").waitFor();
    expect((await storedState(page)).currentStep).toBe("preferences");
    await page.unroute("**/api/calibration");

    await teacher.client.put("/api/teacher-profile", { name: "Saved earlier" });
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("dialog", { name: "Start the setup over?" }).getByRole("button", { name: "Reset everything" }).click();
    await stepHeading(page, "About you").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Course", { exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("radio", { name: /^AP U\.S\. History/ }).isChecked()).toBe(false);
    expect(await storedState(page)).toBeNull();
    expect(await db().select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.id))).toEqual([]);

    await page.reload();
    await stepHeading(page, "About you").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 500"))).toEqual([]);
  });

  it("reads an uploaded sample file through POST /api/documents, says why a file cannot be read, and saves the sample with its file", async () => {
    const { page, teacher } = await openSetup();
    await page.evaluate((key) => {
      window.localStorage.setItem(
        key,
        JSON.stringify({
          currentStep: "samples",
          profile: { name: "A. Teacher", school: "B School", course: "English 9", tone: "neutral", strictness: 50 },
          rubric: { template: "custom", weights: { content: 100 } },
          samples: [],
        }),
      );
    }, storageKey);
    await page.reload();
    await stepHeading(page, "Graded samples").waitFor();
    await page.getByRole("radio", { name: /^Upload a file/ }).check();
    const fileInput = page.getByLabel("File", { exact: true });
    expect(await fileInput.getAttribute("accept")).toBe(".txt,.doc,.docx,.pdf");

    // An image-only PDF: the server answers 422 with a reason, shown beside the field.
    await fileInput.setInputFiles(path.join(fixtures, "scanned-image-only.pdf"));
    const reason = page.locator("#sample-file-error");
    expect((await textOf(reason)).length).toBeGreaterThan(10);
    expect(await fileInput.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Add sample" }).isDisabled()).toBe(true);

    await fileInput.setInputFiles(path.join(fixtures, "student-essay.docx"));
    await page.getByText(/^student-essay\.docx: \d+ words read$/).waitFor();
    expect(await reason.count()).toBe(0);
    await page.getByLabel("Score").fill("75");
    await page.getByLabel("Your feedback").fill("Good use of evidence.");
    await page.getByRole("button", { name: "Add sample" }).click();
    await page.getByText("Sample 1 · Score 75 · student-essay.docx").waitFor();
    const stored = await storedState(page);
    expect(stored.samples[0]).toMatchObject({ score: 75, fileName: "student-essay.docx" });
    expect(stored.samples[0].content).toContain("Why Our School Day Should Start Later");

    await advance(page, "Review and finish");
    await page.getByRole("button", { name: "Finish setup" }).click();
    await page.getByRole("status").filter({ hasText: "Your profile is calibrated" }).waitFor();
    const samples = await db().select().from(sampleStudentWork).where(eq(sampleStudentWork.teacherId, teacher.id));
    expect(samples).toHaveLength(1);
    expect(samples[0]!.fileId).toBe(stored.samples[0].fileId);
    expect(samples[0]!.content).toContain("Why Our School Day Should Start Later");
    // The refused PDF answered 422, which Chromium notes in the console.
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 422"))).toEqual([]);
  });

  it("fits a 360 px phone", async () => {
    const { page } = await openSetup(phone);
    await fillWelcomeWithApush(page);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/setup-360.png", fullPage: true });
    await advance(page, "Grading preferences");
    await advance(page, "Rubric");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/setup-360-rubric.png", fullPage: true });
    app.assertNoConsoleErrors(page);
  });

  it("sends a signed-out visitor to /auth", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.url}/setup`);
    await page.waitForURL(`${app.url}/auth`);
    app.assertNoConsoleErrors(page);
  });
});
