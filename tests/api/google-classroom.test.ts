import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classroomScopes } from "../../src/contracts/google-classroom";
import { accounts } from "../../src/server/db/schema";
import { createSignedInTeacher } from "../support/accounts";
import { FakeGoogleClassroom, scopes } from "../../scripts/playground/fake-google-classroom";
import { storeGoogleAccount } from "../support/google-account";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let google: FakeGoogleClassroom;
const db = () => server.deps.database.db;
type Teacher = Awaited<ReturnType<typeof createSignedInTeacher>>;

const students = [
  { userId: "g-ana", fullName: "Ana Ortiz", email: "ana@pupils.test" },
  { userId: "g-ben", fullName: "Ben Cole", email: "ben@pupils.test" },
  { userId: "g-chloe", fullName: "Chloe Park", email: "chloe@pupils.test" },
  { userId: "g-dev", fullName: "Dev Shah", email: "dev@pupils.test" },
];

let counter = 0;
/** A signed-in teacher who connected Google Classroom (every scope granted unless told otherwise). */
async function connectedTeacher(options: { granted?: string[]; isExpired?: boolean } = {}) {
  counter += 1;
  const teacher = await createSignedInTeacher(server.url, db(), `gc${counter}`);
  const googleUserId = `google-teacher-${counter}-${Date.now()}`;
  await storeGoogleAccount(server, google, { userId: teacher.id, googleUserId }, { requested: [...classroomScopes], ...options });
  return { ...teacher, googleUserId };
}

const storedAccount = async (teacher: Teacher) => (await db().select().from(accounts).where(and(eq(accounts.userId, teacher.id), eq(accounts.providerId, "google"))))[0]!;

beforeAll(async () => {
  google = await new FakeGoogleClassroom().start();
  server = await startTestServer({ env: google.env() });
});
afterAll(async () => {
  await server?.stop();
  await google?.stop();
});

