import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleEnvFor } from "../../scripts/playground/fake-google-classroom";
import { googlePath, startPlayground, type Playground } from "../../scripts/playground/playground-server";
import { signUpWithEmail } from "../helpers/lti-accounts";
import { createSignedInTeacher } from "../support/accounts";
import { startE2eApp, type E2eApp } from "../support/e2e";
import type { TestClient } from "../support/http";
import { findFreePort } from "../support/server-process";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

/**
 * The whole loop a person runs with `npm run playground` beside Markwise: the playground LMS registers Markwise by
 * link, launches the teacher, who adds an assignment by Deep Linking, imports the roster, grades and sends the grades
 * back; the LMS's gradebook shows them; a student launches and reads their returned feedback. Then Google: connecting
 * through the fake's consent page, publishing to its Classroom, importing turned-in work and sending a draft grade,
 * and a new person signing in with Google there.
 */
let app: E2eApp;
let playground: Playground;
let teacher: Awaited<ReturnType<typeof createSignedInTeacher>>;
const adminEmail = `pg-admin-${Date.now().toString(36)}@school.test`;
const shots = "test-results/playground";
const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 740 };

beforeAll(async () => {
  // The app must know the fake Google's address before the playground (which must know the app's) starts.
  const port = await findFreePort();
  app = await startE2eApp({ env: { ADMIN_EMAILS: adminEmail, ...googleEnvFor(`http://localhost:${port}${googlePath}`) } });
  teacher = await createSignedInTeacher(app.url, app.server.deps.database.db, "pgteach");
  playground = await startPlayground({ port, markwiseUrl: app.url, teacherEmail: teacher.email });
});
afterAll(async () => {
  await playground?.stop();
  await app?.stop();
});

