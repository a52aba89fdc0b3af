import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { TestClient } from "../support/http";
import { gradeByHand, practiceLesson as lesson } from "../support/practice";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(() => app?.stop());

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const shots = "test-results/practice";
const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];

type Item = { id: string; kind: string; options?: string[]; answerIndex?: number; answer?: string; explanation?: string };

/** The text of what has the keyboard focus ("" for the page body). */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? "" : (document.activeElement as HTMLElement | null)?.innerText.trim() ?? ""));
const hasNoSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);


describe("practice made from a graded class", () => {
  it("makes practice from a graded assignment, edits a question, shares it, and shows a student's result on the teacher's page", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(20_000);
    const teacher = await signInAsNewTeacher(app, page, "prc");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms, period 5" });
    await teacher.client.put(`/api/assignments/${assignment.id}/roster`, { text: `Name,ID\n${names.map((name, index) => `${name},${index + 1}`).join("\n")}` });
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, index) => textFile(`${name}.txt`, studentEssay(index + 80, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    await gradeByHand(teacher.client, assignment.id, { "Ana Ortiz": [9, 8], "Ben Cole": [3, 2], "Chloe Park": [7, 7], "Dev Shah": [2, 4] });

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    await page.getByRole("button", { name: "Make practice" }).click();
    await page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
    const quizId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("heading", { level: 1, name: /Practice quiz: Uniforms, period 5/ }).waitFor();
    await page.getByText(/Aimed at the class's weakest criteria/).waitFor();
    await page.screenshot({ path: `${shots}/quiz-review-1280.png`, fullPage: true });

    // Edit one question: its explanation, which every kind of question has.
    const questions = page.getByRole("list", { name: "Questions" });
    const first = questions.getByRole("listitem", { name: "Question 1", exact: true });
    await first.getByRole("button", { name: "Edit Question 1" }).click();
    await first.getByLabel("Explanation shown with the key (optional)").fill("Look at how the class's openings state their claim.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(/questions? saved\./).first().waitFor();
    const saved = (await teacher.client.get(`/api/practice/${quizId}`)).data;
    expect(saved.items[0].explanation).toBe("Look at how the class's openings state their claim.");
    const items: Item[] = saved.items;

    await page.getByRole("button", { name: "Share with students" }).click();
    const link = (await page.getByLabel("Share link").innerText()).trim();
    expect(link).toMatch(new RegExp(`^${app.url}/practice/[A-Za-z0-9_-]{32}$`));

    // The student: a fresh browser context with no session, on a phone.
    const student = await app.newPage(phone);
    student.setDefaultTimeout(20_000);
    await student.goto(link);
    // A name not on the class list is refused before any answer is given; the list is never shown.
    await student.getByText("Your first and last name, as on your teacher's class list.").waitFor();
    await student.getByLabel("Your name").fill("Chloe P");
    await student.getByRole("button", { name: "Start quiz" }).click();
    await student.getByText("That name is not on your teacher's class list. Check how you spelled your first and last name.").waitFor();
    await student.screenshot({ path: `${shots}/quiz-name-not-on-list-360.png`, fullPage: true });
    expect(await student.getByText("Ana Ortiz").count()).toBe(0);
    await student.getByLabel("Your name").fill("park chloe");
    await student.getByRole("button", { name: "Start quiz" }).click();
    // Each step takes the place of the button pressed: focus goes to its heading.
    await student.getByRole("button", { name: "Submit answers" }).waitFor();
    expect(await focusedText(student)).toBe(saved.title);
    // Sending the quiz untouched asks first; going back keeps the student on the questions.
    await student.getByRole("button", { name: "Submit answers" }).click();
    const asking = student.getByRole("alertdialog", { name: "Submit with questions left as they are?" });
    await asking.getByText(`${items.length} of ${items.length} questions are unanswered or unchanged`, { exact: false }).waitFor();
    await asking.getByRole("button", { name: "Go back" }).click();
    await asking.waitFor({ state: "hidden" });
    // Every answer right but the first question's.
    for (const [index, item] of items.entries()) {
      const question = student.getByRole("listitem", { name: `Question ${index + 1}`, exact: true });
      if (item.kind === "multiple-choice") {
        const choice = index === 0 ? (item.answerIndex! + 1) % item.options!.length : item.answerIndex!;
        await question.getByRole("radio").nth(choice).check();
      } else {
        await question.getByRole("textbox").fill(index === 0 ? "something else" : item.answer!);
      }
    }
    expect(await hasNoSidewaysScroll(student)).toBe(true);
    await student.screenshot({ path: `${shots}/take-quiz-360.png`, fullPage: true });
    await student.getByRole("button", { name: "Submit answers" }).click();
    await student.getByRole("heading", { name: `Your score: ${items.length - 1} / ${items.length}` }).waitFor();
    expect(await focusedText(student)).toBe(`Your score: ${items.length - 1} / ${items.length}`);
    await student.getByText("Look at how the class's openings state their claim.").waitFor();
    expect(await hasNoSidewaysScroll(student)).toBe(true);
    await student.screenshot({ path: `${shots}/quiz-result-360.png`, fullPage: true });
    // Only the refused name's answer (400) may show in the console.
    expect(app.consoleErrors(student).filter((line) => !line.includes("status of 400"))).toEqual([]);

    await page.reload();
    const results = page.getByRole("region", { name: "Results" });
    const byStudent = results.getByRole("table", { name: "By student" });
    await byStudent.getByRole("row", { name: new RegExp(`Chloe Park.*${items.length - 1} / ${items.length}`) }).waitFor();
    // The server saw the attempt open, so the teacher reads how long it took.
    await byStudent.getByText("Took under a minute").waitFor();
    const byQuestion = results.getByRole("table", { name: "By question" });
    expect(await byQuestion.getByRole("row").nth(1).innerText()).toContain("0%");
    expect(await byQuestion.getByRole("row").nth(2).innerText()).toContain("100%");
    await results.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/results-1280.png`, fullPage: true });
    // A classmate may have used Chloe's name: the teacher gives her attempt back, after a question.
    await byStudent.getByRole("button", { name: "Reset attempts for Chloe Park" }).click();
    const confirming = page.getByRole("alertdialog", { name: "Reset Chloe Park's attempts?" });
    await confirming.getByText("Their attempt and its score are deleted from these results, and Chloe Park can take the quiz again.", { exact: false }).waitFor();
    await confirming.getByRole("button", { name: "Reset attempts" }).click();
    await results.getByText("No attempts yet. Results appear here as students submit.").waitFor();
    expect((await teacher.client.get(`/api/practice/${quizId}/results`)).data.attempts).toEqual([]);

    // The link got out of the class: the teacher replaces it, after a question; the old one stops at once.
    await page.getByRole("button", { name: "New link" }).click();
    const replacing = page.getByRole("alertdialog", { name: "Replace this link?" });
    await replacing.getByText("The current link stops working at once: anyone who opens it is told it is no longer active.", { exact: false }).waitFor();
    await replacing.getByRole("button", { name: "Make a new link" }).click();
    await replacing.waitFor({ state: "hidden" });
    await page.getByText("The old link no longer works. Copy the new one for your students.").first().waitFor();
    const newLink = (await page.getByLabel("Share link").innerText()).trim();
    expect(newLink).toMatch(new RegExp(`^${app.url}/practice/[A-Za-z0-9_-]{32}$`));
    expect(newLink).not.toBe(link);
    await student.goto(link);
    await student.getByText("This link is no longer active", { exact: false }).first().waitFor();
    await student.goto(newLink);
    await student.getByLabel("Your name").waitFor();
    // Attempts came in before the link was replaced: the teacher gives every student theirs back at once.
    const token = new URL(newLink).pathname.split("/").pop()!;
    for (const name of ["Ben Cole", "Dev Shah"]) {
      const posted = await new TestClient(app.url).post(`/api/shared-practice/${token}/attempts`, { idempotencyKey: `attempt-${name.replace(" ", "-")}-all`, studentName: name, answers: {} });
      expect(posted.status, posted.text).toBe(201);
    }
    await page.reload();
    await results.getByRole("button", { name: "Reset all attempts" }).click();
    const resettingAll = page.getByRole("alertdialog", { name: "Reset all 2 attempts?" });
    await resettingAll.getByText("Every attempt and its score is deleted from these results, and every student can take the quiz again.", { exact: false }).waitFor();
    await resettingAll.getByRole("button", { name: "Reset all attempts" }).click();
    await results.getByText("No attempts yet. Results appear here as students submit.").waitFor();
    expect((await teacher.client.get(`/api/practice/${quizId}/results`)).data.attempts).toEqual([]);
    app.assertNoConsoleErrors(page);

    const narrow = await app.newPage(phone);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`${app.url}/quizzes/${quizId}`);
    await narrow.getByRole("heading", { level: 1 }).waitFor();
    expect(await hasNoSidewaysScroll(narrow)).toBe(true);
    await narrow.screenshot({ path: `${shots}/quiz-review-360.png`, fullPage: true });
    // A class graded, practice made, a student's attempt and the teacher's page at two widths: longer than one page.
  }, 150_000);

  it("lets a student study three cards of a shared deck at phone width, remembered on that device", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(20_000);
    const teacher = await signInAsNewTeacher(app, page, "prd");
    await page.goto(`${app.url}/app`);
    await page.getByRole("link", { name: /^Flashcards/ }).click();
    await page.waitForURL(`${app.url}/flashcards`);
    await page.getByLabel("Text of your lesson").fill(lesson);
    await page.screenshot({ path: `${shots}/flashcards-list-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Make deck" }).click();
    await page.waitForURL(/\/flashcards\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Share with students" }).click();
    const link = (await page.getByLabel("Share link").innerText()).trim();
    const deckId = new URL(page.url()).pathname.split("/").pop()!;
    const cards: { front: string; back: string }[] = (await teacher.client.get(`/api/practice/${deckId}`)).data.items;
    expect(cards.length).toBeGreaterThanOrEqual(3);

    const narrow = await app.newPage(phone);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`${app.url}/flashcards`);
    await narrow.getByRole("list", { name: "Your decks" }).getByRole("link").first().waitFor();
    expect(await hasNoSidewaysScroll(narrow)).toBe(true);
    await narrow.screenshot({ path: `${shots}/flashcards-list-360.png`, fullPage: true });

    const student = await app.newPage(phone);
    student.setDefaultTimeout(20_000);
    await student.goto(link);
    await student.getByRole("heading", { level: 1 }).waitFor();
    for (let studied = 0; studied < 3; studied += 1) {
      const card = student.getByRole("region", { name: "Card" });
      const front = (await card.getByTestId("card-front").innerText()).trim();
      expect(cards.map((item) => item.front)).toContain(front);
      await student.getByRole("button", { name: "Show answer" }).click();
      const back = cards.find((item) => item.front === front)!.back;
      await card.getByText(back).waitFor();
      // The button pressed is gone: focus goes to the answer, then to the next card, not to the page's top.
      expect(await focusedText(student)).toBe(back);
      if (studied === 0) await student.screenshot({ path: `${shots}/study-360.png`, fullPage: true });
      await student.getByRole("button", { name: /^Good/ }).click();
      await student.getByText(`${studied + 1} studied`).waitFor();
      expect(await focusedText(student)).toBe((await student.getByRole("region", { name: "Card" }).getByTestId("card-front").innerText()).trim());
    }
    expect(await hasNoSidewaysScroll(student)).toBe(true);

    // The same device later: the three cards are remembered as studied, not due again now.
    await student.reload();
    await student.getByText(`${cards.length - 3} new`).waitFor();
    app.assertNoConsoleErrors(student);
  });

  it("says under the field what to fix, lists a new deck on going back, refuses a time limit that is no number, and keeps a card's long link inside a phone page", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(20_000);
    const teacher = await signInAsNewTeacher(app, page, "prf");
    await page.goto(`${app.url}/flashcards`);
    const text = page.getByLabel("Text of your lesson");
    const title = page.getByLabel("Title (optional)");
    const make = page.getByRole("button", { name: "Make deck" });

    // The server's own sentence under the box it is about, not "The request body has problems in: source.text".
    await make.click();
    await page.locator("#practice-text-error").getByText("Paste the text to make practice from").waitFor();
    expect(await text.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("A topic", { exact: true }).click();
    expect(await page.locator("#practice-topic-error").count()).toBe(0);
    await page.getByText("Paste text", { exact: true }).click();

    await page.getByLabel("Text of your lesson").fill(lesson);
    await title.fill("Photosynthesis ".repeat(17));
    await make.click();
    await page.locator("#practice-title-error").getByText("Keep the title within 200 characters").waitFor();
    expect(await page.getByLabel("Text of your lesson").getAttribute("aria-invalid")).not.toBe("true");
    await page.screenshot({ path: `${shots}/make-deck-title-error-1280.png`, fullPage: true });

    await title.fill("Plants");
    await make.click();
    await page.waitForURL(/\/flashcards\/[0-9a-f-]{36}$/);
    const deckId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("link", { name: "Flashcards" }).click();
    await page.getByRole("list", { name: "Your decks" }).getByRole("link", { name: /^Plants/ }).waitFor();

    // A link has no place to break: on a card it made the deck's page 750 px wide at phone width.
    const cards: { id: string; front: string; back: string }[] = (await teacher.client.get(`/api/practice/${deckId}`)).data.items;
    const longLink = "See https://en.wikipedia.org/wiki/Photosynthesis#Light-dependent_reactions_in_the_thylakoid_membranes_of_chloroplasts";
    expect((await teacher.client.put(`/api/practice/${deckId}/items`, { items: cards.map((card, index) => (index === 0 ? { ...card, back: longLink } : card)) })).status).toBe(200);
    const narrow = await app.newPage(phone);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`${app.url}/flashcards/${deckId}`);
    await narrow.getByText(longLink).waitFor();
    expect(await hasNoSidewaysScroll(narrow)).toBe(true);
    await narrow.screenshot({ path: `${shots}/deck-long-link-360.png`, fullPage: true });

    // "abc" was sent as null (NaN in JSON) and saved as no time limit, with "Settings saved".
    const quiz = await teacher.client.post("/api/practice", { kind: "quiz", source: { kind: "text", text: lesson } });
    expect(quiz.status, quiz.text).toBe(201);
    await page.goto(`${app.url}/quizzes/${quiz.data.id}`);
    await page.getByLabel("Time limit (minutes)").fill("abc");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.locator("#time-limit-error").getByText("Give the time limit in minutes, or none").waitFor();
    expect((await teacher.client.get(`/api/practice/${quiz.data.id}`)).data.settings.timeLimitMinutes).toBeNull();
    await page.getByLabel("Time limit (minutes)").fill("15");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved").first().waitFor();
    expect((await teacher.client.get(`/api/practice/${quiz.data.id}`)).data.settings.timeLimitMinutes).toBe(15);
    app.assertNoConsoleErrors(narrow);

    // A student reloading mid-quiz keeps the answers and the clock: a reload had emptied the quiz and given 15 minutes more.
    const shared = await teacher.client.post(`/api/practice/${quiz.data.id}/share`);
    expect(shared.status, shared.text).toBe(200);
    const student = await app.newPage(phone);
    student.setDefaultTimeout(20_000);
    await student.goto(shared.data.shareUrl);
    await student.getByLabel("Your name").fill("Ana Ortiz");
    await student.getByRole("button", { name: "Start quiz" }).click();
    const first = student.getByRole("listitem", { name: "Question 1", exact: true });
    const firstItem: Item = quiz.data.items[0];
    if (firstItem.kind === "multiple-choice") await first.getByRole("radio").nth(1).check();
    else await first.getByRole("textbox").fill("my answer");
    const timerOn = async (page: typeof student) => {
      const [minutes, seconds] = ((await page.getByRole("timer").innerText()).trim().split(":") as [string, string]).map(Number) as [number, number];
      return minutes * 60 + seconds;
    };
    const secondsLeft = () => timerOn(student);
    await student.waitForTimeout(2_000);
    const before = await secondsLeft();
    expect(before).toBeLessThan(15 * 60);
    await student.reload();
    await student.getByRole("button", { name: "Submit answers" }).waitFor();
    expect(await secondsLeft()).toBeLessThanOrEqual(before);
    if (firstItem.kind === "multiple-choice") expect(await first.getByRole("radio").nth(1).isChecked()).toBe(true);
    else expect(await first.getByRole("textbox").inputValue()).toBe("my answer");
    await student.screenshot({ path: `${shots}/quiz-after-reload-360.png`, fullPage: true });
    app.assertNoConsoleErrors(student);

    // Nor does a second device: the clock is the server's, started when the attempt first opened.
    const secondDevice = await app.newPage(phone);
    await secondDevice.goto(shared.data.shareUrl);
    await secondDevice.getByLabel("Your name").fill("ana ortiz");
    await secondDevice.getByRole("button", { name: "Start quiz" }).click();
    await expect.poll(() => timerOn(secondDevice), { timeout: 10_000 }).toBeLessThanOrEqual(before);
    app.assertNoConsoleErrors(secondDevice);
  });
});

