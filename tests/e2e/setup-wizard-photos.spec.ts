import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { fakeModelEnv, startFakeOpenAiServer, type FakeChatRequest, type FakeOpenAiServer } from "../support/fake-openai-server";
import { fixtureFile } from "../support/uploads";

let fake: FakeOpenAiServer;
let app: E2eApp;

/** A model's reading of a photo of a handwritten rubric, with one word misread. */
const transcription = "Ideas 40\nEvidnce 30\nConventions 30";
const hasImage = (request: FakeChatRequest) => JSON.stringify(request.messages).includes("data:image/");

beforeAll(async () => {
  fake = await startFakeOpenAiServer({ kind: "answer", content: (request) => (hasImage(request) ? transcription : "no facts") });
  app = await startE2eApp({ env: { ...fakeModelEnv(fake), AI_READS_IMAGES: "true" } });
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function photo(name: string) {
  return { name, mimeType: "image/png", buffer: Buffer.from(await fixtureFile("images/rubric-note.png").arrayBuffer()) };
}

async function openSetupChat(page: Page) {
  page.setDefaultTimeout(15_000);
  await signInAsNewTeacher(app, page, "photos");
  await page.goto(`${app.url}/setup-wizard`);
  const chat = page.getByRole("region", { name: "Setup chat" });
  const log = chat.getByRole("log", { name: "Conversation" });
  await log.locator("p").filter({ hasText: /^Markwise: / }).first().waitFor();
  return { chat, log };
}

describe("setup chat photos read by a model", () => {
  it("shows the model's reading beside the photo, and sends only the text the teacher confirmed", async () => {
    const page = await app.newPage({ width: 1280, height: 800 });
    const { chat, log } = await openSetupChat(page);

    await chat.getByLabel("Images to attach").setInputFiles([await photo("handwritten-rubric.png")]);
    const dialog = page.getByRole("dialog", { name: "Check what I read" });
    await dialog.getByRole("img", { name: "handwritten-rubric.png" }).waitFor();
    const box = dialog.getByLabel("Text of the photo");
    expect(await box.inputValue()).toBe(transcription);
    await page.screenshot({ path: "test-results/setup-wizard-photo-check-1280.png", fullPage: true });
    await box.fill("Ideas 40\nEvidence 30\nConventions 30");
    await dialog.getByRole("button", { name: "Use this text" }).click();
    await dialog.waitFor({ state: "detached" });

    await chat.getByRole("list", { name: "Images to send" }).getByRole("img", { name: "handwritten-rubric.png" }).waitFor();
    await expect.poll(() => chat.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);
    const readBefore = fake.requests.length;
    await chat.getByRole("button", { name: "Send message" }).click();
    await log.getByRole("list", { name: "Attached images" }).getByRole("img", { name: "handwritten-rubric.png" }).waitFor();
    await log.getByText("Markwise is typing...").waitFor({ state: "detached" });
    // The conversation carried the teacher's corrected text, never the model's misreading; no offline notice.
    const sentAfter = JSON.stringify(fake.requests.slice(readBefore).filter((request) => !hasImage(request)).map((request) => request.messages));
    expect(sentAfter).toContain("Evidence 30");
    expect(sentAfter).not.toContain("Evidnce");
    expect(await log.getByText(/^Offline reading covers printed text only/).count()).toBe(0);
  });

  it("at 360 px: a discarded reading attaches nothing and says so", async () => {
    const page = await app.newPage({ width: 360, height: 740 });
    const { chat, log } = await openSetupChat(page);
    await chat.getByLabel("Images to attach").setInputFiles([await photo("page-2.png")]);
    const dialog = page.getByRole("dialog", { name: "Check what I read" });
    await dialog.getByLabel("Text of the photo").waitFor();
    const { width } = await dialog.evaluate((element) => element.getBoundingClientRect());
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "test-results/setup-wizard-photo-check-360.png", fullPage: false });
    await dialog.getByRole("button", { name: "Discard" }).click();
    await log.getByText("page-2.png was not attached: its text was discarded.").waitFor();
    expect(await chat.getByRole("list", { name: "Images to send" }).count()).toBe(0);
  });
});
