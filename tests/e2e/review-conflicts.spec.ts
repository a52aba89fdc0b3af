import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { gradedClass as gradedClassIn, type GradedSummary } from "../support/graded-class";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { renderedTextOf, toastWith } from "../support/page-text";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/review-conflicts";
type Summary = GradedSummary;

/** The shared graded class, in this file's app. */
const gradedClass = (names: string[]) => gradedClassIn(app, names);

const studentHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name, exact: true });

/** A second tab of the same browser (same session, its own session storage), its console errors recorded. */
async function secondTab(page: Page): Promise<{ tab: Page; errors: string[] }> {
  const tab = await page.context().newPage();
  tab.setDefaultTimeout(15_000);
  const errors: string[] = [];
  tab.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  tab.on("pageerror", (error) => errors.push(error.message));
  return { tab, errors };
}

/**
 * Two tabs on the first student of a graded class; the first saves a Thesis score and its feedback ("Saved in the
 * first tab.") while the second still shows the grade as it was.
 */
async function savedInFirstTab(names: string[], thesis: string) {
  const graded = await gradedClass(names);
  const { tab: tabB, errors: errorsB } = await secondTab(graded.page);
  const first = graded.queue[0]!;
  // Both tabs open the review without naming a student: each shows the first of the queue.
  for (const tab of [graded.page, tabB]) {
    await tab.goto(`${app.url}/assignments/${graded.assignmentId}/review`);
    await studentHeading(tab, first.studentName).waitFor();
  }
  await graded.page.keyboard.press("e");
  await graded.page.getByLabel("Thesis", { exact: true }).fill(thesis);
  await graded.page.getByLabel("Feedback", { exact: true }).fill("Saved in the first tab.");
  await graded.page.getByRole("button", { name: "Save" }).click();
  await toastWith(graded.page, `Saved ${first.studentName}'s grade.`).waitFor();
  return { ...graded, tabA: graded.page, tabB, errorsB, first };
}

const refusedSave = "Failed to load resource: the server responded with a status of 409 (Conflict)";

