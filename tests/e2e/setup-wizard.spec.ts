import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
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
const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };
const storageKey = "setup_chat_state";
const setupFailure = "Sorry, I had trouble processing that. Could you try again?";

const essay = [
  "The Great Depression changed how Americans saw the federal government. Before 1929 most people expected little help from Washington,",
  "but the collapse of banks and farms pushed voters toward Franklin Roosevelt. The New Deal created programs such as Social Security and the WPA,",
  "and these programs gave ordinary families a direct link to the national government that lasted for generations.",
].join(" ");
const gradedSample = `${essay}\nScore: 85/100\nFeedback: Clear thesis and good use of evidence; explain the long-term effects more.`;

/** A tiny valid PNG (1x1), for file choosers that must refuse before anything is uploaded. */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const image = (name: string) => ({ name, mimeType: "image/png", buffer: png });

function parts(page: Page) {
  const chat = page.getByRole("region", { name: "Setup chat" });
  return {
    chat,
    log: chat.getByRole("log", { name: "Conversation" }),
    box: chat.getByLabel("Message Markwise"),
    send: chat.getByRole("button", { name: "Send message" }),
    checklist: page.getByRole("list", { name: "Profile checklist" }),
    quickReplies: chat.getByRole("group", { name: "Quick replies" }),
  };
}

const replies = (log: Locator) => log.locator("p").filter({ hasText: /^Markwise: / });

/** Waits for the answer after `before` answers, and for the typing indicator to go. */
async function answerAfter(page: Page, before: number): Promise<string> {
  const { log } = parts(page);
  await replies(log).nth(before).waitFor();
  await log.getByText("Markwise is typing...").waitFor({ state: "detached" });
  return (await textOf(replies(log).nth(before))).replace(/^Markwise: /, "");
}

async function say(page: Page, text: string): Promise<string> {
  const { box, log } = parts(page);
  const before = await replies(log).count();
  await box.fill(text);
  await box.press("Enter");
  return answerAfter(page, before);
}

async function clickQuickReply(page: Page, name: string): Promise<string> {
  const { quickReplies, log } = parts(page);
  const before = await replies(log).count();
  await quickReplies.getByRole("button", { name, exact: true }).click();
  return answerAfter(page, before);
}

const checklistValue = (page: Page, label: string) => parts(page).checklist.getByRole("listitem").filter({ hasText: label });

async function openSetupChat(viewport = desktop) {
  const page = await app.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(app, page, "wizard");
  return { page, teacher };
}

async function storedChat(page: Page): Promise<any> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "null"), storageKey);
}

