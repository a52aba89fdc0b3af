import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentMessages } from "../../src/contracts/assignments";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { fixturesDir } from "../support/uploads";
import { renderedTextOf, toastWith } from "../support/page-text";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/wizard-steps";
const fixture = (relative: string) => path.join(fixturesDir, relative);
type Teacher = Awaited<ReturnType<typeof signInAsNewTeacher>>;

async function signedInPage(viewport = desktop): Promise<{ page: Page; teacher: Teacher }> {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "wiz");
  expect((await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", school: "Lincoln High", course: "English 10" })).status).toBe(200);
  return { page, teacher };
}

async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Step ${step} of 5`, { exact: true }).waitFor();
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
}

/** Opens a new assignment, titles it and goes to step 2; returns the draft's id. */
async function openRubricStep(page: Page, title = "Personal narrative"): Promise<string> {
  await page.goto(`${app.url}/assignments/new`);
  await expectStep(page, 1, "Assignment Details");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Next" }).click();
  await expectStep(page, 2, "Assignment Rubric");
  return draftId(page);
}

/** The id of the draft the wizard created (the only assignment of this page's teacher). */
async function draftId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const profile = (await (await fetch("/api/teacher-profile", { credentials: "include" })).json()) as { id: string };
    const list = (await (await fetch(`/api/assignments/teacher/${profile.id}`, { credentials: "include" })).json()) as { id: string }[];
    return list[0]!.id;
  });
}

async function uploadRubric(page: Page, file: string) {
  await page.getByLabel("Rubric document", { exact: true }).setInputFiles(fixture(file));
  await page.getByRole("button", { name: "Upload Rubric" }).click();
  await toastWith(page, assignmentMessages.rubricUploaded).waitFor();
  await page.getByRole("region", { name: "Check the imported rubric" }).waitFor();
}

async function storedCriteria(teacher: Teacher, id: string): Promise<string[]> {
  const stored = await teacher.client.get(`/api/assignments/${id}`);
  expect(stored.status).toBe(200);
  return (stored.data as { rubric: { criteria: { name: string }[] } }).rubric.criteria.map((item) => item.name);
}

function allowOnly(page: Page, statuses: number[]) {
  const expected = statuses.map((status) => `the server responded with a status of ${status}`);
  const other = app.consoleErrors(page).filter((line) => !(line.startsWith("Failed to load resource") && expected.some((text) => line.includes(text))));
  expect(other).toEqual([]);
}

const narrative = ["Plot", "Characters", "Setting", "Dialogue", "Word Choice", "Reflection", "Conventions"];

describe("Undo upload", () => {
  for (const viewport of [phone, desktop]) {
    it(`puts the earlier rubric back on the server, and says so when that save fails (${viewport.width}px)`, async () => {
      const { page, teacher } = await signedInPage(viewport);
      const id = await openRubricStep(page);
      await uploadRubric(page, "rubrics/narrative-writing-list.txt");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");
      await page.getByRole("button", { name: "Back" }).click();
      await expectStep(page, 2, "Assignment Rubric");

      // The wrong document: its criteria are saved as it is read.
      await uploadRubric(page, "rubrics/presentation-marks.txt");
      expect(await storedCriteria(teacher, id)).not.toEqual(narrative);
      const report = page.getByRole("region", { name: "Check the imported rubric" });

      // A failing save leaves the upload in place and says so.
      await page.route(`**/api/assignments/${id}`, (route) =>
        route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "Boom", fields: {} } }) }) : route.continue(),
      );
      await report.getByRole("button", { name: "Undo upload" }).click();
      expect(await renderedTextOf(report.getByRole("alert"))).toBe(
        "The earlier rubric could not be saved again, so the uploaded rubric is still this assignment's. Press Undo upload to try again.",
      );
      await page.getByRole("button", { name: "Remove Visual aids" }).waitFor();
      await page.screenshot({ path: `${shots}/undo-failed-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.unroute(`**/api/assignments/${id}`);

      await report.getByRole("button", { name: "Undo upload" }).click();
      await toastWith(page, "Upload undone: the earlier rubric is saved again.").waitFor();
      await page.getByRole("button", { name: "Remove Plot" }).waitFor();
      expect(await report.count()).toBe(0);
      expect(await storedCriteria(teacher, id)).toEqual(narrative);

      // Reopened, the assignment has the earlier rubric; the undo's save left the page's version current.
      await page.goto(`${app.url}/assignments/${id}/edit`);
      await expectStep(page, 1, "Assignment Details");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      await page.getByRole("button", { name: "Remove Plot" }).waitFor();
      expect(await page.getByRole("button", { name: "Remove Visual aids" }).count()).toBe(0);
      allowOnly(page, [500]);
    });
  }
});