async function signInWith(page: Page, client: TestClient) {
  const { hostname } = new URL(app.url);
  await page.context().addCookies(client.cookieList().map((cookie) => ({ ...cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" as const })));
}

const hasNoSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A playground page at both widths, checked for sideways scrolling and saved for a person to look at. */
async function shoot(page: Page, path: string, name: string) {
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.goto(`${playground.url}${path}`);
    expect(await hasNoSidewaysScroll(page), `${name} at ${viewport.width} px`).toBe(true);
    await page.screenshot({ path: `${shots}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

async function acceptGrades(assignmentId: string, names: string[]) {
  const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignmentId}/submissions`)).data;
  for (const name of names) expect((await teacher.client.post(`/api/submissions/${list.find((item) => item.studentName === name)!.id}/accept`)).status).toBe(200);
}

describe("the platform playground", () => {
  it("registers Markwise by link, launches it, and gets the grades, comments and feedback back", async () => {
    const platformName = `Playground (${new URL(playground.url).host})`;
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Playground essay" });
    const names = playground.course.students.map((student) => student.name);
    const upload = await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(names.map((name, seed) => textFile(`${name}.txt`, studentEssay(seed + 80, name)))) });
    expect(upload.status, upload.text).toBe(200);
    await waitForGrading(teacher.client, assignment.id);

    // The admin creates a registration link in Markwise and pastes it into the playground.
    const admin = await app.newPage(desktop);
    admin.setDefaultTimeout(15_000);
    await signInWith(admin, await signUpWithEmail(app.url, app.server.deps.database.db, adminEmail));
    await admin.goto(`${app.url}/app/lti`);
    const linkPanel = admin.getByRole("region", { name: "Register by link (Moodle, Canvas)" });
    await linkPanel.getByRole("button", { name: "Create a registration link" }).click();
    const link = (await linkPanel.getByText(`${app.url}/api/lti/register/`).textContent())!.trim();

    const lms = await app.newPage(desktop);
    lms.setDefaultTimeout(15_000);
    await lms.goto(playground.url);
    await lms.getByLabel("Markwise registration link").fill(link);
    await lms.getByRole("button", { name: "Register Markwise" }).click();
    await lms.getByRole("status").getByText("Markwise is registered with this LMS.", { exact: false }).waitFor();
    await lms.frameLocator("iframe").getByRole("heading", { name: "Markwise is registered" }).waitFor();
    await lms.screenshot({ path: `${shots}/register-1280.png`, fullPage: true });
    await lms.setViewportSize(phone);
    expect(await hasNoSidewaysScroll(lms)).toBe(true);
    await lms.screenshot({ path: `${shots}/register-360.png`, fullPage: true });
    await lms.setViewportSize(desktop);
    await admin.reload();
    await admin.getByRole("region", { name: "Registered platforms" }).getByRole("heading", { name: platformName }).waitFor();

    // The teacher adds the Markwise assignment to the course by Deep Linking: the launch signs them in to Markwise.
    await lms.goto(playground.url);
    await lms.getByRole("button", { name: "Add Markwise assignment" }).click();
    await lms.getByRole("heading", { name: `Add a Markwise assignment to ${platformName}` }).waitFor();
    await lms.getByLabel(/Playground essay/).check();
    await lms.getByRole("button", { name: `Add to ${platformName}` }).click();
    await lms.getByRole("heading", { name: "Added to the course" }).waitFor();
    await lms.getByRole("link", { name: "Back to the course" }).click();
    await lms.getByRole("button", { name: "Launch Playground essay as teacher" }).click();
    await lms.waitForURL(`${app.url}/assignments/${assignment.id}`);

    const panel = lms.getByRole("region", { name: "Learning platform" });
    await panel.getByRole("button", { name: `Import roster from ${platformName}` }).click();
    await lms.getByText(`Roster imported from ${platformName}: 3 students added, 0 updated, 3 submissions matched.`).first().waitFor();
    await acceptGrades(assignment.id, ["Ana Ortiz", "Ben Cole"]);
    await panel.getByRole("button", { name: `Send grades to ${platformName}` }).click();
    await lms.getByText(`${platformName}: 2 grades sent, 1 waiting for review (not sent).`).first().waitFor();

    // The playground's gradebook shows what Markwise posted: each reviewed grade's final score and its feedback.
    const gradebook: { rows: { studentName: string; finalScore: number | null }[] } = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data;
    await lms.goto(`${playground.url}/gradebook`);
    const column = lms.getByRole("region", { name: "Line item Playground essay" });
    for (const student of playground.course.students.slice(0, 2)) {
      const posted = playground.platform.scores.find((score) => score.body.userId === student.sub)!;
      expect(posted.body.scoreGiven).toBe(gradebook.rows.find((row) => row.studentName === student.name)!.finalScore);
      expect(posted.body.comment?.length).toBeGreaterThan(20);
      const row = column.getByRole("row", { name: new RegExp(`^${student.name}`) });
      await row.getByText(`${posted.body.scoreGiven} / 20`).waitFor();
      expect(await row.innerText()).toContain(posted.body.comment!.split("\n")[0]!.slice(0, 60));
    }
    await column.getByRole("row", { name: /^Chloe Park/ }).getByText("—").waitFor();
    app.assertNoConsoleErrors(lms);

    // Feedback goes back to the students; Ana launches the activity and reads hers.
    await lms.goto(`${app.url}/assignments/${assignment.id}`);
    const returning = lms.getByRole("region", { name: "Return to students" });
    await returning.getByRole("button", { name: "Return to students" }).click();
    await returning.getByRole("list", { name: "Returned students" }).getByRole("listitem", { name: "Ana Ortiz" }).waitFor();

    const student = await app.newPage(phone);
    student.setDefaultTimeout(15_000);
    await student.goto(playground.url);
    await student.getByRole("button", { name: "Launch Playground essay as Ana Ortiz" }).click();
    await student.getByText("Feedback for Ana Ortiz").waitFor();
    await student.getByRole("heading", { name: "Your score" }).waitFor();
    expect(await student.content()).not.toContain("Ben Cole");
    await student.screenshot({ path: `${shots}/student-feedback-360.png`, fullPage: true });

    await shoot(lms, "/", "course");
    await shoot(lms, "/gradebook", "gradebook");
  });

  it("connects Google through the fake's consent page, publishes to its Classroom, imports turned-in work and sends a draft grade", async () => {
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Classroom essay" });
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    await signInWith(page, teacher.client);
    await page.goto(`${app.url}/app/settings`);
    const settings = page.getByRole("region", { name: "Google Classroom" });
    await settings.getByRole("button", { name: "Connect Google Classroom" }).click();
    await page.getByRole("heading", { name: "Choose an account" }).waitFor();
    await page.screenshot({ path: `${shots}/google-consent-1280.png`, fullPage: true });
    await page.setViewportSize(phone);
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${shots}/google-consent-360.png`, fullPage: true });
    await page.setViewportSize(desktop);
    await page.getByRole("link", { name: `Continue as Pat Rivera (${teacher.email})` }).click();
    await page.waitForURL(/\/app\/settings/);
    await settings.getByText("Connected", { exact: true }).waitFor();

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Google Classroom" });
    await panel.getByRole("combobox", { name: "Course", exact: true }).click();
    await page.getByRole("option", { name: "English 9 (Period 2)" }).click();
    await panel.getByRole("button", { name: "Publish to Classroom" }).click();
    await panel.getByRole("link", { name: /Classroom essay/ }).waitFor();

    // Two students turn in their work in the playground's Classroom: a Google Doc and a text file.
    const lms = await app.newPage(desktop);
    lms.setDefaultTimeout(15_000);
    for (const [index, name, kind] of [[0, "Ana Ortiz", "a Google Doc"], [1, "Ben Cole", "a text file"]] as const) {
      await lms.goto(`${playground.url}/classroom`);
      await lms.getByLabel("Coursework", { exact: true }).selectOption({ label: "Classroom essay" });
      await lms.getByLabel("Student", { exact: true }).selectOption({ label: name });
      await lms.getByLabel("As", { exact: true }).selectOption({ label: kind });
      await lms.getByLabel("The work", { exact: true }).fill(studentEssay(900 + index, name));
      await lms.getByRole("button", { name: "Turn in" }).click();
      await lms.getByRole("region", { name: "Coursework Classroom essay" }).getByRole("row", { name: new RegExp(`^${name} TURNED_IN`) }).waitFor();
    }

    await page.bringToFront();
    await panel.getByRole("button", { name: "Import roster from Classroom" }).click();
    await page.getByText("Roster imported from English 9: 3 students added, 0 updated.").first().waitFor();
    await panel.getByRole("button", { name: "Import submissions from Classroom" }).click();
    await page.getByText("2 submissions imported, 1 not turned in.").first().waitFor();
    await waitForGrading(teacher.client, assignment.id);
    await acceptGrades(assignment.id, ["Ana Ortiz"]);
    await panel.getByRole("button", { name: "Send grades to Classroom" }).click();
    await page.getByText("English 9: 1 grade sent as drafts, 1 waiting for review (not sent).").first().waitFor();
    app.assertNoConsoleErrors(page);

    const gradebook: { rows: { studentName: string; finalScore: number | null }[] } = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data;
    const anaScore = gradebook.rows.find((row) => row.studentName === "Ana Ortiz")!.finalScore;
    await lms.goto(`${playground.url}/classroom`);
    const work = lms.getByRole("region", { name: "Coursework Classroom essay" });
    await work.getByRole("row", { name: `Ana Ortiz TURNED_IN ${anaScore} — Ana Ortiz's essay` }).waitFor();
    await work.getByRole("row", { name: "Ben Cole TURNED_IN — — Ben Cole.txt" }).waitFor();
    await shoot(lms, "/classroom", "classroom");
  });

  it("signs a new person in with Continue with Google through the fake's consent page", async () => {
    const page = await app.newPage(desktop);
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.url}/auth`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("link", { name: "Continue as Chloe Park (chloe@pupils.playground.test)" }).click();
    await page.waitForURL((url) => url.origin === app.url && !url.pathname.startsWith("/auth"));
    const session = await page.evaluate(() => fetch("/api/auth/get-session").then((response) => response.json()));
    expect(session.user).toMatchObject({ email: "chloe@pupils.playground.test", name: "Chloe Park", emailVerified: true });
    app.assertNoConsoleErrors(page);
  });
});