describe("chat setup", () => {
  it("shows the whole message box and its hint without scrolling on a 1366 x 900 laptop", async () => {
    const { page } = await openSetupChat({ width: 1366, height: 900 });
    await page.goto(`${app.url}/setup-wizard`);
    await page.getByRole("heading", { level: 1, name: "Chat setup" }).waitFor();
    const bottom = await parts(page).chat.evaluate((chat) => chat.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(900);
    await page.screenshot({ path: "test-results/setup-wizard-laptop-1366.png" });
  });

  it("takes a new teacher through the whole profile by chat, offline, to Start Grading and /assignments/new", async () => {
    const { page, teacher } = await openSetupChat();
    await page.goto(`${app.url}/setup-wizard`);
    await page.getByRole("heading", { level: 1, name: "Chat setup" }).waitFor();
    const { log, box, send, checklist } = parts(page);
    const greeting = await answerAfter(page, 0);
    expect(greeting).toMatch(/name\?$/);
    expect(await textOf(checklistValue(page, "Preferences"))).toContain("0/8");
    await page.screenshot({ path: "test-results/setup-wizard-1-start-1280.png", fullPage: true });

    // Empty input is ignored; Shift+Enter breaks the line.
    await box.fill("   ");
    await box.press("Enter");
    expect(await send.isDisabled()).toBe(true);
    expect(await log.getByText("You:").count()).toBe(0);
    await box.fill("Ms.");
    await box.press("Shift+Enter");
    expect(await box.inputValue()).toBe("Ms.\n");

    await say(page, "Ms. Rivera");
    expect(await textOf(log.locator("p").filter({ hasText: /^You: / }).first())).toBe("You: Ms. Rivera");
    await say(page, "Lincoln High");
    const course = await clickQuickReply(page, "AP U.S. History");
    expect(course).toContain("AP U.S. History");
    await checklist.getByText("Welcome (done)").waitFor();

    // The 8 preferences, typed and clicked.
    await say(page, "be gentle");
    await clickQuickReply(page, "Firm (70)");
    await clickQuickReply(page, "Detailed");
    await clickQuickReply(page, "Grammar 20%");
    await clickQuickReply(page, "Points");
    await say(page, "take 10% a day off late work");
    await clickQuickReply(page, "Yes, strengths first");
    expect(await textOf(checklistValue(page, "Preferences"))).toContain("7/8");
    await parts(page).quickReplies.getByRole("button", { name: "Above 90" }).waitFor();
    await page.screenshot({ path: "test-results/setup-wizard-2-quick-actions-1280.png", fullPage: true });
    await clickQuickReply(page, "Above 90");

    // Welcome done and 8/8: the review dialog opens with the 12-row profile box.
    const dialog = page.getByRole("dialog", { name: "Review your profile" });
    await dialog.waitFor();
    const profileBox = dialog.getByLabel("Your profile");
    expect(await profileBox.getAttribute("rows")).toBe("12");
    const profileText = await profileBox.inputValue();
    for (const line of ["Name: Ms. Rivera", "School: Lincoln High", "Tone: gentle", "Strictness: 70/100", "Feedback length: detailed", "Late policy: 10% off per day, up to 7 days", "Auto-accept threshold: above 90% confidence"]) {
      expect(profileText).toContain(line);
    }
    expect(await dialog.getByRole("button", { name: "Start Grading" }).count()).toBe(0);
    await page.screenshot({ path: "test-results/setup-wizard-3-dialog-1280.png", fullPage: true });
    await dialog.getByRole("button", { name: "Keep chatting" }).click();
    await dialog.waitFor({ state: "detached" });
    await checklistValue(page, "Preferences").getByText("8/8").waitFor();
    expect(await page.getByRole("button", { name: "Start Grading" }).count()).toBe(0);

    // The rubric: a file-upload item allows as many photos as the message box and the API (5, imageLimits.maxPerMessage);
    // choosing six raises the spec's alert and uploads nothing.
    const rubricUpload = log.getByRole("region", { name: "Or upload a photo of your rubric" });
    await rubricUpload.waitFor();
    expect(await textOf(rubricUpload)).toContain("PNG, JPEG, WebP or GIF, up to 10 MB each; up to 5 images.");
    expect(await textOf(page.locator("#setup-chat-hint"))).toBe("Enter sends; Shift+Enter starts a new line. Attach up to 5 images.");
    const alerts: string[] = [];
    page.on("dialog", (alert) => {
      alerts.push(alert.message());
      void alert.dismiss();
    });
    let uploads = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/setup-wizard/upload")) uploads += 1;
    });
    await rubricUpload.getByLabel("Photos of your rubric").setInputFiles(["1", "2", "3", "4", "5", "6"].map((n) => image(`page-${n}.png`)));
    await expect.poll(() => alerts).toEqual(["Please select a maximum of 5 file(s)"]);
    await rubricUpload.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/setup-wizard-rubric-card-1280.png", fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await rubricUpload.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/setup-wizard-rubric-card-390.png", fullPage: false });
    await page.setViewportSize(desktop);
    expect(uploads).toBe(0);

    const rubric = await say(page, "Thesis 30, Evidence 40, Organization 20, Mechanics 10");
    expect(rubric).toContain("Thesis 30%");
    const table = log.getByRole("table", { name: "Your rubric" }).last();
    await table.waitFor();
    expect(await table.getByRole("row").count()).toBe(6);
    expect(await textOf(table.getByRole("row", { name: /Evidence/ }))).toBe("Evidence40%");
    expect(await textOf(table.getByRole("row", { name: /Total/ }))).toBe("Total100%");
    expect(await textOf(checklistValue(page, "Rubric criteria"))).toContain("4");

    // A pasted graded sample completes the profile: the reply says all set and the dialog opens again.
    const done = await say(page, gradedSample);
    expect(done).toMatch(/all set/i);
    await dialog.waitFor();
    expect(await dialog.getByLabel("Your profile").inputValue()).toContain("Graded samples: 85/100");
    await dialog.getByRole("button", { name: "Start Grading" }).waitFor();
    await page.screenshot({ path: "test-results/setup-wizard-4-ready-dialog-1280.png", fullPage: true });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await checklistValue(page, "Graded samples").getByText("1", { exact: true }).waitFor();
    const lastStatus = log.getByText("Read", { exact: true }).last();
    await lastStatus.waitFor();
    await page.screenshot({ path: "test-results/setup-wizard-5-start-grading-1280.png", fullPage: true });
    await page.setViewportSize(phone);
    await page.getByRole("button", { name: "Start Grading" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/setup-wizard-5-start-grading-360.png", fullPage: true });
    await page.setViewportSize(desktop);

    // The conversation is kept under setup_chat_state for this teacher and restored after a reload.
    const stored = await storedChat(page);
    expect(stored.owner).toBe(teacher.email);
    expect(stored.state.profile).toMatchObject({ name: "Ms. Rivera", tone: "gentle", strictness: 70 });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Chat setup" }).waitFor();
    await parts(page).log.getByText("You: Ms. Rivera").waitFor();
    await parts(page).log.getByRole("table", { name: "Your rubric" }).first().waitFor();
    await checklistValue(page, "Preferences").getByText("8/8").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    // A refusal is shown in the server's words and nothing moves on.
    const refusal = { error: { code: "validation_failed", message: "Some sample scores do not fit the rubric.", fields: { "samples.0.score": "Score must be at most 100 (the rubric total)" } } };
    await page.route("**/api/calibration", (route) => route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify(refusal) }), { times: 1 });
    await page.getByRole("button", { name: "Start Grading" }).click();
    expect(await textOf(page.getByRole("complementary").getByRole("alert"))).toBe("Some sample scores do not fit the rubric. Score must be at most 100 (the rubric total)");
    expect(new URL(page.url()).pathname).toBe("/setup-wizard");

    // Start Grading saves the calibrated profile in one go and opens the assignment wizard.
    await page.getByRole("button", { name: "Start Grading" }).click();
    await page.waitForURL(`${app.url}/assignments/new`);
    await page.getByRole("heading", { name: "Create New Assignment" }).waitFor();

    const [profile] = await db().select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.id));
    expect(profile).toMatchObject({
      calibrated: true,
      name: "Ms. Rivera",
      school: "Lincoln High",
      course: "AP U.S. History",
      tone: "gentle",
      strictness: 70,
      feedbackLength: "detailed",
      grammarVsContent: 20,
      gradingApproach: "points",
      strengthsFirst: true,
      autoAcceptThreshold: 90,
    });
    const [savedRubric] = await db().select().from(rubrics).where(eq(rubrics.teacherId, teacher.id));
    expect(savedRubric).toMatchObject({ template: "custom", weights: { thesis: 30, evidence: 40, organization: 20, mechanics: 10 } });
    expect(savedRubric!.criteria.map((criterion) => [criterion.name, criterion.maxPoints])).toEqual([["Thesis", 30], ["Evidence", 40], ["Organization", 20], ["Mechanics", 10]]);
    const samples = await db().select().from(sampleStudentWork).where(eq(sampleStudentWork.teacherId, teacher.id));
    expect(samples).toHaveLength(1);
    expect(samples[0]).toMatchObject({ score: 85, rubricId: savedRubric!.id });
    expect(samples[0]!.content).toContain("The Great Depression changed");
    expect(samples[0]!.feedback).toContain("Clear thesis");

    // Finished by the chat, the form setup opens on its last step with every step done.
    await page.goto(`${app.url}/setup`);
    await page.getByRole("heading", { level: 2, name: "Review and finish" }).waitFor();
    const steps = page.getByRole("list", { name: "Setup steps" });
    await steps.getByRole("listitem").filter({ hasText: "(done)" }).nth(4).waitFor();
    expect(await steps.getByRole("listitem").filter({ hasText: "(done)" }).count()).toBe(5);
    // Only the deliberately refused save is expected in the console.
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 400"))).toEqual([]);
  });

  it("at 360 px: applies edits from the review box, shows the failure texts, limits composer images and ignores another teacher's state", async () => {
    const { page, teacher } = await openSetupChat(phone);
    // A conversation left in this browser by someone else is not shown.
    await page.goto(`${app.url}/auth`);
    await page.evaluate((key) => {
      window.localStorage.setItem(key, JSON.stringify({ owner: "someone@else.test", messages: [{ id: "x", timestamp: new Date().toISOString(), role: "user", type: "text", content: "Mr. Somebody Else" }], state: {} }));
    }, storageKey);
    await page.goto(`${app.url}/setup-wizard`);
    const { log, chat } = parts(page);
    await answerAfter(page, 0);
    expect(await log.getByText("Mr. Somebody Else").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/setup-wizard-1-start-360.png", fullPage: true });

    await say(page, "My name is Dana Ruiz and I teach 10th grade English at Jefferson High.");
    await parts(page).quickReplies.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/setup-wizard-2-quick-actions-360.png", fullPage: false });

    // A failed turn shows the spec's text; the conversation goes on after it.
    await page.route("**/api/setup-wizard/chat", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "Boom" } }) }));
    expect(await say(page, "Direct")).toBe(setupFailure);
    await page.unroute("**/api/setup-wizard/chat");
    expect(await say(page, "Direct")).toMatch(/direct/i);

    // The composer takes up to 5 images at once; a failed upload says Upload failed.
    const alerts: string[] = [];
    page.on("dialog", (alert) => {
      alerts.push(alert.message());
      void alert.dismiss();
    });
    const attach = chat.getByLabel("Images to attach");
    await attach.setInputFiles(["a", "b", "c", "d", "e", "f"].map((name) => image(`${name}.png`)));
    await expect.poll(() => alerts).toEqual(["Please select a maximum of 5 file(s)"]);
    await page.route("**/api/setup-wizard/upload", (route) =>
      route.fulfill({ status: 415, contentType: "application/json", body: JSON.stringify({ error: { code: "unsupported_media_type", message: "Choose an image (PNG, JPEG, WebP or GIF)" } }) }),
    );
    await attach.setInputFiles([image("rubric.png")]);
    expect(await textOf(log.getByText(/^Upload failed/))).toBe("Upload failed: Choose an image (PNG, JPEG, WebP or GIF)");
    expect(await chat.getByRole("list", { name: "Images to send" }).count()).toBe(0);
    await page.unroute("**/api/setup-wizard/upload");

    // A real upload goes with the next message and shows in the conversation.
    await attach.setInputFiles([image("note.png")]);
    await chat.getByRole("list", { name: "Images to send" }).getByRole("img", { name: "note.png" }).waitFor();
    await expect.poll(() => chat.getByRole("button", { name: "Send message" }).isEnabled(), { timeout: 30_000 }).toBe(true);
    const before = await replies(log).count();
    await chat.getByRole("button", { name: "Send message" }).click();
    await answerAfter(page, before);
    await log.getByRole("list", { name: "Attached images" }).getByRole("img", { name: "note.png" }).waitFor();
    // Read offline, so the chat says what that reading can do, once.
    expect(await log.getByText(/^Offline reading covers printed text only/).count()).toBe(1);

    // Editing a line in the review box sends that line to the assistant, which applies it.
    await page.getByRole("button", { name: "Review profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Review your profile" });
    const box = dialog.getByLabel("Your profile");
    const text = await box.inputValue();
    expect(text).toContain("Tone: direct");
    await box.fill(text.replace("Tone: direct", "Tone: gentle"));
    await page.screenshot({ path: "test-results/setup-wizard-3-dialog-360.png", fullPage: false });
    const count = await replies(log).count();
    await dialog.getByRole("button", { name: "Apply changes" }).click();
    expect(await answerAfter(page, count)).toMatch(/gentle/i);
    await log.getByText("You: Tone: gentle").waitFor();
    expect((await storedChat(page)).state.profile.tone).toBe("gentle");
    expect((await storedChat(page)).owner).toBe(teacher.email);

    // Save profile keeps what is there so far without finishing the setup.
    await page.getByRole("button", { name: "Review profile" }).click();
    await dialog.getByRole("button", { name: "Save profile" }).click();
    await log.getByText("Saved", { exact: true }).waitFor();
    const [profile] = await db().select().from(teacherProfiles).where(eq(teacherProfiles.id, teacher.id));
    expect(profile).toMatchObject({ name: "Dana Ruiz", school: "Jefferson High", tone: "gentle", calibrated: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    // Only the deliberately failed chat turn and upload are expected in the console.
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 500") && !line.includes("status of 415"))).toEqual([]);
  });

  it("sends a signed-out visitor to /auth", async () => {
    const page = await app.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.url}/setup-wizard`);
    await page.waitForURL(`${app.url}/auth`);
    app.assertNoConsoleErrors(page);
  });
});