/** The browser's own check of a number field (its step, min and max): false blocks a form's submit. */
const isValid = (locator: Locator) => locator.evaluate((input) => (input as HTMLInputElement).checkValidity());

describe("a weighted rubric", () => {
  it("shows each weight it applied above the criteria, and the weighted points", async () => {
    const { page } = await signedInPage(phone);
    await openRubricStep(page, "Argumentative essay");
    await uploadRubric(page, "rubrics/weight-column.docx");
    const notices = page.getByRole("region", { name: "Check the imported rubric" }).getByRole("note", { name: "Check these points" });
    expect(await renderedTextOf(notices)).toBe(
      'Claim: 4 points × 2 (weight "x2") = 8 points. Evidence: 4 points × 3 (weight "×3") = 12 points. Reasoning: 4 points × 2 (weight "2") = 8 points. Conventions: 4 points × 1 (weight "1") = 4 points.',
    );
    expect(await renderedTextOf(page.getByText("Total Points", { exact: true }).locator(".."))).toBe("Total Points 32");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: `${shots}/weight-notices-390.png`, fullPage: true });
    allowOnly(page, []);
  });
});

describe("points with decimals", () => {
  it("adds a 1.5-point criterion, renames a 2.5-point one, and takes decimal scores and penalties", async () => {
    const { page, teacher } = await signedInPage(phone);
    const id = await openRubricStep(page, "Renewable energy talk");
    await uploadRubric(page, "rubrics/presentation-marks.txt");
    await page.getByRole("button", { name: "Looks right" }).click();

    await page.getByRole("button", { name: "Edit Visual aids" }).click();
    const edit = page.getByRole("form", { name: "Edit Visual aids" });
    await edit.getByLabel("Criterion name").fill("Slides");
    expect(await edit.getByLabel("Maximum points").inputValue()).toBe("2.5");
    await edit.getByRole("button", { name: "Save criterion" }).click();
    await page.getByRole("button", { name: "Edit Slides" }).waitFor();

    await page.getByLabel("Criterion name", { exact: true }).fill("Timing");
    await page.getByLabel("Maximum points", { exact: true }).fill("1.5");
    await page.getByRole("button", { name: "Add Criterion" }).click();
    await page.getByRole("button", { name: "Remove Timing" }).waitFor();
    expect(await renderedTextOf(page.getByText("Total Points", { exact: true }).locator(".."))).toBe("Total Points 21.5");
    await page.screenshot({ path: `${shots}/decimal-points-390.png`, fullPage: true });

    await page.getByRole("button", { name: "Next" }).click();
    await expectStep(page, 3, "Sample Work");
    const stored = (await teacher.client.get(`/api/assignments/${id}`)).data as { rubric: { criteria: { name: string; maxPoints: number }[] } };
    expect(stored.rubric.criteria.map((item) => [item.name, item.maxPoints])).toContainEqual(["Slides", 2.5]);
    expect(stored.rubric.criteria.map((item) => [item.name, item.maxPoints])).toContainEqual(["Timing", 1.5]);

    const overall = page.getByLabel("Overall score", { exact: true });
    await overall.fill("17.5");
    expect(await isValid(overall)).toBe(true);
    const timing = page.getByLabel("Timing (0-1.5)", { exact: true });
    await timing.fill("0.5");
    expect(await isValid(timing)).toBe(true);

    await page.getByRole("button", { name: "Next" }).click();
    await expectStep(page, 4, "Calibration Preview");
    await page.getByRole("button", { name: "Next" }).click();
    await expectStep(page, 5, "Review & Finalize");
    await page.getByRole("combobox", { name: "Late submission policy" }).click();
    await page.getByRole("option").nth(1).click();
    const penalty = page.getByLabel(/^Penalty per day/);
    await penalty.fill("2.5");
    expect(await isValid(penalty)).toBe(true);
    allowOnly(page, []);
  });
});