describe("review page, two saves of one grade", () => {
  it("keeps the student on screen after a save refused because another tab saved first: the conflict shows, with the typed edit", async () => {
    const { tabA, tabB, errorsB, first, get } = await savedInFirstTab(["Ann Lee", "Bo Chan", "Cy Diaz"], "9");

    await tabB.bringToFront();
    await tabB.keyboard.press("e");
    const typed = "Typed in the second tab: cite the survey, then say why it matters.";
    await tabB.getByLabel("Thesis", { exact: true }).fill("2");
    const feedbackBox = tabB.getByLabel("Feedback", { exact: true });
    await feedbackBox.fill(typed);
    await tabB.getByRole("button", { name: "Save" }).click();

    const conflict = tabB.getByRole("alert").filter({ hasText: "This grade changed after you opened it" });
    await conflict.getByText("with the feedback “Saved in the first tab.”").waitFor();
    // The refused save refreshed the queue, where this student no longer waits: the page stays with them all the same.
    await tabB.getByRole("list", { name: "Review queue" }).getByRole("link", { name: new RegExp(first.studentName) }).waitFor({ state: "detached" });
    expect(await studentHeading(tabB, first.studentName).isVisible()).toBe(true);
    expect(await conflict.isVisible()).toBe(true);
    expect(await feedbackBox.inputValue()).toBe(typed);
    expect(await tabB.getByLabel("Thesis", { exact: true }).inputValue()).toBe("2");
    expect(new URL(tabB.url()).searchParams.get("submission")).toBe(first.id);
    expect((await get(`/api/submissions/${first.id}`)).feedback).toBe("Saved in the first tab.");

    await conflict.scrollIntoViewIfNeeded();
    await tabB.screenshot({ path: `${shots}/conflict-kept-1280.png` });
    await tabB.setViewportSize(phone);
    await conflict.scrollIntoViewIfNeeded();
    expect(await tabB.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await tabB.screenshot({ path: `${shots}/conflict-kept-390.png` });
    await tabB.setViewportSize(desktop);

    // Told, the teacher saves again: their version replaces the other tab's.
    await tabB.getByRole("button", { name: "Save" }).click();
    await toastWith(tabB, `Saved ${first.studentName}'s grade.`).waitFor();
    expect(await get(`/api/submissions/${first.id}`)).toMatchObject({ feedback: typed, gradeSource: "reviewed" });
    app.assertNoConsoleErrors(tabA);
    expect(errorsB).toEqual([refusedSave]);
  });

  it("refuses an Accept pressed in a tab that still shows the grade another tab has saved over, and shows the grade as it is now", async () => {
    const { tabB, errorsB, first, get } = await savedInFirstTab(["Gil Hart", "Ida Ross"], "3");

    // Tab B still shows the grader's grade: accepting it would record an approval of a grade no longer there.
    await tabB.bringToFront();
    await tabB.getByRole("button", { name: /^Accept/ }).click();
    await toastWith(tabB, "It is not accepted yet: read the grade as it is now, then Accept it if it stands.").waitFor();
    await tabB.getByText("Saved in the first tab.").first().waitFor();
    expect(await studentHeading(tabB, first.studentName).isVisible()).toBe(true);
    const kept = await get(`/api/submissions/${first.id}`);
    expect(kept.feedback).toBe("Saved in the first tab.");
    expect((kept.history as { kind: string }[]).at(-1)!.kind).toBe("edited");
    await tabB.screenshot({ path: `${shots}/stale-accept-1280.png` });
    expect(errorsB).toEqual([refusedSave]);
  });

  it("says when the grader's feedback still states a score the teacher changed, before the save", async () => {
    const { page, assignmentId, queue, get } = await gradedClass(["Jo Kent", "Kai Lund"]);
    const first = queue[0]!;
    const detail = await get(`/api/submissions/${first.id}`);
    const criteria: { id: string; name: string; maxPoints: number }[] = (await get(`/api/assignments/${assignmentId}`)).rubric.criteria;
    // The grader names each criterion with its score ("Thesis (7/10)"): the one this test changes.
    const stated = criteria.map((criterion) => ({ criterion, match: new RegExp(`${criterion.name} \\((\\d+)/${criterion.maxPoints}\\)`).exec(detail.feedback) })).find((entry) => entry.match);
    expect(stated, detail.feedback).toBeDefined();
    const { criterion, match } = stated!;
    const was = Number(match![1]);
    const now = was === 0 ? 1 : was - 1;

    await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${first.id}`);
    await studentHeading(page, first.studentName).waitFor();
    await page.keyboard.press("e");
    const note = page.locator("#edit-feedback-outdated");
    expect(await note.count()).toBe(0);
    await page.getByLabel(criterion.name, { exact: true }).fill(String(now));
    await note.getByText(`The feedback still says ${criterion.name} (${was}/${criterion.maxPoints}), where you give ${now}/${criterion.maxPoints}: the student sees both.`).waitFor();
    await page.screenshot({ path: `${shots}/outdated-score-note-1280.png` });
    // Once the feedback says the new score, the note goes.
    const feedbackBox = page.getByLabel("Feedback", { exact: true });
    await feedbackBox.fill(detail.feedback.replace(match![0], `${criterion.name} (${now}/${criterion.maxPoints})`));
    await note.waitFor({ state: "detached" });
    app.assertNoConsoleErrors(page);
  });

  it("sends one save for a double-click on Save, and none for Ctrl+Enter while it is saving; one accept for a double-click on Accept", async () => {
    const { page, assignmentId, queue, get } = await gradedClass(["Dee Fox", "Eve Gray"]);
    const first = queue[0]!;
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();

    // A slow network: the save is held until the test lets it through.
    const puts: string[] = [];
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(`**/api/submissions/${first.id}/grade`, async (route) => {
      if (route.request().method() === "PUT") {
        puts.push(route.request().postData() ?? "");
        await held;
      }
      await route.continue();
    });

    await page.keyboard.press("e");
    const feedback = "Saved once, however often Save is pressed.";
    const feedbackBox = page.getByLabel("Feedback", { exact: true });
    await feedbackBox.fill(feedback);
    await page.getByRole("button", { name: "Save" }).dblclick();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    await feedbackBox.press("Control+Enter");
    await feedbackBox.press("Control+Enter");
    letThrough();

    await page.getByRole("button", { name: "Saving..." }).waitFor({ state: "detached" });
    expect(puts).toHaveLength(1);
    await toastWith(page, `Saved ${first.studentName}'s grade.`).waitFor();
    expect(await get(`/api/submissions/${first.id}`)).toMatchObject({ feedback, gradeSource: "reviewed" });

    // Accept is sent once for a double-click too.
    const second = queue[1]!;
    await studentHeading(page, second.studentName).waitFor();
    const accepts: string[] = [];
    let letAcceptThrough = () => {};
    const acceptHeld = new Promise<void>((resolve) => (letAcceptThrough = resolve));
    await page.route(`**/api/submissions/${second.id}/accept`, async (route) => {
      accepts.push(route.request().method());
      await acceptHeld;
      await route.continue();
    });
    await page.getByRole("button", { name: "Accept" }).dblclick();
    await page.getByRole("button", { name: "Accepting..." }).waitFor();
    letAcceptThrough();
    await toastWith(page, `Accepted ${second.studentName}'s grade.`).waitFor();
    expect(accepts).toEqual(["POST"]);
    // A second save would have been refused (409) and logged.
    app.assertNoConsoleErrors(page);
  });

  it("leaves the teacher on the student they went to while an Accept was on its way", async () => {
    const { page, assignmentId, queue, get } = await gradedClass(["Fin Hale", "Gus Ortiz", "Hana Sato"]);
    const [first, , third] = queue as [Summary, Summary, Summary];
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(`**/api/submissions/${first.id}/accept`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("button", { name: "Accepting..." }).waitFor();
    await page.getByRole("list", { name: "Review queue" }).getByRole("link", { name: new RegExp(third.studentName) }).click();
    await studentHeading(page, third.studentName).waitFor();
    letThrough();
    await toastWith(page, `Accepted ${first.studentName}'s grade.`).waitFor();
    await page.getByRole("list", { name: "Review queue" }).getByRole("link", { name: new RegExp(first.studentName) }).waitFor({ state: "detached" });
    expect(await studentHeading(page, third.studentName).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("submission")).toBe(third.id);
    expect((await get(`/api/submissions/${first.id}`)).status).toBe("accepted");
    app.assertNoConsoleErrors(page);
  });

  it("tells at once, by name, a save or accept that fails after the teacher moved on, and takes them back to the kept edit", async () => {
    const { page, assignmentId, queue, get } = await gradedClass(["Ivy Park", "Jon Reyes", "Kai Wong"]);
    const [first, second, third] = queue as [Summary, Summary, Summary];
    const queueLink = (name: string) => page.getByRole("list", { name: "Review queue" }).getByRole("link", { name: new RegExp(name) });
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();
    const before = await get(`/api/submissions/${first.id}`);

    // The save is held, then refused, while the teacher is on another student.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const refusal = "This grade changed after you opened it: Ms. Rivera saved other scores or feedback.";
    await page.route(`**/api/submissions/${first.id}/grade`, async (route) => {
      await saveHeld;
      await route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ error: { code: "conflict", message: refusal, fields: { basedOn: "changed" } } }) });
    });
    await page.keyboard.press("e");
    await page.getByLabel("Thesis", { exact: true }).fill("7");
    const typed = "Kept while the save failed out of sight.";
    await page.getByLabel("Feedback", { exact: true }).fill(typed);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    await queueLink(third.studentName).click();
    await studentHeading(page, third.studentName).waitFor();
    releaseSave();

    const failed = toastWith(page, `${first.studentName}'s grade was not saved. Your changes to it are kept. ${refusal}`);
    await failed.waitFor();
    expect(await studentHeading(page, third.studentName).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("submission")).toBe(third.id);
    expect(await get(`/api/submissions/${first.id}`)).toMatchObject({ status: before.status, feedback: before.feedback });
    await page.screenshot({ path: `${shots}/save-failed-elsewhere.png`, fullPage: true });

    // Its button goes back to the student, whose edit opens again as typed.
    await failed.getByRole("button", { name: `Go back to ${first.studentName}` }).click();
    await studentHeading(page, first.studentName).waitFor();
    await page.getByText("Your unsaved changes to this grade are back. Save them, or Cancel to discard them.").waitFor();
    expect(await page.getByLabel("Thesis", { exact: true }).inputValue()).toBe("7");
    expect(await page.getByLabel("Feedback", { exact: true }).inputValue()).toBe(typed);
    await page.unroute(`**/api/submissions/${first.id}/grade`);
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, `Saved ${first.studentName}'s grade.`).waitFor();
    expect(await get(`/api/submissions/${first.id}`)).toMatchObject({ feedback: typed });

    // An Accept that fails after the teacher left is told the same way.
    await queueLink(second.studentName).click();
    await studentHeading(page, second.studentName).waitFor();
    let releaseAccept = () => {};
    const acceptHeld = new Promise<void>((resolve) => (releaseAccept = resolve));
    await page.route(`**/api/submissions/${second.id}/accept`, async (route) => {
      await acceptHeld;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "Boom", fields: {} } }) });
    });
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("button", { name: "Accepting..." }).waitFor();
    await queueLink(third.studentName).click();
    await studentHeading(page, third.studentName).waitFor();
    releaseAccept();
    const notAccepted = toastWith(page, `${second.studentName}'s grade was not accepted. Please try again.`);
    await notAccepted.getByRole("button", { name: `Go back to ${second.studentName}` }).click();
    await studentHeading(page, second.studentName).waitFor();
    expect((await get(`/api/submissions/${second.id}`)).status).toBe("needs_review");

    const expected = ["409 (Conflict)", "500 (Internal Server Error)"].map((status) => `Failed to load resource: the server responded with a status of ${status}`);
    expect(app.consoleErrors(page).filter((line) => !expected.includes(line))).toEqual([]);
  });
});

