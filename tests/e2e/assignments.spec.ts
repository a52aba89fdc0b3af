import { addMonths, format, setDate } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentMessages } from "../../src/contracts/assignments";
import { assignments } from "../../src/server/db/schema";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, sampleForm, studentEssay } from "../support/submissions";
import { fixturesDir } from "../support/uploads";
import { renderedTextOf, toastWith } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const db = () => app.server.deps.database.db;
const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/assignments";
const fixture = (relative: string) => path.join(fixturesDir, relative);
type Teacher = Awaited<ReturnType<typeof signInAsNewTeacher>>;

async function signedInPage(viewport = desktop, withProfile = true): Promise<{ page: Page; teacher: Teacher }> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "asg");
  if (withProfile) {
    const saved = await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", school: "Lincoln High", course: "English 10", tone: "direct", strictness: 70, feedbackLength: "detailed" });
    expect(saved.status).toBe(200);
  }
  return { page, teacher };
}

/** What a person reads: the rendered text, with the spaces between blocks. */
/** The one toast on screen (spec: at most one visible). */
/** A request the test releases by hand, so in-flight states ("Generating Preview...") can be seen. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Step ${step} of 5`, { exact: true }).waitFor();
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
}

async function openWizard(page: Page) {
  await page.goto(`${app.url}/assignments/new`);
  await page.getByRole("heading", { level: 1, name: "Create New Assignment" }).waitFor();
  await expectStep(page, 1, "Assignment Details");
}

async function next(page: Page, step: number, title: string) {
  await page.getByRole("button", { name: "Next" }).click();
  await expectStep(page, step, title);
}

/** Chooses the 5th of next month from the calendar; returns that day. */
async function pickDueDate(page: Page): Promise<Date> {
  const day = setDate(addMonths(new Date(), 1), 5);
  await page.getByRole("button", { name: "Due date Pick a date" }).click();
  const calendar = page.getByRole("dialog");
  await calendar.getByRole("button", { name: "Go to the Next Month" }).click();
  await page.screenshot({ path: `${shots}/wizard-1-calendar-${page.viewportSize()?.width}.png` });
  await calendar.getByRole("button", { name: format(day, "PPPP") }).click();
  await calendar.waitFor({ state: "detached" });
  await page.getByRole("button", { name: `Due date ${format(day, "PPP")}` }).waitFor();
  return day;
}

async function fillDetails(page: Page, details: { title: string; type: string; prompt: string }) {
  await page.getByLabel("Title", { exact: true }).fill(details.title);
  await page.getByRole("combobox", { name: "Type" }).click();
  const options = await page.getByRole("option").allTextContents();
  expect(options).toEqual(["Argumentative Essay", "Reflection", "Lab Report", "Research Paper", "Creative Writing", "Analysis", "Other"]);
  await page.getByRole("option", { name: details.type, exact: true }).click();
  await page.getByLabel("Prompt", { exact: true }).fill(details.prompt);
}