describe(`Google Classroom connection (${testDatabaseKind})`, () => {
  it("says Classroom is not connected until every Classroom scope is granted, and refuses course calls until then", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "gcnone");
    expect((await teacher.client.get("/api/google-classroom/connection")).data).toEqual({ isAvailable: true, isConnected: false, hasGoogleAccount: false, missingScopes: [...classroomScopes] });
    await storeGoogleAccount(server, google, { userId: teacher.id, googleUserId: `signin-only-${Date.now()}` }, { requested: [] });
    const signedInOnly = await teacher.client.get("/api/google-classroom/connection");
    expect(signedInOnly.data).toMatchObject({ isConnected: false, hasGoogleAccount: true });
    const courses = await teacher.client.get("/api/google-classroom/courses");
    expect(courses.status).toBe(409);
    expect(courses.data.error.message).toBe("Connect Google Classroom in Settings first.");
  });

  it("lists only the connected teacher's courses, across pages, with tokens sealed at rest", async () => {
    const teacher = await connectedTeacher();
    expect((await teacher.client.get("/api/google-classroom/connection")).data).toMatchObject({ isConnected: true, missingScopes: [] });
    const names = ["English 9", "English 10", "Debate club"];
    for (const name of names) google.addCourse(name, teacher.googleUserId, []);
    google.addCourse("Someone else's class", "another-google-teacher", []);
    const listed = await teacher.client.get("/api/google-classroom/courses");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.data.courses.map((course: { name: string }) => course.name)).toEqual(names);
    const row = await storedAccount(teacher);
    expect(row.refreshToken).not.toMatch(/^1\/\//);
    expect(row.accessToken).not.toMatch(/^ya29\./);
  });

  it("renews an expired access token with the refresh token and stores the new one sealed", async () => {
    const teacher = await connectedTeacher({ isExpired: true });
    google.addCourse("Expired token class", teacher.googleUserId, []);
    const before = google.refreshCount;
    const listed = await teacher.client.get("/api/google-classroom/courses");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.data.courses).toHaveLength(1);
    expect(google.refreshCount).toBe(before + 1);
    const row = await storedAccount(teacher);
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(row.accessToken).not.toMatch(/^ya29\./);
    await teacher.client.get("/api/google-classroom/courses");
    expect(google.refreshCount).toBe(before + 1);
  });

  it("renews a token Google answers 401 to before its expiry, and asks to connect again once the grant is revoked", async () => {
    const teacher = await connectedTeacher();
    google.addCourse("Revoked class", teacher.googleUserId, []);
    const before = google.refreshCount;
    google.dropAccessTokens();
    const renewed = await teacher.client.get("/api/google-classroom/courses");
    expect(renewed.status, renewed.text).toBe(200);
    expect(google.refreshCount).toBe(before + 1);

    google.revokeGrants();
    const revoked = await teacher.client.get("/api/google-classroom/courses");
    expect(revoked.status).toBe(422);
    expect(revoked.data.error.message).toBe("Google no longer accepts Markwise's connection to your account (Token has been expired or revoked.). Connect Google Classroom again in Settings.");
  });

  it("turns Google's 403s into messages that say what to do", async () => {
    const partial = await connectedTeacher({ granted: [scopes.courses, scopes.rosters, scopes.emails, scopes.drive] });
    const course = google.addCourse("Unticked box", partial.googleUserId, []);
    const noScope = await partial.client.get(`/api/google-classroom/courses/${course.id}/coursework`);
    expect(noScope.status).toBe(422);
    expect(noScope.data.error.message).toContain("Connect Google Classroom again in Settings.");

    const outsider = await connectedTeacher();
    const notTheirs = await outsider.client.get(`/api/google-classroom/courses/${course.id}/coursework`);
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.data.error.message).toMatch(/^Google Classroom refused to list the course's classwork: you need to be a teacher of this course/);
  });

  it("disconnects: Markwise forgets the tokens and says Classroom is not connected", async () => {
    const teacher = await connectedTeacher();
    const disconnected = await teacher.client.delete("/api/google-classroom/connection");
    expect(disconnected.status).toBe(200);
    expect(disconnected.data).toMatchObject({ isConnected: false, hasGoogleAccount: true });
    expect(await storedAccount(teacher)).toMatchObject({ accessToken: null, refreshToken: null, scope: "openid,email,profile" });
  });
});