describe("review page, a save that failed out of sight stays in sight", () => {
  it("marks the student in the queue until the edit is saved or discarded, and asks before a link leaves it behind", async () => {
    const { page, assignmentId, queue, get, teacher } = await gradedClass(["Lia Moss", "Max Nunez", "Noor Ali"]);
    const [first, second, third] = queue as [Summary, Summary, Summary];
    const reviewQueue = page.getByRole("list", { name: "Review queue" });
    const queueLink = (name: string) => reviewQueue.getByRole("link", { name: new RegExp(name) });
    const notSaved = page.getByRole("list", { name: "Not saved" });
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();

    // The save is held while the teacher goes on to another student, then refused.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route(`**/api/submissions/${first.id}/grade`, async (route) => {
      await saveHeld;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try later", fields: {} } }) });
    });
    await page.keyboard.press("e");
    const typed = "Lost if nobody says so.";
    await page.getByLabel("Feedback", { exact: true }).fill(typed);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    await queueLink(third.studentName).click();
    await studentHeading(page, third.studentName).waitFor();
    releaseSave();
    await toastWith(page, `${first.studentName}'s grade was not saved. Your changes to it are kept.`).waitFor();

    // The next toast replaces that one (one at a time); the queue still says it.
    await page.getByRole("button", { name: "Accept" }).click();
    await toastWith(page, `Accepted ${third.studentName}'s grade.`).waitFor();
    expect(await toastWith(page, "was not saved").count()).toBe(0);
    expect(await queueLink(first.studentName).getAttribute("aria-current")).toBeNull();
    expect(await renderedTextOf(queueLink(first.studentName))).toContain("Not saved");
    expect(await renderedTextOf(queueLink(second.studentName))).not.toContain("Not saved");
    expect(await notSaved.getByRole("listitem").allInnerTexts()).toEqual([`${first.studentName}'s grade was not saved. Your changes to it are kept. Go back to ${first.studentName}`]);
    await page.screenshot({ path: `${shots}/not-saved-marker-desktop.png` });
    await page.setViewportSize(phone);
    await notSaved.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/not-saved-marker-phone.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize(desktop);

    // It lasts a reload of the page: the kept edit does.
    await page.reload();
    await studentHeading(page, second.studentName).waitFor();
    await notSaved.getByRole("listitem").waitFor();

    // A link off the page asks first; staying keeps the teacher here.
    await page.getByRole("link", { name: "Back to the assignment" }).first().click();
    const leave = page.getByRole("alertdialog", { name: `Leave with ${first.studentName}'s grade not saved?` });
    await leave.waitFor();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/assignments/${assignmentId}/review`);

    // On another assignment's review page, the question still names whose grade it is (it said "a student").
    const other = await createActiveAssignment(teacher.client, teacher.id, { title: "Field trip letter" });
    const otherUpload = await teacher.client.request("POST", `/api/assignments/${other.id}/submissions`, { body: uploadForm([textFile("Ola Berg.txt", studentEssay(60, "Ola Berg"))]) });
    expect(otherUpload.status, otherUpload.text).toBe(200);
    await waitForGrading(teacher.client, other.id);
    await page.goto(`${app.url}/assignments/${other.id}/review`);
    await studentHeading(page, "Ola Berg").waitFor();
    await page.getByRole("link", { name: "Back to the assignment" }).first().click();
    await leave.waitFor();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await page.goto(`${app.url}/assignments/${assignmentId}/review?submission=${second.id}`);
    await studentHeading(page, second.studentName).waitFor();
    await notSaved.getByRole("listitem").waitFor();

    // Saved at last: the marks go, and links leave without a question.
    await page.unroute(`**/api/submissions/${first.id}/grade`);
    await notSaved.getByRole("link", { name: `Go back to ${first.studentName}` }).click();
    await studentHeading(page, first.studentName).waitFor();
    expect(await page.getByLabel("Feedback", { exact: true }).inputValue()).toBe(typed);
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, `Saved ${first.studentName}'s grade.`).waitFor();
    await notSaved.waitFor({ state: "detached" });
    expect(await renderedTextOf(queueLink(second.studentName))).not.toContain("Not saved");
    expect(await get(`/api/submissions/${first.id}`)).toMatchObject({ feedback: typed });

    // A discarded edit takes its mark with it; then the link leaves at once.
    await page.route(`**/api/submissions/${second.id}/grade`, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try later", fields: {} } }) }),
    );
    await studentHeading(page, second.studentName).waitFor();
    await page.keyboard.press("e");
    await page.getByLabel("Feedback", { exact: true }).fill("Thrown away.");
    await page.getByRole("button", { name: "Save" }).click();
    await notSaved.getByRole("listitem").waitFor();
    expect(await renderedTextOf(queueLink(second.studentName))).toContain("Not saved");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByRole("alertdialog", { name: `Discard your changes to ${second.studentName}'s grade?` }).getByRole("button", { name: "Discard changes" }).click();
    await notSaved.waitFor({ state: "detached" });
    expect(await renderedTextOf(queueLink(second.studentName))).not.toContain("Not saved");
    await page.getByRole("link", { name: "Back to the assignment" }).first().click();
    await page.waitForURL(`${app.url}/assignments/${assignmentId}`);

    const expected = ["503 (Service Unavailable)"].map((status) => `Failed to load resource: the server responded with a status of ${status}`);
    expect(app.consoleErrors(page).filter((line) => !expected.includes(line))).toEqual([]);
  });
});

