import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classroomScopes } from "../../src/contracts/google-classroom";
import { FakeGoogleClassroom } from "../../scripts/playground/fake-google-classroom";
import { startE2eApp, type E2eApp } from "../support/e2e";
import { signInAsNewTeacher } from "../support/e2e-accounts";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";

let app: E2eApp;
let google: FakeGoogleClassroom;
const shots = "test-results/google-classroom";

beforeAll(async () => {
  google = await new FakeGoogleClassroom().start();
  app = await startE2eApp({ env: google.env() });
});
afterAll(async () => {
  await app?.stop();
  await google?.stop();
});

describe("Google Classroom", () => {
  it("connects in Settings, publishes an assignment to a course, imports its roster and sends the reviewed grade", async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    page.setDefaultTimeout(15_000);
    const teacher = await signInAsNewTeacher(app, page, "gce2e");
    const googleUserId = `e2e-google-${Date.now()}`;
    const course = google.addCourse("English 9", googleUserId, [
      { userId: "g-ana", fullName: "Ana Ortiz", email: "ana@pupils.test" },
      { userId: "g-ben", fullName: "Ben Cole", email: "ben@pupils.test" },
    ]);
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Classroom essay" });
    const files = ["Ana Ortiz", "Ben Cole"].map((name, index) => textFile(`${name}.txt`, studentEssay(700 + index, name)));
    expect((await teacher.client.request("POST", `/api/assignments/${assignment.id}/submissions`, { body: uploadForm(files) })).status).toBe(200);
    await waitForGrading(teacher.client, assignment.id);
    const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignment.id}/submissions`)).data;
    expect((await teacher.client.post(`/api/submissions/${list.find((item) => item.studentName === "Ana Ortiz")!.id}/accept`)).status).toBe(200);

    // Connecting goes to Google's consent page: here the fake's, whose code exchange gives the tokens better-auth keeps.
    google.users.push({ sub: googleUserId, name: "Pat Teacher", email: teacher.email });
    let consentUrl: URL | undefined;
    page.on("request", (request) => {
      if (request.url().startsWith(`${google.url}/o/oauth2/v2/auth`)) consentUrl = new URL(request.url());
    });
    // Back from a failed connection, Settings says why (the Google account belongs to another teacher).
    await page.goto(`${app.url}/app/settings?error=account_already_linked_to_different_user`);
    const section = page.getByRole("region", { name: "Google Classroom" });
    await section.getByRole("alert").getByText(/^That Google account is already connected to another Markwise account\./).waitFor();
    await page.goto(`${app.url}/app/settings`);
    await section.getByText("Not connected").waitFor();
    expect(await section.getByRole("alert").count()).toBe(0);
    await section.getByRole("button", { name: "Connect Google Classroom" }).click();
    await page.getByRole("link", { name: `Continue as Pat Teacher (${teacher.email})` }).click();
    await section.getByText("Connected", { exact: true }).waitFor();
    expect(consentUrl!.searchParams.get("scope")!.split(" ")).toEqual(expect.arrayContaining([...classroomScopes]));
    expect(consentUrl!.searchParams.get("include_granted_scopes")).toBe("true");
    await section.getByRole("button", { name: "Disconnect Google Classroom" }).waitFor();

    await page.goto(`${app.url}/assignments/${assignment.id}`);
    const panel = page.getByRole("region", { name: "Google Classroom" });
    await panel.getByRole("combobox", { name: "Course", exact: true }).click();
    await page.getByRole("option", { name: "English 9 (Period 2)" }).click();
    await panel.getByText("Markwise publishes this assignment in the course, so it can send grades to it later.").waitFor();
    await panel.getByRole("button", { name: "Publish to Classroom" }).click();
    await panel.getByRole("link", { name: /Classroom essay/ }).waitFor();
    expect(google.createdCourseWork.at(-1)).toMatchObject({ courseId: course.id, body: { title: "Classroom essay", maxPoints: 20 } });

    await panel.getByRole("button", { name: "Import roster from Classroom" }).click();
    await page.getByText("Roster imported from English 9: 2 students added, 0 updated, 2 submissions matched.").first().waitFor();
    await panel.getByRole("button", { name: "Send grades to Classroom" }).click();
    // The summary stays in the panel, not only in a toast that the next message replaces.
    await panel.getByRole("status").filter({ hasText: "English 9: 1 grade sent as drafts, 1 waiting for review (not sent)." }).waitFor();
    const courseWorkId = course.courseWork.at(-1)!.id;
    const gradebook = (await teacher.client.get(`/api/assignments/${assignment.id}/gradebook`)).data;
    expect(google.submissionOf(course.id, courseWorkId, "g-ana").draftGrade).toBe(gradebook.rows.find((row: { studentName: string }) => row.studentName === "Ana Ortiz").finalScore);
    expect(google.submissionOf(course.id, courseWorkId, "g-ben").draftGrade).toBeUndefined();
    await panel.getByText("Google Classroom's API does not let apps write private comments", { exact: false }).waitFor();
    await page.screenshot({ path: `${shots}/assignment-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 360, height: 740 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/assignment-360.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    app.assertNoConsoleErrors(page);
  });
});