describe(`Google Classroom roster and submissions (${testDatabaseKind})`, () => {
  let teacher: Awaited<ReturnType<typeof connectedTeacher>>;
  let assignmentId: string;
  let courseId: string;
  let courseWorkId: string;
  // Ana turned in before the due date; her draft grade, set in Classroom later, moved the submission's updateTime.
  const anaTurnedIn = "2025-03-05T09:15:00.000Z";

  beforeAll(async () => {
    teacher = await connectedTeacher();
    assignmentId = (await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay" })).id;
    courseId = google.addCourse("English 9", teacher.googleUserId, students).id;
    courseWorkId = google.addCourseWorkMadeInClassroom(courseId, "Uniforms essay", 100).id;
    google.turnIn(courseId, courseWorkId, "g-ana", [{ driveFile: { id: google.addFile("Ana's essay", "application/vnd.google-apps.document", studentEssay(501, "Ana Ortiz")), title: "Ana's essay" } }], new Date(anaTurnedIn));
    google.gradeInClassroom(courseId, courseWorkId, "g-ana", 80);
    google.turnIn(courseId, courseWorkId, "g-ben", [{ driveFile: { id: google.addFile("essay.txt", "text/plain", studentEssay(502, "Ben Cole")), title: "essay.txt" } }]);
    google.turnIn(courseId, courseWorkId, "g-chloe", [{ link: { url: "https://example.test/chloe", title: "My blog post" } }]);
  });

  it("refuses a link without a course, naming the field", async () => {
    const refused = await teacher.client.put(`/api/assignments/${assignmentId}/google-classroom`, {});
    expect(refused.status).toBe(400);
    expect(refused.data.error.fields).toEqual({ courseId: "Choose the Classroom course" });
  });

  it("links the assignment to a coursework item made in Classroom, which cannot take Markwise's grades", async () => {
    const linked = await teacher.client.put(`/api/assignments/${assignmentId}/google-classroom`, { courseId, courseWorkId });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.data.link).toMatchObject({ courseName: "English 9", courseWork: { id: courseWorkId, title: "Uniforms essay", maxPoints: 100 }, canSendGrades: false });
    const grades = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {});
    expect(grades.status).toBe(409);
    expect(grades.data.error.message).toContain("Publish the assignment to Classroom from Markwise");
  });

  it("imports the course's students into the roster with their e-mails, and again without duplicates", async () => {
    const imported = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/roster`);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data).toEqual({ courseName: "English 9", added: 4, updated: 0, unchanged: 0, matchedSubmissions: 0 });
    const roster = (await teacher.client.get(`/api/assignments/${assignmentId}/roster`)).data;
    expect(roster.students.map((student: { name: string; email: string }) => [student.name, student.email])).toEqual(students.map((student) => [student.fullName, student.email]));
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/roster`)).data).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
  });

  it("imports turned-in Google Docs and files, lists what to upload by hand by student, and does not import twice", async () => {
    const imported = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/submissions`, { timeZone: "Europe/Paris" });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data).toEqual({
      imported: 2,
      alreadyImported: 0,
      uploadByHand: [{ studentName: "Chloe Park", fileName: "My blog post", reason: "It is a link: open it from Classroom and upload the work by hand." }],
      notTurnedIn: ["Dev Shah"],
    });
    const list: { studentName: string; rosterStudentId: string | null; submittedAt: string }[] = (await teacher.client.get(`/api/assignments/${assignmentId}/submissions`)).data;
    expect(list.map((item) => item.studentName).sort()).toEqual(["Ana Ortiz", "Ben Cole"]);
    // Dated by when the work was turned in, not by Classroom's last change to the submission.
    expect(list.find((item) => item.studentName === "Ana Ortiz")!.submittedAt).toBe(anaTurnedIn);
    const again = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/submissions`, {});
    expect(again.data).toMatchObject({ imported: 0, alreadyImported: 2 });
  });

  it("answers 404 to another teacher for every Classroom route of this assignment", async () => {
    const other = await connectedTeacher();
    const base = `/api/assignments/${assignmentId}/google-classroom`;
    const answers = await Promise.all([
      other.client.get(base),
      other.client.put(base, { courseId }),
      other.client.delete(base),
      other.client.post(`${base}/publish`),
      other.client.post(`${base}/roster`),
      other.client.post(`${base}/submissions`, {}),
      other.client.post(`${base}/grades`, {}),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Their own assignment cannot be tied to a course they do not teach either.
    const own = await createActiveAssignment(other.client, other.id);
    const stranger = await other.client.put(`/api/assignments/${own.id}/google-classroom`, { courseId });
    expect(stranger.status).toBe(404);
    expect(stranger.data.error.message).toBe("That course is not one you teach in Google Classroom (or it is archived).");
  });
});