describe("review page, focus after a review", () => {
  /** The Edit button has focus (the keyboard's place once the edit form is gone). */
  const editIsFocused = (page: Page) => page.getByRole("button", { name: "Edit" }).and(page.locator(":focus")).waitFor({ timeout: 3000 });
  const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id ?? "", text: document.activeElement?.textContent?.trim() ?? "" }));

  it("moves focus to the next student's heading after Accept or Save, back to Edit when an edit closes, and to the end of the queue", async () => {
    const { page, assignmentId, queue } = await gradedClass(["Oma Reed", "Pia Stone", "Quin Tate"]);
    const [first, second, third] = queue as [Summary, Summary, Summary];
    await page.goto(`${app.url}/assignments/${assignmentId}/review`);
    await studentHeading(page, first.studentName).waitFor();

    await page.keyboard.press("a");
    await studentHeading(page, second.studentName).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "student-heading");
    expect(await focused(page)).toEqual({ id: "student-heading", text: second.studentName });

    await page.keyboard.press("e");
    await page.getByLabel("Feedback", { exact: true }).fill("Saved from the keyboard.");
    await page.keyboard.press("Control+Enter");
    await studentHeading(page, third.studentName).waitFor();
    await page.waitForFunction((name) => document.activeElement?.textContent?.trim() === name, third.studentName);
    expect(await focused(page)).toEqual({ id: "student-heading", text: third.studentName });

    // Escape on an edit with no changes closes it: focus is back on Edit.
    await page.keyboard.press("e");
    await page.getByLabel("Feedback", { exact: true }).focus();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await editIsFocused(page);

    // Escape on changes asks; discarding them also puts focus back on Edit.
    await page.keyboard.press("e");
    await page.getByLabel("Feedback", { exact: true }).fill("Not wanted after all.");
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog", { name: `Discard your changes to ${third.studentName}'s grade?` }).getByRole("button", { name: "Discard changes" }).click();
    await page.getByRole("button", { name: "Edit" }).waitFor();
    await editIsFocused(page);

    // The last Accept empties the queue: focus goes to the sentence that says so.
    await page.keyboard.press("a");
    await page.getByText("Nothing waits for review.").waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Nothing waits for review.");
    app.assertNoConsoleErrors(page);
  });
});