async function addSample(page: Page, file: string, score: string, feedback: string, criterionScores: Record<string, string> = {}) {
  await page.getByLabel("Student work", { exact: true }).setInputFiles(fixture(file));
  await page.getByLabel("Overall score", { exact: true }).fill(score);
  for (const [label, value] of Object.entries(criterionScores)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Feedback", { exact: true }).fill(feedback);
  await page.getByRole("button", { name: "Add Sample" }).click();
  await toastWith(page, assignmentMessages.sampleUploaded).waitFor();
}

async function generatePreview(page: Page) {
  const release = await holdRequests(page, "**/calibration-preview");
  await page.getByRole("button", { name: "Generate Preview" }).click();
  const running = page.getByRole("button", { name: "Generating Preview..." });
  await running.waitFor();
  expect(await running.isDisabled()).toBe(true);
  release();
  await page.getByText("Confidence Score", { exact: true }).waitFor();
  expect(await renderedTextOf(page.getByText(/^\d{1,3}%$/).first())).toMatch(/^\d{1,3}%$/);
  await page.getByRole("region", { name: "Generated feedback" }).waitFor();
  await page.getByRole("region", { name: "Original feedback" }).waitFor();
  await expectHolisticNoteWhenSumsDiffer(page);
}

/** Criteria predicted apart from the overall (holistic grading) are explained; equal ones need no word. */
async function expectHolisticNoteWhenSumsDiffer(page: Page) {
  const bars = await page.getByRole("region", { name: "Predicted and actual scores per criterion" }).getByRole("img").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
  const sum = bars.reduce((total, label) => total + Number(/: predicted ([\d.]+),/.exec(label)?.[1] ?? 0), 0);
  const overall = Number(/Predicted\s*([\d.]+)/.exec(await renderedTextOf(page.getByText("Overall score", { exact: true }).locator("..")))?.[1]);
  const note = page.getByText(/^The predicted criteria add up to [\d.]+: with holistic grading the overall score is judged on the whole piece/);
  if (bars.length < 2 || Math.abs(sum - overall) < 0.5) expect(await note.count()).toBe(0);
  else expect(await note.count()).toBe(1);
}

/** The card under Active, and its figures as one line of text. */
async function activeCard(page: Page, title: string): Promise<string> {
  await page.getByRole("tab", { name: "Active", selected: true }).waitFor();
  const card = page.getByRole("list", { name: "Active assignments" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  return (await renderedTextOf(card)).replace(/\s+/g, " ");
}

function allowOnly(page: Page, statuses: number[]) {
  const expected = statuses.map((status) => `the server responded with a status of ${status}`);
  const other = app.consoleErrors(page).filter((line) => !(line.startsWith("Failed to load resource") && expected.some((text) => line.includes(text))));
  expect(other).toEqual([]);
}

describe("assignment list", () => {
  it("shows the three tabs with their empty texts and the way to a first assignment", async () => {
    const { page } = await signedInPage();
    await page.goto(`${app.url}/assignments`);
    await page.getByRole("heading", { level: 1, name: "Assignments" }).waitFor();
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Active", "Drafts", "Archived"]);
    await page.getByText("No active assignments", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Create your first assignment" }).getAttribute("href")).toBe("/assignments/new");
    expect(await page.getByRole("link", { name: "New Assignment" }).getAttribute("href")).toBe("/assignments/new");
    await page.screenshot({ path: `${shots}/list-empty-1280.png`, fullPage: true });

    await page.getByRole("tab", { name: "Drafts" }).click();
    await page.getByText("No draft assignments", { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe("?status=draft");
    await page.getByRole("tab", { name: "Archived" }).click();
    await page.getByText("No archived assignments", { exact: true }).waitFor();
    app.assertNoConsoleErrors(page);
  });

  it("shows a tab's loading text while the list is on its way", async () => {
    const { page } = await signedInPage(phone);
    const release = await holdRequests(page, "**/api/assignments/teacher/**");
    await page.goto(`${app.url}/assignments`);
    expect(await renderedTextOf(page.getByRole("status").filter({ hasText: "Loading active assignments..." }))).toBe("Loading active assignments...");
    release();
    await page.getByText("No active assignments", { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/list-empty-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    app.assertNoConsoleErrors(page);
  });
});

describe("new-assignment wizard", () => {
  it("sends a teacher without a profile to /setup", async () => {
    const { page, teacher } = await signedInPage(desktop, false);
    await page.goto(`${app.url}/assignments/new`);
    await page.waitForURL(`${app.url}/setup`);
    expect(await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id))).toEqual([]);
    allowOnly(page, [404]);
  });

  it("creates an assignment through all five steps with a manual rubric, and shows its card under Active", async () => {
    const { page, teacher } = await signedInPage();
    await page.goto(`${app.url}/assignments`);
    await page.getByText("No active assignments", { exact: true }).waitFor();
    await page.getByRole("link", { name: "New Assignment" }).click();
    await page.getByRole("heading", { level: 1, name: "Create New Assignment" }).waitFor();
    await expectStep(page, 1, "Assignment Details");
    expect(await page.getByRole("progressbar", { name: "Wizard progress" }).getAttribute("aria-valuenow")).toBe("1");
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Finish" }).count()).toBe(0);

    // Step 1: details, with the calendar.
    await fillDetails(page, { title: "Photosynthesis lab write-up", type: "Lab Report", prompt: "Describe your method and explain the rate of oxygen production." });
    const due = await pickDueDate(page);
    await page.screenshot({ path: `${shots}/wizard-1-details-1280.png`, fullPage: true });
    await next(page, 2, "Assignment Rubric");
    const [draft] = await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id));
    expect(draft).toMatchObject({ title: "Photosynthesis lab write-up", type: "lab_report", status: "draft", dueDate: format(due, "yyyy-MM-dd") });
    expect(draft!.gradingSettings).toMatchObject({ tone: "direct", strictness: 70, feedbackLength: "detailed", latePenalty: 10, maxLateDays: 7, plagiarismThreshold: 20 });

    // Back moves without losing what was typed.
    await page.getByRole("button", { name: "Back" }).click();
    await expectStep(page, 1, "Assignment Details");
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Photosynthesis lab write-up");
    await next(page, 2, "Assignment Rubric");

    // Step 2: criteria by hand; Add Criterion waits for a name and points; Total Points adds and subtracts.
    const add = page.getByRole("button", { name: "Add Criterion" });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel("Criterion name").fill("Method");
    expect(await add.isDisabled()).toBe(true);
    // More points than a criterion takes: still disabled (nothing happens), and the field says why.
    await page.getByLabel("Maximum points").fill("1500");
    expect(await add.isDisabled()).toBe(true);
    await page.getByText("Maximum points must be at most 1000", { exact: true }).waitFor();
    await page.getByLabel("Maximum points").fill("20");
    expect(await page.getByText("Maximum points must be at most 1000", { exact: true }).count()).toBe(0);
    await page.getByLabel("Performance level descriptors").fill("20 - Every step repeatable\n10 - Some steps missing\n0 - No method");
    await add.click();
    // The button turns disabled as the fields clear: focus goes back to the name field, not the page body.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("criterion-name");
    const total = page.getByText("Total Points", { exact: true }).locator("..");
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 20");
    for (const [name, points] of [["Analysis", "15"], ["Spelling", "5"]] as const) {
      await page.getByLabel("Criterion name").fill(name);
      await page.getByLabel("Maximum points").fill(points);
      await add.click();
    }
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 40");
    await page.getByRole("button", { name: "Remove Spelling" }).click();
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 35");
    await page.getByRole("list", { name: "Method performance levels" }).getByText("10 - Some steps missing").waitFor();
    await page.screenshot({ path: `${shots}/wizard-2-rubric-1280.png`, fullPage: true });
    await next(page, 3, "Sample Work");

    // Step 3: two graded samples (a .pdf and a .docx); Add Sample waits for file, feedback and a score above 0.
    await page.getByText(/Upload 1-2 graded samples to calibrate the AI/).waitFor();
    const addSampleButton = page.getByRole("button", { name: "Add Sample" });
    expect(await addSampleButton.isDisabled()).toBe(true);
    await page.getByLabel("Student work", { exact: true }).setInputFiles(fixture("documents/student-essay.pdf"));
    await page.getByLabel("Feedback", { exact: true }).fill("Clear method; the analysis needs numbers.");
    await page.getByLabel("Overall score", { exact: true }).fill("0");
    expect(await addSampleButton.isDisabled()).toBe(true);
    expect(await page.getByLabel("Overall score", { exact: true }).getAttribute("max")).toBe("35");
    await page.getByLabel("Overall score", { exact: true }).fill("28");
    await page.getByLabel("Method (0-20)").fill("17");
    await page.getByLabel("Analysis (0-15)").fill("11");
    await addSampleButton.click();
    await toastWith(page, assignmentMessages.sampleUploaded).waitFor();
    await page.getByText("Sample 1: student-essay.pdf", { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "sample-file");
    await addSample(page, "documents/student-essay.docx", "21", "Method incomplete; good discussion.", { "Method (0-20)": "12", "Analysis (0-15)": "9" });
    const firstSample = page.getByRole("listitem").filter({ hasText: "Sample 1: student-essay.pdf" });
    expect((await renderedTextOf(firstSample.getByText(/^Overall score:/))).replace(/\s+/g, " ")).toBe("Overall score: 28 / 35");
    const viewContent = firstSample.getByRole("button", { name: "View Content" });
    expect(await viewContent.getAttribute("aria-expanded")).toBe("false");
    await viewContent.click();
    expect(await viewContent.getAttribute("aria-expanded")).toBe("true");
    await firstSample.getByText(/Every morning at 6:15, my alarm goes off/).waitFor();
    await firstSample.getByRole("button", { name: "Criterion Scores" }).click();
    await firstSample.getByText("17/20", { exact: true }).waitFor();
    await firstSample.getByRole("button", { name: "View Feedback" }).click();
    await firstSample.getByText("Clear method; the analysis needs numbers.").waitFor();
    await page.screenshot({ path: `${shots}/wizard-3-samples-1280.png`, fullPage: true });
    await next(page, 4, "Calibration Preview");

    // Step 4: the first sample preselected, settings, the preview calibrated on the other sample.
    expect(await renderedTextOf(page.getByRole("combobox", { name: "Sample to preview" }))).toBe("Sample 1: student-essay.pdf");
    await page.getByLabel("Strictness").fill("80");
    await page.getByRole("radio", { name: /^Gentle/ }).check();
    await page.getByRole("radio", { name: /^Short/ }).check();
    await generatePreview(page);
    await page.getByText("Calibrated on 1 other sample", { exact: true }).waitFor();
    await page.getByRole("img", { name: /^Method: predicted [\d.]+, actual 17, out of 20$/ }).waitFor();
    await page.getByRole("img", { name: /^Analysis: predicted [\d.]+, actual 11, out of 15$/ }).waitFor();
    await page.screenshot({ path: `${shots}/wizard-4-preview-1280.png`, fullPage: true });
    await next(page, 5, "Review & Finalize");

    // Step 5: the summary, the settings chosen in step 4, the guardrails and their hidden fields.
    const summary = page.getByRole("region", { name: "Summary" });
    for (const [term, value] of [["Title", "Photosynthesis lab write-up"], ["Type", "Lab Report"], ["Due date", format(due, "PPP")], ["Total points", "35"], ["Criteria", "2"], ["Samples", "2"]] as const) {
      expect(await renderedTextOf(summary.getByText(term, { exact: true }).locator("xpath=following-sibling::dd")), term).toBe(value);
    }
    const settings = page.getByRole("region", { name: "Grading settings" });
    await settings.getByText("Gentle", { exact: true }).waitFor();
    await settings.getByText("80 / 100", { exact: true }).waitFor();
    await settings.getByText("Short", { exact: true }).waitFor();
    await settings.getByText("30% grammar, 70% content", { exact: true }).waitFor();
    await page.getByText(/Grades with confidence above 85% are accepted automatically/).waitFor();
    expect(await page.getByLabel(/Penalty per day/).count()).toBe(0);
    expect(await page.getByLabel("Maximum late days").count()).toBe(0);
    await page.getByRole("combobox", { name: "Late submission policy" }).click();
    await page.getByRole("option", { name: "Percentage off per day" }).click();
    expect(await page.getByLabel("Penalty per day (%)").inputValue()).toBe("10");
    expect(await page.getByLabel("Maximum late days").inputValue()).toBe("7");
    await page.getByLabel("Maximum late days").fill("3");
    expect(await page.getByLabel("Similarity threshold").count()).toBe(0);
    await page.getByRole("switch", { name: "Plagiarism check" }).click();
    expect(await page.getByLabel("Similarity threshold").inputValue()).toBe("20");
    await page.getByLabel("Auto-accept threshold").fill("90");
    await page.screenshot({ path: `${shots}/wizard-5-review-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Finish" }).click();

    await page.waitForURL(`${app.url}/assignments`);
    await toastWith(page, assignmentMessages.created).waitFor();
    const card = await activeCard(page, "Photosynthesis lab write-up");
    // The spec's form of the type (underscores as spaces), on screen as in the page's text.
    expect(card).toContain("lab report");
    const cardItem = page.getByRole("list", { name: "Active assignments" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Photosynthesis lab write-up" }) });
    expect(await cardItem.getByText("lab report", { exact: true }).count()).toBe(1);
    expect(card).toContain("Auto-grading");
    expect(card).toContain("35 points");
    expect(card).toContain("2 criteria");
    expect(card).toContain(`Due ${format(due, "MMM d, yyyy")}`);
    expect(card).toContain("2 samples");
    await page.screenshot({ path: `${shots}/list-cards-1280.png`, fullPage: true });

    const [row] = await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id));
    expect(row).toMatchObject({ status: "active", autogradingEnabled: true });
    expect(row!.criteria.map((item) => [item.name, item.maxPoints])).toEqual([["Method", 20], ["Analysis", 15]]);
    expect(row!.criteria[0]!.id).toMatch(/^criterion-\d+$/);
    expect(row!.gradingSettings).toMatchObject({
      tone: "gentle",
      strictness: 80,
      feedbackLength: "short",
      autoAcceptThreshold: 90,
      latePolicyType: "percentage",
      latePenalty: 10,
      maxLateDays: 3,
      plagiarismCheck: true,
      plagiarismThreshold: 20,
    });
    expect(row!.calibrationPreview).toMatchObject({ calibratedOn: 1 });

    // The card opens the detail page: details, rubric, samples, settings, the preview, the fit and the submissions note.
    await page.getByRole("link", { name: "Photosynthesis lab write-up" }).click();
    await page.getByRole("heading", { level: 1, name: "Photosynthesis lab write-up" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/assignments/${row!.id}`);
    for (const section of ["Details", "Rubric", "Sample work", "Grading settings", "Calibration", "Student submissions"]) {
      await page.getByRole("heading", { level: 2, name: section }).waitFor();
    }
    await page.getByText(/Each of your 2 samples was graded by the engine calibrated on the others only/).waitFor();
    await page.getByText("Calibrated on 1 other sample", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Paste text" }).waitFor();
    await page.getByText("Percentage off per day", { exact: false }).or(page.getByText("10% off per day, up to 3 days late")).first().waitFor();
    await page.screenshot({ path: `${shots}/detail-1280.png`, fullPage: true });
    expect(await page.getByRole("link", { name: "Edit", exact: true }).getAttribute("href")).toBe(`/assignments/${row!.id}/edit`);
    app.assertNoConsoleErrors(page);
  });

  it("creates one from an uploaded .docx rubric, after a document with no rubric in it is refused with the reason", async () => {
    const { page, teacher } = await signedInPage();
    await openWizard(page);
    await fillDetails(page, { title: "Should schools ban phones?", type: "Argumentative Essay", prompt: "Take a position and defend it." });
    await next(page, 2, "Assignment Rubric");

    const upload = page.getByRole("button", { name: "Upload Rubric" });
    expect(await upload.isDisabled()).toBe(true);
    await page.getByLabel("Rubric document", { exact: true }).setInputFiles(fixture("documents/student-essay.txt"));
    await upload.click();
    const refused = toastWith(page, assignmentMessages.rubricFailed);
    expect(await renderedTextOf(refused)).toContain(assignmentMessages.noCriteria);

    await page.getByLabel("Rubric document", { exact: true }).setInputFiles(fixture("rubrics/argumentative-essay-table.docx"));
    await upload.click();
    await toastWith(page, assignmentMessages.rubricUploaded).waitFor();
    const expected = (JSON.parse(readFileSync(fixture("rubrics/expected.json"), "utf8")) as Record<string, { name: string; maxPoints: number }[]>)["argumentative-essay-table.docx"]!;
    for (const item of expected) await page.getByRole("button", { name: `Remove ${item.name}` }).waitFor();
    const expectedTotal = expected.reduce((sum, item) => sum + item.maxPoints, 0);
    expect((await renderedTextOf(page.getByText("Total Points", { exact: true }).locator(".."))).replace(/\s+/g, " ")).toBe(`Total Points ${expectedTotal}`);
    await next(page, 3, "Sample Work");

    await addSample(page, "documents/student-essay.pdf", String(expectedTotal - 4), "Strong claim; weigh the counterargument.");
    await next(page, 4, "Calibration Preview");
    await generatePreview(page);
    await page.getByText(/^Calibrated on 0 other samples/).waitFor();
    await next(page, 5, "Review & Finalize");
    await page.getByRole("region", { name: "Summary" }).getByText("Not set", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Finish" }).click();

    await page.waitForURL(`${app.url}/assignments`);
    await toastWith(page, assignmentMessages.created).waitFor();
    const card = await activeCard(page, "Should schools ban phones?");
    for (const text of ["argumentative essay", "Auto-grading", `${expectedTotal} points`, `${expected.length} criteria`, "No due date", "1 sample"]) expect(card).toContain(text);

    const [row] = await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id));
    expect(row!.criteria.map((item) => item.name)).toEqual(expected.map((item) => item.name));
    allowOnly(page, [422]);
  });

  it("shows what a rubric import read: points assumed, lines left out, criteria edited in place, the upload undone", async () => {
    const { page } = await signedInPage();
    await openWizard(page);
    await fillDetails(page, { title: "Seminar", type: "Argumentative Essay", prompt: "Discuss the reading." });
    await next(page, 2, "Assignment Rubric");
    const file = page.getByLabel("Rubric document", { exact: true });
    const upload = page.getByRole("button", { name: "Upload Rubric" });

    await file.setInputFiles(fixture("rubrics/levels-no-points.pdf"));
    await upload.click();
    await toastWith(page, assignmentMessages.rubricUploaded).waitFor();
    const report = page.getByRole("region", { name: "Check the imported rubric" });
    await report.getByText("This rubric has no points.", { exact: false }).waitFor();
    expect(await renderedTextOf(report)).toContain("Read as headed sections and lists: 100% of the document's rubric lines understood.");
    const total = page.getByText("Total Points", { exact: true }).locator("..");
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 12");

    await page.getByRole("button", { name: "Edit Preparation" }).click();
    // The report and the in-place editor pass axe-core at both widths (serious and critical rules).
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const { violations } = await new AxeBuilder({ page }).include("main").analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${width}px: ${v.id}`)).toEqual([]);
    }
    await page.getByLabel("Maximum points").first().fill("10");
    await page.getByRole("button", { name: "Save criterion" }).click();
    await page.getByText("10 points", { exact: true }).waitFor();
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 18");

    await file.setInputFiles(fixture("rubrics/list-with-summary-table.txt"));
    await upload.click();
    await page.getByRole("button", { name: "Remove Use of Sources" }).waitFor();
    const leftOut = report.getByRole("list", { name: "Lines left out" });
    expect(await renderedTextOf(leftOut)).toContain("Summary of points");
    await report.getByRole("button", { name: "Undo upload" }).click();
    await page.getByRole("button", { name: "Remove Preparation" }).waitFor();
    expect((await renderedTextOf(total)).replace(/\s+/g, " ")).toBe("Total Points 18");
    expect(await report.count()).toBe(0);
  });

  it("does not move on when the server fails to save, and moves once it saves again", async () => {
    const { page, teacher } = await signedInPage(phone);
    await openWizard(page);
    await page.getByLabel("Title", { exact: true }).fill("FAIL THIS SAVE");
    // A real failure inside the server's save: a trigger that refuses this title on update.
    await db().execute(sql.raw(`create or replace function refuse_assignment_save() returns trigger language plpgsql as $$
      begin if new.title = 'FAIL THIS SAVE' then raise exception 'forced failure for the test'; end if; return new; end $$`));
    await db().execute(sql.raw("create trigger refuse_assignment_save before update on assignments for each row execute function refuse_assignment_save()"));
    try {
      await page.getByRole("button", { name: "Next" }).click();
      await toastWith(page, assignmentMessages.saveFailed).waitFor();
      await page.getByRole("button", { name: "Next" }).waitFor();
      await expectStep(page, 1, "Assignment Details");
      await page.screenshot({ path: `${shots}/wizard-save-failed-360.png`, fullPage: true });
    } finally {
      await db().execute(sql.raw("drop trigger if exists refuse_assignment_save on assignments"));
    }
    const [row] = await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id));
    expect(row!.title).toBe("");
    await next(page, 2, "Assignment Rubric");
    allowOnly(page, [500]);
  });

  it("saves an untitled draft on Next, as the spec has it, and asks for the title at its field at Finish instead of failing", async () => {
    for (const viewport of [{ width: 390, height: 844 }, desktop]) {
      const { page, teacher } = await signedInPage(viewport);
      await openWizard(page);
      const title = page.getByLabel("Title", { exact: true });
      const activations: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "PUT" && request.url().includes("/api/assignments/") && request.postData()?.includes('"status":"active"')) activations.push(request.url());
      });
      await title.fill("   ");
      // Spec section 4: Next saves the assignment and moves forward when the save succeeds; an untitled draft is kept.
      await next(page, 2, "Assignment Rubric");
      await next(page, 3, "Sample Work");
      await next(page, 4, "Calibration Preview");
      await next(page, 5, "Review & Finalize");
      expect(await page.getByText("Add a title", { exact: true }).count()).toBe(0);

      await page.getByRole("button", { name: "Finish" }).click();
      await page.getByText("Add a title", { exact: true }).waitFor();
      await expectStep(page, 1, "Assignment Details");
      expect(await title.getAttribute("aria-invalid")).toBe("true");
      expect(await title.getAttribute("aria-describedby")).toBe(await page.getByText("Add a title", { exact: true }).getAttribute("id"));
      await page.waitForFunction(() => document.activeElement?.id === "assignment-title");
      expect(activations).toEqual([]);
      await page.screenshot({ path: `${shots}/wizard-title-missing-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await title.fill("The causes of the First World War");
      expect(await page.getByText("Add a title", { exact: true }).count()).toBe(0);
      await next(page, 2, "Assignment Rubric");
      const [row] = await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id));
      expect(row).toMatchObject({ title: "The causes of the First World War", status: "draft" });
      app.assertNoConsoleErrors(page);
    }
  });

  it("leaves nothing behind when the teacher opens the wizard and leaves without entering anything", async () => {
    const { page, teacher } = await signedInPage();
    await page.goto(`${app.url}/assignments/new`);
    await expectStep(page, 1, "Assignment Details");
    // The specification's draft exists on the server while the wizard is open...
    expect(await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id))).toHaveLength(1);
    await page.goto(`${app.url}/assignments`);
    await page.getByRole("tab", { name: /Drafts/ }).click();
    // ...and is gone once the teacher has left without saving anything into it.
    await expect.poll(async () => (await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id))).length, { timeout: 5_000 }).toBe(0);
  });

  it("toasts when the draft cannot be created", async () => {
    const { page } = await signedInPage(phone);
    await page.route("**/api/assignments", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.continue()));
    await page.goto(`${app.url}/assignments/new`);
    const failed = toastWith(page, assignmentMessages.createFailed);
    expect(await renderedTextOf(failed)).toContain("Error");
    await page.getByRole("button", { name: "Try again" }).waitFor();
    allowOnly(page, [500]);
  });
});