describe("an open criterion edit on Next", () => {
  for (const viewport of [phone, desktop]) {
    it(`stops Next with a message instead of dropping the change, and goes on once it is saved (${viewport.width}px)`, async () => {
      const { page, teacher } = await signedInPage(viewport);
      const id = await openRubricStep(page, "Argument essay");
      await page.getByLabel("Criterion name", { exact: true }).fill("Thesis");
      await page.getByLabel("Maximum points", { exact: true }).fill("10");
      await page.getByRole("button", { name: "Add Criterion" }).click();

      await page.getByRole("button", { name: "Edit Thesis" }).click();
      const edit = page.getByRole("form", { name: "Edit Thesis" });
      await edit.getByLabel("Maximum points").fill("15");
      await page.getByRole("button", { name: "Next" }).click();
      expect(await renderedTextOf(edit.getByRole("alert"))).toBe("Save or cancel this change to the criterion before going on.");
      await expectStep(page, 2, "Assignment Rubric");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Save criterion");
      await page.screenshot({ path: `${shots}/unsaved-edit-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await edit.getByRole("button", { name: "Save criterion" }).click();
      await page.getByText("15 points", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");
      const stored = (await teacher.client.get(`/api/assignments/${id}`)).data as { rubric: { criteria: { name: string; maxPoints: number }[] } };
      expect(stored.rubric.criteria.map((item) => [item.name, item.maxPoints])).toEqual([["Thesis", 15]]);

      // An edit opened and left unchanged loses nothing: Next goes on.
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: "Edit Thesis" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");
      allowOnly(page, []);
    });
  }
});

describe("an open criterion edit on Back", () => {
  for (const viewport of [phone, desktop]) {
    it(`saves nothing, and the edit is open again as typed when the teacher comes back (${viewport.width}px)`, async () => {
      const { page, teacher } = await signedInPage(viewport);
      const id = await openRubricStep(page, "Argument essay");
      await page.getByLabel("Criterion name", { exact: true }).fill("Thesis");
      await page.getByLabel("Maximum points", { exact: true }).fill("10");
      await page.getByRole("button", { name: "Add Criterion" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");
      await page.getByRole("button", { name: "Back" }).click();
      await expectStep(page, 2, "Assignment Rubric");

      await page.getByRole("button", { name: "Edit Thesis" }).click();
      const edit = page.getByRole("form", { name: "Edit Thesis" });
      await edit.getByLabel("Criterion name").fill("Claim");
      await edit.getByLabel("Maximum points").fill("15");
      await edit.getByLabel("Performance level descriptors").fill("4 - Arguable and precise");
      await page.getByRole("button", { name: "Back" }).click();
      await expectStep(page, 1, "Assignment Details");
      await toastWith(page, "Your change to Thesis is kept, not saved: it is open again when you come back to the rubric.").waitFor();
      const stored = async () => ((await teacher.client.get(`/api/assignments/${id}`)).data as { rubric: { criteria: { name: string; maxPoints: number; descriptors: string[] }[] } }).rubric.criteria;
      expect(await stored()).toEqual([expect.objectContaining({ name: "Thesis", maxPoints: 10, descriptors: [] })]);

      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      expect(await edit.getByLabel("Criterion name").inputValue()).toBe("Claim");
      expect(await edit.getByLabel("Maximum points").inputValue()).toBe("15");
      expect(await edit.getByLabel("Performance level descriptors").inputValue()).toBe("4 - Arguable and precise");
      await page.screenshot({ path: `${shots}/edit-kept-on-back-${viewport.width}.png`, fullPage: true });

      // Still unsaved, so Next stops at it as before; saved, it goes on with it.
      await page.getByRole("button", { name: "Next" }).click();
      expect(await renderedTextOf(edit.getByRole("alert"))).toBe("Save or cancel this change to the criterion before going on.");
      await edit.getByRole("button", { name: "Save criterion" }).click();
      await page.getByText("15 points", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");
      expect(await stored()).toEqual([expect.objectContaining({ name: "Claim", maxPoints: 15, descriptors: ["4 - Arguable and precise"] })]);

      // A saved (or cancelled) edit is not kept: coming back shows the list, not a form.
      await page.getByRole("button", { name: "Back" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      await page.getByRole("button", { name: "Edit Claim" }).click();
      await page.getByRole("form", { name: "Edit Claim" }).getByLabel("Maximum points").fill("20");
      await page.getByRole("form", { name: "Edit Claim" }).getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Back" }).click();
      await expectStep(page, 1, "Assignment Details");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      await page.getByRole("button", { name: "Edit Claim" }).waitFor();
      expect(await page.getByRole("form", { name: "Edit Claim" }).count()).toBe(0);
      allowOnly(page, []);
    });
  }
});

/** A titled draft with these criteria, saved through the API; returns its id. */
async function draftWith(teacher: Teacher, criteria: { id: string; name: string; maxPoints: number; descriptors: string[] }[]): Promise<string> {
  const created = await teacher.client.post("/api/assignments", { teacherId: teacher.id });
  expect(created.status).toBe(201);
  const saved = await teacher.client.put(`/api/assignments/${created.data.id}`, { ...created.data, title: "Long rubric", rubric: { criteria } });
  expect(saved.status, JSON.stringify(saved.data)).toBe(200);
  return created.data.id as string;
}

describe("the criteria limit", () => {
  for (const viewport of [phone, desktop]) {
    it(`disables Add Criterion at 30 criteria and says why (${viewport.width}px)`, async () => {
      const { page, teacher } = await signedInPage(viewport);
      const criteria = Array.from({ length: 30 }, (_, index) => ({ id: `criterion-${index + 1}`, name: `Skill ${index + 1}`, maxPoints: 2, descriptors: [] }));
      const id = await draftWith(teacher, criteria);
      await page.goto(`${app.url}/assignments/${id}/edit`);
      await expectStep(page, 1, "Assignment Details");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      await page.getByRole("heading", { name: "Criteria (30)" }).waitFor();

      await page.getByLabel("Criterion name", { exact: true }).fill("Skill 31");
      await page.getByLabel("Maximum points", { exact: true }).fill("2");
      const add = page.getByRole("button", { name: "Add Criterion" });
      expect(await add.isDisabled()).toBe(true);
      const reason = "Use at most 30 criteria: remove one to add another.";
      expect(await renderedTextOf(page.getByText(reason, { exact: true }))).toBe(reason);
      expect(await add.getAttribute("aria-describedby")).toBe(await page.getByText(reason, { exact: true }).getAttribute("id"));
      await add.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/criteria-limit-${viewport.width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByRole("button", { name: "Remove Skill 30" }).click();
      expect(await add.isEnabled()).toBe(true);
      expect(await page.getByText(reason, { exact: true }).count()).toBe(0);
      await add.click();
      await page.getByRole("button", { name: "Remove Skill 31" }).waitFor();
      expect(await add.isDisabled()).toBe(true);
      allowOnly(page, []);
    });
  }
});

describe("a sample's overall score", () => {
  for (const viewport of [phone, desktop]) {
    it(`says it must be above 0, as Add Sample requires (${viewport.width}px)`, async () => {
      const { page, teacher } = await signedInPage(viewport);
      const id = await draftWith(teacher, [
        { id: "criterion-1", name: "Thesis", maxPoints: 60, descriptors: [] },
        { id: "criterion-2", name: "Evidence", maxPoints: 50, descriptors: [] },
      ]);
      await page.goto(`${app.url}/assignments/${id}/edit`);
      await expectStep(page, 1, "Assignment Details");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 2, "Assignment Rubric");
      await page.getByRole("button", { name: "Next" }).click();
      await expectStep(page, 3, "Sample Work");

      const score = page.getByLabel("Overall score", { exact: true });
      expect(await renderedTextOf(page.locator(`#${await score.getAttribute("aria-describedby")}`))).toBe("Above 0, up to 110 (the rubric total).");
      await page.getByLabel("Student work", { exact: true }).setInputFiles(fixture("documents/student-essay.txt"));
      await page.getByLabel("Feedback", { exact: true }).fill("A clear thesis; the evidence needs sources.");
      const add = page.getByRole("button", { name: "Add Sample" });

      await score.fill("0");
      expect(await renderedTextOf(page.locator(`#${await score.getAttribute("aria-describedby")}`))).toBe("Score must be above 0");
      expect(await score.getAttribute("aria-invalid")).toBe("true");
      expect(await add.isDisabled()).toBe(true);
      await page.screenshot({ path: `${shots}/sample-score-zero-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await score.fill("111");
      expect(await renderedTextOf(page.locator(`#${await score.getAttribute("aria-describedby")}`))).toBe("Score must be at most 110 (the rubric total)");
      expect(await add.isDisabled()).toBe(true);

      await score.fill("88");
      expect(await score.getAttribute("aria-invalid")).toBeNull();
      expect(await add.isEnabled()).toBe(true);
      allowOnly(page, []);
    });
  }
});