describe(`Google Classroom publishing and grades (${testDatabaseKind})`, () => {
  let teacher: Awaited<ReturnType<typeof connectedTeacher>>;
  let assignmentId: string;
  let courseId: string;
  let byName: Record<string, { id: string }>;
  const names = students.slice(0, 3).map((student) => student.fullName);

  beforeAll(async () => {
    teacher = await connectedTeacher();
    assignmentId = (await createActiveAssignment(teacher.client, teacher.id, { title: "Graded essay" })).id;
    courseId = google.addCourse("English 10", teacher.googleUserId, students).id;
    const files = names.map((name, index) => textFile(`${name}.txt`, studentEssay(600 + index, name)));
    expect((await teacher.client.request("POST", `/api/assignments/${assignmentId}/submissions`, { body: uploadForm(files) })).status).toBe(200);
    await waitForGrading(teacher.client, assignmentId);
    const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignmentId}/submissions`)).data;
    byName = Object.fromEntries(list.map((item) => [item.studentName, item]));
    expect((await teacher.client.post(`/api/submissions/${byName["Ana Ortiz"]!.id}/accept`)).status).toBe(200);
    const edited = await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 7, "criterion-2": 6 }, feedback: "Ben, your second paragraph needs a source." });
    expect(edited.status, edited.text).toBe(200);
  });

  it("publishes the assignment as coursework out of the rubric total", async () => {
    expect((await teacher.client.put(`/api/assignments/${assignmentId}/google-classroom`, { courseId })).data.link).toMatchObject({ courseWork: null, canSendGrades: false });
    const published = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/publish`);
    expect(published.status, published.text).toBe(200);
    expect(google.createdCourseWork.at(-1)).toEqual({ courseId, body: { title: "Graded essay", description: expect.stringContaining("school uniforms"), maxPoints: 20, workType: "ASSIGNMENT", state: "PUBLISHED" } });
    expect(published.data.link).toMatchObject({ courseWork: { title: "Graded essay", maxPoints: 20 }, canSendGrades: true });
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/publish`)).status).toBe(409);
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/roster`)).data).toMatchObject({ added: 4, matchedSubmissions: 3 });
  });

  it("sends reviewed grades only, as draft grades, and re-sends only what changed", async () => {
    const link = (await teacher.client.get(`/api/assignments/${assignmentId}/google-classroom`)).data.link;
    const courseWorkId: string = link.courseWork.id;
    const finalOf = async (name: string) => ((await teacher.client.get(`/api/assignments/${assignmentId}/gradebook`)).data.rows.find((row: { studentName: string }) => row.studentName === name).finalScore as number);
    const patchesBefore = google.patches.length;

    // No body is the same as {}: draft grades only.
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toEqual({ courseName: "English 10", sent: 2, unchanged: 0, returned: 0, notReviewed: 1, notInCourse: [], onEarlierRubric: [], isRosterImported: true, withdrawn: [], failed: [] });
    const newPatches = google.patches.slice(patchesBefore);
    expect(newPatches.map((patch) => patch.updateMask)).toEqual(["draftGrade", "draftGrade"]);
    for (const [userId, name] of [["g-ana", "Ana Ortiz"], ["g-ben", "Ben Cole"]] as const) {
      const submission = google.submissionOf(courseId, courseWorkId, userId);
      expect(submission.draftGrade).toBe(await finalOf(name));
      expect(submission.assignedGrade).toBeUndefined();
    }
    expect(google.submissionOf(courseId, courseWorkId, "g-chloe").draftGrade).toBeUndefined();

    const unchanged = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {});
    expect(unchanged.data).toMatchObject({ sent: 0, unchanged: 2, notReviewed: 1 });
    expect(google.patches).toHaveLength(patchesBefore + 2);

    expect((await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 9, "criterion-2": 8 }, overallScore: 17, feedback: "Better with the source." })).status).toBe(200);
    const resent = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {});
    expect(resent.data).toMatchObject({ sent: 1, unchanged: 1 });
    expect(google.patches.at(-1)).toMatchObject({ submissionId: google.submissionOf(courseId, courseWorkId, "g-ben").id, body: { draftGrade: await finalOf("Ben Cole") } });
  });

  it("returns the grades to students when the teacher confirms", async () => {
    const courseWorkId: string = (await teacher.client.get(`/api/assignments/${assignmentId}/google-classroom`)).data.link.courseWork.id;
    const invalid = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, { returnToStudents: "yes" });
    expect(invalid.status).toBe(400);
    expect(invalid.data.error.fields).toEqual({ returnToStudents: "returnToStudents must be true or false" });
    const returned = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, { returnToStudents: true });
    expect(returned.data).toMatchObject({ sent: 2, returned: 2, unchanged: 0 });
    expect(google.patches.slice(-2).map((patch) => patch.updateMask)).toEqual(["draftGrade,assignedGrade", "draftGrade,assignedGrade"]);
    const ana = google.submissionOf(courseId, courseWorkId, "g-ana");
    expect(ana).toMatchObject({ state: "RETURNED", assignedGrade: ana.draftGrade });
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, { returnToStudents: true })).data).toMatchObject({ sent: 0, unchanged: 2 });
  });

  it("puts the course, its matched students and the grades sent in the account export", async () => {
    const response = await fetch(new URL("/api/account/export", server.url), { headers: { cookie: teacher.client.cookieHeader() } });
    expect(response.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const name = Object.keys(entries).find((entry) => entry.endsWith("/learning-platforms.json"));
    expect(name).toBeDefined();
    const platforms = JSON.parse(strFromU8(entries[name!]!));
    expect(platforms.googleClassroom).toMatchObject({ courseId, courseName: "English 10", isPublishedByMarkwise: true });
    expect(platforms.googleClassroom.students).toHaveLength(4);
    expect(platforms.googleClassroom.gradesSent.map((grade: { submissionId: string }) => grade.submissionId).sort()).toEqual([byName["Ana Ortiz"]!.id, byName["Ben Cole"]!.id].sort());
    expect(platforms.lti).toEqual([]);
  });

  it("takes a returned grade back from the former student when their paper is put under another student", async () => {
    const courseWorkId: string = (await teacher.client.get(`/api/assignments/${assignmentId}/google-classroom`)).data.link.courseWork.id;
    const anaGrade = google.submissionOf(courseId, courseWorkId, "g-ana").assignedGrade;
    expect(anaGrade).toEqual(expect.any(Number));
    // Ana's paper, graded and returned in Classroom, was Dev's.
    expect((await teacher.client.patch(`/api/submissions/${byName["Ana Ortiz"]!.id}`, { studentName: "Dev Shah" })).status).toBe(200);
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toMatchObject({ sent: 1, unchanged: 1, withdrawn: ["Ana Ortiz"], failed: [] });
    const ana = google.submissionOf(courseId, courseWorkId, "g-ana");
    expect(ana.draftGrade).toBeUndefined();
    expect(ana.assignedGrade).toBeUndefined();
    expect(google.submissionOf(courseId, courseWorkId, "g-dev")).toMatchObject({ draftGrade: anaGrade });
    expect(google.submissionOf(courseId, courseWorkId, "g-dev").assignedGrade).toBeUndefined();
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {})).data).toMatchObject({ sent: 0, unchanged: 2, withdrawn: [] });
  });

  it("sends no grade given on an earlier rubric, names those students, and leaves what was sent before", async () => {
    const reviewed = (await teacher.client.get(`/api/assignments/${assignmentId}/gradebook`)).data.rows
      .filter((row: { status: string; gradeSource: string }) => row.status === "accepted" && row.gradeSource === "reviewed")
      .map((row: { studentName: string }) => row.studentName);
    expect(reviewed.length).toBeGreaterThan(0);
    // Evidence goes from 10 to 20 points: Classroom's scaling would read a grade out of 20 as out of 30.
    const opened = (await teacher.client.get(`/api/assignments/${assignmentId}`)).data;
    const criteria = opened.rubric.criteria.map((item: { id: string }) => (item.id === "criterion-2" ? { ...item, maxPoints: 20 } : item));
    expect((await teacher.client.put(`/api/assignments/${assignmentId}`, { ...opened, rubric: { criteria } })).status).toBe(200);
    await waitForGrading(teacher.client, assignmentId);
    const patchesBefore = google.patches.length;
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/google-classroom/grades`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toMatchObject({ sent: 0, withdrawn: [], onEarlierRubric: [...reviewed].sort() });
    expect(google.patches.slice(patchesBefore)).toEqual([]);
  });
});