describe("archive, restore, edit and phones", () => {
  it("archives and restores from the card and the detail page, and edits without a new draft", async () => {
    const { page, teacher } = await signedInPage(phone);
    const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
    expect(created.status).toBe(201);
    const body = created.data;
    const saved = await teacher.client.put(`/api/assignments/${body.id}`, {
      ...body,
      title: "Reflection on the field trip",
      type: "reflection",
      dueDate: "2025-03-05",
      rubric: { criteria: [{ id: "criterion-1", name: "Insight", maxPoints: 10, descriptors: ["10 - Deep", "5 - Surface"] }] },
      status: "active",
      autogradingEnabled: true,
    });
    expect(saved.status).toBe(200);

    await page.goto(`${app.url}/assignments`);
    const card = await activeCard(page, "Reflection on the field trip");
    for (const text of ["Reflection", "Auto-grading", "10 points", "1 criterion", "Due Mar 5, 2025", "0 samples"]) expect(card).toContain(text);
    await page.screenshot({ path: `${shots}/list-cards-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await page.getByRole("button", { name: "Archive Reflection on the field trip" }).click();
    // Archiving asks first and says what goes with the assignment.
    const confirmArchive = page.getByRole("alertdialog", { name: "Archive Reflection on the field trip?" });
    await confirmArchive.getByText("It moves to the Archived tab. Nothing is deleted: Restore brings everything back.", { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/archive-confirm-360.png` });
    await confirmArchive.getByRole("button", { name: "Archive" }).click();
    await toastWith(page, "Assignment archived.").waitFor();
    await page.getByText("No active assignments", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Archived" }).click();
    await page.getByRole("button", { name: "Restore Reflection on the field trip" }).click();
    await page.getByText("No archived assignments", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Active" }).click();
    // The restored card is back once the list has been fetched again (before that the tab shows its empty state).
    await page.getByRole("link", { name: "Reflection on the field trip" }).waitFor();

    // Keyboard: Tab reaches the card's link (after the header, New Assignment and the tabs) and Enter opens it.
    let focused = "";
    for (let presses = 0; presses < 12 && focused !== "Reflection on the field trip"; presses++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    }
    expect(focused).toBe("Reflection on the field trip");
    await page.screenshot({ path: `${shots}/list-card-focus-360.png` });
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Reflection on the field trip" }).waitFor();
    await page.getByText("March 5th, 2025", { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/detail-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.getByRole("button", { name: "Archive" }).click();
    await page.getByRole("alertdialog", { name: "Archive Reflection on the field trip?" }).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    expect((await db().select().from(assignments).where(eq(assignments.id, body.id)))[0]!.status).toBe("active");
    await page.getByRole("button", { name: "Archive" }).click();
    await page.getByRole("alertdialog", { name: "Archive Reflection on the field trip?" }).getByRole("button", { name: "Archive" }).click();
    await page.getByRole("button", { name: "Restore" }).waitFor();
    expect((await db().select().from(assignments).where(eq(assignments.id, body.id)))[0]!.status).toBe("archived");
    await page.getByRole("button", { name: "Restore" }).click();
    await page.getByRole("button", { name: "Archive" }).waitFor();

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Assignment" }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Reflection on the field trip");
    await page.getByRole("button", { name: "Due date March 5th, 2025" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Wednesday, March 5th, 2025, selected" }).waitFor();
    await page.waitForTimeout(300); // let the popover finish fading in for the screenshot
    await page.screenshot({ path: `${shots}/wizard-1-calendar-360.png` });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.screenshot({ path: `${shots}/wizard-1-details-360.png`, fullPage: true });
    await next(page, 2, "Assignment Rubric");
    await page.screenshot({ path: `${shots}/wizard-2-rubric-360.png`, fullPage: true });
    await next(page, 3, "Sample Work");
    await page.screenshot({ path: `${shots}/wizard-3-samples-360.png`, fullPage: true });
    await next(page, 4, "Calibration Preview");
    await page.screenshot({ path: `${shots}/wizard-4-preview-360.png`, fullPage: true });
    await next(page, 5, "Review & Finalize");
    await page.getByRole("switch", { name: "Plagiarism check" }).click();
    await page.screenshot({ path: `${shots}/wizard-5-review-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL(`${app.url}/assignments/${body.id}`);
    expect(await db().select().from(assignments).where(eq(assignments.teacherId, teacher.id))).toHaveLength(1);
    app.assertNoConsoleErrors(page);
  });

  it("says in the calibration preview why a sample's confidence is capped", async () => {
    const { page, teacher } = await signedInPage(phone);
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const prompt = "Should students wear school uniforms? Take a position and support it with evidence.";
    for (const [text, score] of [[studentEssay(1), 16], [`${prompt} ${prompt} ${prompt}`, 4]] as const) {
      const added = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(text, score, { "criterion-1": score / 2, "criterion-2": score / 2 }) });
      expect(added.status, added.text).toBe(201);
    }

    await page.goto(`${app.url}/assignments/${assignment.id}/edit`);
    await expectStep(page, 1, "Assignment Details");
    await next(page, 2, "Assignment Rubric");
    await next(page, 3, "Sample Work");
    await next(page, 4, "Calibration Preview");
    await page.getByRole("combobox", { name: "Sample to preview" }).click();
    await page.getByRole("option", { name: /^Sample 2/ }).click();
    await generatePreview(page);
    const notice = page.getByRole("region", { name: "Check the text" });
    expect(await renderedTextOf(notice)).toMatch(/^Check the text \d+% of it repeats the prompt or source text word for word\.$/);
    expect(Number((await renderedTextOf(page.getByText(/^\d{1,3}%$/).first())).replace("%", ""))).toBeLessThanOrEqual(50);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/wizard-4-preview-concerns-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // An ordinary essay's preview shows no notice.
    await page.getByRole("combobox", { name: "Sample to preview" }).click();
    await page.getByRole("option", { name: /^Sample 1/ }).click();
    await generatePreview(page);
    await page.getByRole("heading", { name: /^Preview of Sample 1/ }).waitFor();
    expect(await notice.count()).toBe(0);
    app.assertNoConsoleErrors(page);
  });

  it("never deletes a sample uploaded in another tab: the wizard removes only what it removed, a card archives the assignment as it is now", async () => {
    const { page, teacher } = await signedInPage(desktop);
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Two tabs" });
    const upload = async (n: number) => {
      const added = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(studentEssay(n), 10, {}) });
      expect(added.status, added.text).toBe(201);
      return added.data.id as string;
    };
    const sampleIds = async () => ((await teacher.client.get(`/api/assignments/${assignment.id}`)).data.sampleWork as { id: string }[]).map((sample) => sample.id);
    const first = await upload(1);

    await page.goto(`${app.url}/assignments/${assignment.id}/edit`);
    await next(page, 2, "Assignment Rubric");
    await next(page, 3, "Sample Work");
    const second = await upload(2); // another tab, while this one shows only the first
    await page.getByRole("button", { name: "Remove Sample 1: sample.txt" }).click();
    // The other tab's upload made a new version: this page is told, and saving over that version keeps the sample.
    await page.getByRole("button", { name: "Next" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "This assignment was changed in another tab or window after you opened it" });
    const told = (await alert.innerText()).replace(/\s+/g, " ");
    expect(told).toContain("after you opened it: the samples saved there differ from yours.");
    expect(told).toContain("Saved in the other tab or window: Samples 1 more: sample.txt");
    await next(page, 4, "Calibration Preview");
    expect(await sampleIds()).toEqual([second]);
    expect(first).not.toBe(second);

    // The list was read before a third sample was uploaded elsewhere; archiving from its card keeps that sample.
    await page.goto(`${app.url}/assignments`);
    await page.getByRole("link", { name: "Two tabs" }).waitFor();
    const third = await upload(3);
    await page.getByRole("button", { name: "Archive Two tabs" }).click();
    await page.getByRole("alertdialog", { name: "Archive Two tabs?" }).getByRole("button", { name: "Archive" }).click();
    await toastWith(page, "Assignment archived.").waitFor();
    expect(await sampleIds()).toEqual([second, third]);
    // The one refused save is the browser's own log line for a 409, nothing else.
    expect(app.consoleErrors(page).filter((line) => !line.includes("the server responded with a status of 409"))).toEqual([]);
  });

  it("marks a sample the changed rubric cannot hold as not used to calibrate, saying what to do", async () => {
    const { page, teacher } = await signedInPage(phone);
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const added = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(studentEssay(2), 16, { "criterion-1": 8, "criterion-2": 8 }) });
    expect(added.status, added.text).toBe(201);
    const current = (await teacher.client.get(`/api/assignments/${assignment.id}`)).data;
    const smaller = current.rubric.criteria.map((item: { maxPoints: number }) => ({ ...item, maxPoints: 5 }));
    expect((await teacher.client.put(`/api/assignments/${assignment.id}`, { ...current, rubric: { criteria: smaller } })).status).toBe(200);

    await page.goto(`${app.url}/assignments/${assignment.id}/edit`);
    await expectStep(page, 1, "Assignment Details");
    await next(page, 2, "Assignment Rubric");
    await next(page, 3, "Sample Work");
    const note = page.getByRole("note").filter({ hasText: "Not used to calibrate." });
    expect(await renderedTextOf(note)).toBe("Not used to calibrate. Scored 16, above this rubric's total of 10 points. Remove it and upload it again with a score out of 10.");
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/wizard-3-sample-mismatch-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    app.assertNoConsoleErrors(page);
  });
});

describe("calibration preview with a screen reader", () => {
  it("tells a screen reader that the preview arrived, with its figures, and tells it again for the same preview", async () => {
    const { page, teacher } = await signedInPage(desktop);
    const assignment = await createActiveAssignment(teacher.client, teacher.id);
    const added = await teacher.client.request("POST", `/api/assignments/${assignment.id}/samples`, { body: sampleForm(studentEssay(1), 16, { "criterion-1": 8, "criterion-2": 8 }) });
    expect(added.status, added.text).toBe(201);

    await page.goto(`${app.url}/assignments/${assignment.id}/edit`);
    await expectStep(page, 1, "Assignment Details");
    await next(page, 2, "Assignment Rubric");
    await next(page, 3, "Sample Work");
    await next(page, 4, "Calibration Preview");
    const status = page.getByRole("status").filter({ hasText: /^Preview of Sample 1/ });
    const summary = /^Preview of Sample 1: sample\.txt ready\. Confidence Score \d{1,3}%\. Overall score predicted [\d.]+, actual 16, out of 20\.$/;

    await generatePreview(page);
    expect(await renderedTextOf(status)).toMatch(summary);
    // The figures it reads are the ones on screen.
    const shown = await renderedTextOf(page.getByText(/^\d{1,3}%$/).first());
    expect(await renderedTextOf(status)).toContain(`Confidence Score ${shown}.`);

    // Generating again empties the region first, so the same sentence is a change a screen reader announces again.
    const release = await holdRequests(page, "**/calibration-preview");
    await page.getByRole("button", { name: "Generate Preview" }).click();
    await page.getByRole("button", { name: "Generating Preview..." }).waitFor();
    expect(await status.count()).toBe(0);
    release();
    expect(await renderedTextOf(status)).toMatch(summary);
    app.assertNoConsoleErrors(page);
  });
});
