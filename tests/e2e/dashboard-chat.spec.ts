import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInTeacher } from "../support/accounts";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import type { TestClient } from "../support/http";

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };
const tooLong = "Keep messages within 2,000 characters.";
const chatFailure = "I apologize, but I'm having trouble responding right now. Please try again later.";

/** A YYYY-MM-DD day `days` from now (UTC), which is inside "this week" (today to today + 6) in any time zone for 1 to 5. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A saved assignment with a title and due date, through the same API the wizard uses (whole object). */
async function createAssignment(client: TestClient, teacherId: string, title: string, dueDate: string) {
  const created = await client.post("/api/assignments", { teacherId });
  expect(created.status).toBe(201);
  const saved = await client.put(`/api/assignments/${created.data.id}`, {
    ...created.data,
    title,
    type: "argumentative_essay",
    dueDate,
    prompt: "Evaluate the effectiveness of the civil rights movement.",
    rubric: { criteria: [] },
  });
  expect(saved.status).toBe(200);
  return saved.data as { id: string; title: string };
}

async function openDashboard(viewport = desktop, on = app) {
  const page = await on.newPage(viewport);
  page.setDefaultTimeout(15_000);
  const teacher = await signInAsNewTeacher(on, page, "chat");
  await page.goto(`${on.url}/app`);
  await page.getByRole("heading", { level: 1 }).filter({ hasText: /^Good (morning|afternoon|evening)/ }).waitFor();
  return { page, teacher };
}

function chatParts(page: Page) {
  const chat = page.getByRole("region", { name: "Ask Markwise" });
  return {
    chat,
    box: chat.getByLabel("Message Markwise"),
    log: chat.getByRole("log", { name: "Conversation" }),
    send: chat.getByRole("button", { name: "Send message" }),
  };
}

const answers = (log: Locator) => log.locator("p").filter({ hasText: /^Markwise: / });

/** Sends a message with Enter and waits for the answer after it. */
async function ask(page: Page, text: string): Promise<string> {
  const { box, log } = chatParts(page);
  const before = await answers(log).count();
  await box.fill(text);
  await box.press("Enter");
  await answers(log).nth(before).waitFor();
  await log.getByText("Markwise is typing...").waitFor({ state: "detached" });
  return ((await answers(log).nth(before).textContent()) ?? "").replace(/^Markwise: /, "");
}

describe("dashboard chat", () => {
  it("answers what is due this week from the teacher's own assignments, changes strictness, offers a page and keeps the history", async () => {
    const { page, teacher } = await openDashboard();
    const { chat, log } = chatParts(page);
    await log.getByText(/^Ask anything/).waitFor();

    expect((await teacher.client.put("/api/teacher-profile", { name: "Ms. Rivera", strictness: 50, tone: "neutral" })).status).toBe(200);
    const dbq = await createAssignment(teacher.client, teacher.id, "Civil Rights DBQ", dayFromNow(2));
    await createAssignment(teacher.client, teacher.id, "Gilded Age Essay", dayFromNow(20));
    const other = await createSignedInTeacher(app.url, app.server.deps.database.db, "other");
    await createAssignment(other.client, other.id, "Someone Else's Lab Report", dayFromNow(1));

    const due = await ask(page, "what is due this week?");
    expect(due).toMatch(/^Due this week/);
    expect(due).toContain("Civil Rights DBQ");
    expect(due).not.toContain("Gilded Age Essay");
    expect(due).not.toContain("Someone Else's Lab Report");
    await chat.getByText("Built-in assistant").first().waitFor();

    const strictness = await ask(page, "set my strictness to 70");
    expect(strictness).toContain("70");
    await chat.getByText("Saved: strictness 70", { exact: true }).waitFor();
    const profile = await teacher.client.get("/api/teacher-profile");
    expect(profile.status).toBe(200);
    expect(profile.data.strictness).toBe(70);

    const open = await ask(page, "open the assignment Civil Rights DBQ");
    expect(open).toContain("Civil Rights DBQ");
    const link = chat.getByRole("link", { name: "Open the assignment" });
    expect(await link.getAttribute("href")).toBe(`/assignments/${dbq.id}`);
    // Offered, not taken: the dashboard is still showing.
    expect(new URL(page.url()).pathname).toBe("/app");

    const poem = await ask(page, "Can you write a poem about photosynthesis for my class?");
    expect(poem).toContain("Open conversation needs an AI provider");
    await page.screenshot({ path: "test-results/dashboard-chat-1280.png", fullPage: true });

    await page.reload();
    await chatParts(page).log.getByText("what is due this week?").waitFor();
    const restored = await answers(chatParts(page).log).allTextContents();
    expect(restored).toHaveLength(4);
    expect(restored[0]).toContain("Civil Rights DBQ");
    expect(restored[3]).toContain("Open conversation needs an AI provider");

    await chatParts(page).chat.getByRole("button", { name: "Clear conversation" }).click();
    await chatParts(page).log.getByText(/^Ask anything/).waitFor();
    await page.reload();
    await chatParts(page).log.getByText(/^Ask anything/).waitFor();
    expect(await answers(chatParts(page).log).count()).toBe(0);
    app.assertNoConsoleErrors(page);
  });

  it("shows the server's sentence for a message over the limit and keeps the draft, with a character count", async () => {
    const { page } = await openDashboard(phone);
    const { chat, box, log } = chatParts(page);
    await log.getByText(/^Ask anything/).waitFor();
    const long = "Please look at this. ".repeat(101).trim();
    expect(long.length).toBeGreaterThan(2000);
    await box.fill(long);
    await chat.getByText(`${long.length.toLocaleString("en-US")}/2,000 characters`).waitFor();
    await box.press("Enter");
    expect(((await chat.getByRole("alert").textContent()) ?? "").trim()).toBe(tooLong);
    expect(await box.inputValue()).toBe(long);
    expect(await log.getByText("You:").count()).toBe(0);
    await page.screenshot({ path: "test-results/dashboard-chat-360-too-long.png", fullPage: true });

    await box.fill("what is due this week?");
    expect(await chat.getByRole("alert").count()).toBe(0);
    const answer = await ask(page, "what is due this week?");
    expect(answer).toContain("You don't have any assignments yet");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/dashboard-chat-360.png", fullPage: true });
    // Only the refused message's 400 is expected in the console.
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 400"))).toEqual([]);
  });

  it("keeps the phone page its width when a message holds a long link, after a reload too", async () => {
    const { page } = await openDashboard(phone);
    await chatParts(page).log.getByText(/^Ask anything/).waitFor();
    // A link has no place to break: it made the page 706 px wide, and the saved conversation kept it so.
    await ask(page, "Please look at https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghij/edit?usp=sharing");
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(phone.width);
    await page.reload();
    await chatParts(page).log.getByText(/docs\.google\.com/).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: "test-results/dashboard-chat-360-long-link.png", fullPage: true });
    app.assertNoConsoleErrors(page);
  });

  it("blocks sending while an answer is pending and shows the apology when the answer fails", async () => {
    const { page } = await openDashboard();
    const { box, log, send } = chatParts(page);
    await log.getByText(/^Ask anything/).waitFor();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chat/stream", async (route) => {
      await released;
      return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "Something broke" } }) });
    });
    await box.fill("How should I grade a DBQ?");
    await box.press("Enter");
    await log.getByText("Markwise is typing...").waitFor();
    await box.fill("A second question");
    expect(await send.isDisabled()).toBe(true);
    await box.press("Enter");
    expect(await box.inputValue()).toBe("A second question");
    release();
    await log.getByText(chatFailure).waitFor();
    expect(await answers(log).last().textContent()).toBe(`Markwise: ${chatFailure}`);
    expect(await log.getByText("You:").count()).toBe(1);
    expect(app.consoleErrors(page).filter((line) => !line.includes("status of 500"))).toEqual([]);
  });
});

describe("dashboard chat with a model provider", () => {
  let fake: FakeOpenAiServer;
  let withModel: E2eApp;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    withModel = await startE2eApp({ env: { AI_PROVIDER: "openai-compatible", AI_MODEL: "fake", AI_BASE_URL: fake.baseUrl, AI_MAX_RETRIES: "0" } });
  });
  afterAll(async () => {
    await withModel?.stop();
    await fake?.close();
  });

  it("shows the model's answer growing as it is written, and the apology when the model fails midway", async () => {
    const { page } = await openDashboard(desktop, withModel);
    const { chat, box, log, send } = chatParts(page);
    await log.getByText(/^Ask anything/).waitFor();
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    fake.behave({ kind: "stream", chunks: ["Start with the thesis. ", "Then weigh the evidence."], hold: { at: 1, until } });
    await box.fill("How should I read a DBQ?");
    await box.press("Enter");
    // The first words are on screen while the model is still writing, and sending stays blocked.
    await answers(log).filter({ hasText: /^Markwise: Start with the thesis\.\s*$/ }).waitFor();
    await log.getByText("Markwise is typing...").waitFor();
    expect(await send.isDisabled()).toBe(true);
    release();
    await answers(log).filter({ hasText: "Then weigh the evidence." }).waitFor();
    await log.getByText("Markwise is typing...").waitFor({ state: "detached" });
    expect(await answers(log).last().textContent()).toBe("Markwise: Start with the thesis. Then weigh the evidence.");
    await chat.getByText("AI model", { exact: true }).waitFor();

    fake.behave({ kind: "stream", chunks: ["Rubrics help ", "because "], failMidway: true });
    const failed = await ask(page, "Why use rubrics at all?");
    expect(failed).toBe(chatFailure);
    expect(await answers(log).count()).toBe(2);

    await page.reload();
    await chatParts(page).log.getByText("How should I read a DBQ?").waitFor();
    const restored = await answers(chatParts(page).log).allTextContents();
    expect(restored).toEqual(["Markwise: Start with the thesis. Then weigh the evidence."]);
    withModel.assertNoConsoleErrors(page);
  });
});
