import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ltiToolKeys, users } from "../../src/server/db/schema";
import { LtiPlatformSimulator, parseAutoPostForm, roles, type PlatformUser } from "../../scripts/playground/lti-platform";
import { signUpWithEmail } from "../helpers/lti-accounts";
import { createSignedInTeacher } from "../support/accounts";
import { TestClient } from "../support/http";
import { createActiveAssignment, studentEssay, textFile, uploadForm, waitForGrading } from "../support/submissions";
import { testDatabaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let platform: LtiPlatformSimulator;
let admin: TestClient;
const db = () => server.deps.database.db;
const adminEmail = `lti-admin-${Date.now().toString(36)}@school.test`;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: adminEmail } });
  platform = await new LtiPlatformSimulator(server.url).start();
  admin = await signUpWithEmail(server.url, db(), adminEmail);
  const registered = await admin.post("/api/lti/platforms", platform.registration());
  expect(registered.status, registered.text).toBe(200);
});
afterAll(async () => {
  await platform?.stop();
  await server?.stop();
});

const titleOf = (html: string) => html.match(/<h1>([^<]*)<\/h1>/)?.[1]?.replace(/&#39;/g, "'").replace(/&amp;/g, "&");
/** Any session route answers 401 to a browser that is not signed in (404 once it is: the id is no one's). */
const signedOutProbe = "/api/assignments/00000000-0000-4000-8000-000000000000";
let counter = 0;
const instructor = (email?: string): PlatformUser => ({ sub: `teacher-${(counter += 1)}-${Date.now()}`, name: "Pat Teacher", role: "instructor", ...(email ? { email } : {}) });

describe(`LTI 1.3 registration and keys (${testDatabaseKind})`, () => {
  it("publishes the tool's public keys, never a private part, and rotates with the previous key still published", async () => {
    const first = await new TestClient(server.url).get("/.well-known/jwks.json");
    expect(first.status).toBe(200);
    expect(first.data.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of first.data.keys) {
      expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
      expect(key.kid).toEqual(expect.any(String));
      expect(key.d).toBeUndefined();
    }
    const [row] = await db().select().from(ltiToolKeys).where(eq(ltiToolKeys.kid, first.data.keys[0].kid));
    expect(row!.privateKeyEncrypted).not.toContain('"d"');
    const { rotateToolKey } = await import("../../src/server/services/lti/tool-keys");
    const rotated = await rotateToolKey(db(), (await server.deps.auth.$context).secret);
    const after = (await new TestClient(server.url).get("/api/lti/jwks")).data.keys.map((key: { kid: string }) => key.kid);
    expect(after[0]).toBe(rotated.kid);
    expect(after).toContain(first.data.keys[0].kid);
  });

  it("lets only an admin register a platform, and refuses a second registration of the same client", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ltinot");
    const refused = await teacher.client.post("/api/lti/platforms", { ...platform.registration("Other"), clientId: "another" });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toContain("ADMIN_EMAILS");
    const list = await teacher.client.get("/api/lti/platforms");
    expect(list.data.canManage).toBe(false);
    expect(list.data.tool).toEqual({ loginUrl: `${server.url}/api/lti/login`, launchUrl: `${server.url}/api/lti/launch`, deepLinkingUrl: `${server.url}/api/lti/launch`, jwksUrl: `${server.url}/.well-known/jwks.json`, domain: new URL(server.url).host });
    expect((await admin.post("/api/lti/platforms", platform.registration("Again"))).status).toBe(409);
    const invalid = await admin.post("/api/lti/platforms", { ...platform.registration(), tokenUrl: "not a url", deploymentIds: [] });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.data.error.fields)).toEqual(expect.arrayContaining(["tokenUrl", "deploymentIds"]));
  });
});

describe(`LTI 1.3 launches (${testDatabaseKind})`, () => {
  it("signs an instructor into their existing account by verified e-mail and opens the linked assignment", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ltiinst");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Uniforms essay" });
    const user = instructor(teacher.email);
    const browser = new TestClient(server.url);
    const { login, launch } = await platform.launch(browser, { user, resourceLinkId: "rl-existing", custom: { markwise_assignment_id: assignment.id } });
    expect(login.status).toBe(302);
    const auth = platform.authRequests.at(-1)!;
    expect(auth.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.headers.getSetCookie().join(";")).toContain("markwise.lti_state.");
    expect(launch.status, launch.text).toBe(303);
    expect(launch.headers.get("location")).toBe(`/assignments/${assignment.id}`);
    const opened = await browser.get(`/api/assignments/${assignment.id}`);
    expect(opened.status).toBe(200);
    expect(opened.data.title).toBe("Uniforms essay");

    // The link is remembered: the next launch needs no custom parameter.
    const again = await platform.launch(new TestClient(server.url), { user, resourceLinkId: "rl-existing" });
    expect(again.launch.headers.get("location")).toBe(`/assignments/${assignment.id}`);
  });

  it("creates an account for a new instructor and asks which assignment an unlinked activity opens", async () => {
    const email = `new-${Date.now().toString(36)}@school.test`;
    const browser = new TestClient(server.url);
    const { launch } = await platform.launch(browser, { user: instructor(email), resourceLinkId: "rl-unlinked" });
    expect(launch.status, launch.text).toBe(303);
    expect(launch.headers.get("location")).toMatch(/^\/api\/lti\/picks\/[0-9a-f-]{36}$/);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Pat Teacher", emailVerified: true });
    const picker = await browser.get(launch.headers.get("location")!);
    expect(picker.status).toBe(200);
    expect(titleOf(picker.text)).toContain("Which assignment does this Simulated LMS activity open?");
    // A teacher with no assignments yet gets only the new one to create: no "Or" with nothing before it.
    expect(picker.text).toContain("<legend>Create a new assignment</legend>");
    expect(picker.text).not.toContain("Or create");
    const chosen = await browser.request("POST", launch.headers.get("location")!, { body: new URLSearchParams({ newTitle: "Lab report" }) });
    expect(chosen.status, chosen.text).toBe(303);
    const assignmentId = chosen.headers.get("location")!.split("/").pop()!;
    expect((await browser.get(`/api/assignments/${assignmentId}`)).data.title).toBe("Lab report");
    expect((await browser.get(`/api/assignments/${assignmentId}/lti`)).data.links).toEqual([{ id: expect.any(String), platformName: "Simulated LMS", contextTitle: "Course course-1", canImportRoster: true, canSendGrades: true }]);

    // With an assignment to choose, a new title can still be typed (no choice is required), but not both at once.
    const { launch: second } = await platform.launch(browser, { user: instructor(email), resourceLinkId: "rl-unlinked-2" });
    const picker2 = await browser.get(second.headers.get("location")!);
    expect(picker2.text).toContain(`value="${assignmentId}"`);
    expect(picker2.text).toContain("<legend>Or create a new assignment</legend>");
    expect(picker2.text).not.toMatch(/\srequired[\s>]/);
    const both = await browser.request("POST", second.headers.get("location")!, { body: new URLSearchParams({ assignmentId, newTitle: "Another lab" }) });
    expect(both.text).toContain("Choose an assignment or type a title for a new one, not both.");
    const typed = await browser.request("POST", second.headers.get("location")!, { body: new URLSearchParams({ newTitle: "Another lab" }) });
    expect(typed.status, typed.text).toBe(303);
    expect((await browser.get(`/api/assignments/${typed.headers.get("location")!.split("/").pop()!}`)).data.title).toBe("Another lab");
  });

  it("refuses a forged token, a wrong audience, an unknown deployment, a wrong version and a launch from another browser, and says why", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ltiref");
    const user = instructor(teacher.email);
    const cases = [
      { tamper: { signWithOtherKey: true }, status: 401, title: "Signature not trusted" },
      { tamper: { audience: "someone-else" }, status: 401, title: "Wrong audience" },
      { tamper: { audience: [platform.clientId, "someone-else"], azp: "someone-else" }, status: 401, title: "Wrong audience" },
      { tamper: { deploymentId: "deployment-unknown" }, status: 403, title: "Unknown deployment" },
      { tamper: { version: "1.1" }, status: 400, title: "Incomplete launch" },
    ];
    for (const item of cases) {
      const browser = new TestClient(server.url);
      const { launch } = await platform.launch(browser, { user, tamper: item.tamper });
      expect(launch.status, JSON.stringify(item.tamper)).toBe(item.status);
      expect(titleOf(launch.text), JSON.stringify(item.tamper)).toBe(item.title);
      expect(launch.headers.getSetCookie().join(";")).not.toContain("session_token");
      expect((await browser.get(signedOutProbe)).status).toBe(401);
    }
    // The state cookie binds the launch to the browser that began it.
    const began = new TestClient(server.url);
    const hint = await platform.launch(began, { user });
    expect(hint.launch.status).toBe(303);
    const thief = new TestClient(server.url);
    const login = await thief.request("POST", "/api/lti/login", { body: new URLSearchParams({ iss: platform.issuer, login_hint: "x", client_id: platform.clientId }), headers: { origin: platform.url } });
    const state = new URL(login.headers.get("location")!).searchParams.get("state")!;
    const nonce = new URL(login.headers.get("location")!).searchParams.get("nonce")!;
    const elsewhere = await platform.postLaunch(new TestClient(server.url), { action: `${server.url}/api/lti/launch`, fields: { id_token: await platform.idToken({ user }, nonce), state } });
    expect(elsewhere.status).toBe(401);
    expect(titleOf(elsewhere.text)).toBe("Launch not from this browser");
  });

  it("refuses a bad state and a replayed launch", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ltirep");
    const user = instructor(teacher.email);
    const browser = new TestClient(server.url);
    const { launch, form } = await platform.launch(browser, { user });
    expect(launch.status).toBe(303);

    const replay = await platform.postLaunch(browser, form!);
    expect(replay.status).toBe(401);
    expect(titleOf(replay.text)).toBe("Unknown or used state");

    const forgedState = await platform.postLaunch(browser, { ...form!, fields: { ...form!.fields, state: "A".repeat(43) } });
    expect(forgedState.status).toBe(401);
    expect(titleOf(forgedState.text)).toBe("Unknown or used state");

    // The same id_token with a new login's state: its nonce belongs to the old login.
    const login = await browser.request("POST", "/api/lti/login", { body: new URLSearchParams({ iss: platform.issuer, login_hint: "x", client_id: platform.clientId }), headers: { origin: platform.url } });
    const state = new URL(login.headers.get("location")!).searchParams.get("state")!;
    const reused = await platform.postLaunch(browser, { ...form!, fields: { id_token: form!.fields.id_token!, state } });
    expect(reused.status).toBe(401);
    expect(titleOf(reused.text)).toBe("Wrong nonce");

    const unknown = await browser.request("POST", "/api/lti/login", { body: new URLSearchParams({ iss: "https://unknown.example", login_hint: "x" }), headers: { origin: platform.url } });
    expect(unknown.status).toBe(404);
    expect(titleOf(unknown.text)).toBe("Platform not registered");

    // Registered as typed with a trailing slash, or without one the platform sends: the page says which to correct.
    const slashed = await browser.request("POST", "/api/lti/login", { body: new URLSearchParams({ iss: `${platform.issuer}/`, login_hint: "x" }), headers: { origin: platform.url } });
    expect(slashed.status).toBe(404);
    expect(slashed.text).toContain(`A platform is registered with the issuer ${platform.issuer}: an administrator can change it to ${platform.issuer}/ on the LTI platforms page`);
  });

  it("keeps another teacher out of a teacher's assignment, whatever the platform link says", async () => {
    const owner = await createSignedInTeacher(server.url, db(), "ltiown");
    const assignment = await createActiveAssignment(owner.client, owner.id, { title: "Owner's essay" });
    const ownerLaunch = await platform.launch(new TestClient(server.url), { user: instructor(owner.email), resourceLinkId: "rl-owned", custom: { markwise_assignment_id: assignment.id } });
    expect(ownerLaunch.launch.status).toBe(303);

    const other = await createSignedInTeacher(server.url, db(), "ltioth");
    const sameLink = await platform.launch(new TestClient(server.url), { user: instructor(other.email), resourceLinkId: "rl-owned" });
    expect(sameLink.launch.status).toBe(403);
    expect(titleOf(sameLink.launch.text)).toBe("Another teacher's assignment");
    const namedInCustom = await platform.launch(new TestClient(server.url), { user: instructor(other.email), resourceLinkId: "rl-other", custom: { markwise_assignment_id: assignment.id } });
    expect(namedInCustom.launch.status).toBe(403);
    for (const path of [`/api/assignments/${assignment.id}/lti`]) expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.post(`/api/assignments/${assignment.id}/lti/grades`, {})).status).toBe(404);
    expect((await other.client.post(`/api/assignments/${assignment.id}/lti/roster`, {})).status).toBe(404);
  });
});

describe(`LTI Deep Linking (${testDatabaseKind})`, () => {
  it("answers a deep linking request with a signed response the platform verifies, and the new link opens the assignment", async () => {
    const teacher = await createSignedInTeacher(server.url, db(), "ltidl");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Deep linked essay" });
    const user = instructor(teacher.email);
    const browser = new TestClient(server.url);
    const { launch } = await platform.launch(browser, { user, messageType: "LtiDeepLinkingRequest" });
    expect(launch.status, launch.text).toBe(303);
    const pickUrl = launch.headers.get("location")!;
    const picker = await browser.get(pickUrl);
    expect(titleOf(picker.text)).toBe("Add a Markwise assignment to Simulated LMS");
    expect(picker.text).toContain("Deep linked essay");

    const answer = await browser.request("POST", pickUrl, { body: new URLSearchParams({ assignmentId: assignment.id }) });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-security-policy")).toContain(`form-action 'self' ${platform.url}`);
    expect(answer.text).toContain('<script src="/api/lti/auto-submit.js"></script>');
    const form = parseAutoPostForm(answer.text);
    expect(form.action).toBe(`${platform.url}/deep-link-return`);
    const delivered = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    const response = platform.deepLinkResponses.at(-1)!;
    expect(response["https://purl.imsglobal.org/spec/lti/claim/message_type"]).toBe("LtiDeepLinkingResponse");
    expect(response["https://purl.imsglobal.org/spec/lti/claim/deployment_id"]).toBe(platform.deploymentId);
    expect(response["https://purl.imsglobal.org/spec/lti-dl/claim/data"]).toBe("platform-opaque-data");
    expect(response["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"]).toEqual([
      { type: "ltiResourceLink", title: "Deep linked essay", url: `${server.url}/api/lti/launch`, custom: { markwise_assignment_id: assignment.id }, lineItem: { scoreMaximum: 20, label: "Deep linked essay", resourceId: assignment.id, tag: "markwise" } },
    ]);
    // The pick is used up.
    expect((await browser.request("POST", pickUrl, { body: new URLSearchParams({ assignmentId: assignment.id }) })).status).toBe(404);

    const created = await platform.launch(new TestClient(server.url), { user, resourceLinkId: "rl-deep", custom: { markwise_assignment_id: assignment.id } });
    expect(created.launch.headers.get("location")).toBe(`/assignments/${assignment.id}`);
  });
});

describe(`LTI roster, grades and learners (${testDatabaseKind})`, () => {
  const names = ["Ana Ortiz", "Ben Cole", "Chloe Park", "Dev Shah"];
  let teacher: Awaited<ReturnType<typeof createSignedInTeacher>>;
  let assignmentId: string;
  let byName: Record<string, { id: string }>;
  const contextId = "course-grades";
  const resourceLinkId = "rl-grades";
  const learner = (index: number): PlatformUser => ({ sub: `student-${index}`, name: names[index]!, role: "learner", email: `${names[index]!.split(" ")[0]!.toLowerCase()}@pupils.test` });

  beforeAll(async () => {
    teacher = await createSignedInTeacher(server.url, db(), "ltigr");
    const assignment = await createActiveAssignment(teacher.client, teacher.id, { title: "Graded essay" });
    assignmentId = assignment.id;
    const files = names.map((name, index) => textFile(`${name}.txt`, studentEssay(400 + index, name)));
    expect((await teacher.client.request("POST", `/api/assignments/${assignmentId}/submissions`, { body: uploadForm(files) })).status).toBe(200);
    await waitForGrading(teacher.client, assignmentId);
    const list: { id: string; studentName: string }[] = (await teacher.client.get(`/api/assignments/${assignmentId}/submissions`)).data;
    byName = Object.fromEntries(list.map((item) => [item.studentName, item]));
    expect((await teacher.client.post(`/api/submissions/${byName["Ana Ortiz"]!.id}/accept`)).status).toBe(200);
    expect((await teacher.client.post(`/api/submissions/${byName["Chloe Park"]!.id}/accept`)).status).toBe(200);
    const edited = await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 7, "criterion-2": 6 }, feedback: "Ben, your second paragraph needs a source." });
    expect(edited.status, edited.text).toBe(200);

    platform.members.push(
      ...names.map((name, index) => ({ user_id: `student-${index}`, name, email: learner(index).email, roles: [roles.learner], ...(index === 3 ? { lis_person_sourcedid: "S-104" } : {}) })),
      { user_id: "student-gone", name: "Gone Student", roles: [roles.learner], status: "Inactive" },
      { user_id: "the-teacher", name: "Pat Teacher", email: teacher.email, roles: [roles.instructor] },
    );
    const launch = await platform.launch(new TestClient(server.url), { user: instructor(teacher.email), contextId, resourceLinkId, custom: { markwise_assignment_id: assignmentId } });
    expect(launch.launch.status).toBe(303);
  });

  it("imports the course's active students into the roster with their e-mails, and again without duplicates", async () => {
    const imported = await teacher.client.post(`/api/assignments/${assignmentId}/lti/roster`, {});
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data).toEqual({ platformName: "Simulated LMS", added: 4, updated: 0, unchanged: 0, skipped: 2, matchedSubmissions: 4 });
    expect(platform.tokenRequests.at(-1)!.scope).toBe("https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly");
    const roster = (await teacher.client.get(`/api/assignments/${assignmentId}/roster`)).data;
    expect(roster.students.map((student: { name: string; email: string; identifier: string | null }) => [student.name, student.email, student.identifier])).toEqual([
      ["Ana Ortiz", "ana@pupils.test", null],
      ["Ben Cole", "ben@pupils.test", null],
      ["Chloe Park", "chloe@pupils.test", null],
      ["Dev Shah", "dev@pupils.test", "S-104"],
    ]);
    expect(roster.missing).toEqual([]);
    // No body is the same as {}; students imported again as they are count as unchanged.
    const again = await teacher.client.post(`/api/assignments/${assignmentId}/lti/roster`);
    expect(again.status, again.text).toBe(200);
    expect(again.data).toMatchObject({ added: 0, updated: 0, unchanged: 4, matchedSubmissions: 0 });
    platform.members.find((member) => member.user_id === "student-2")!.email = "chloe.park@pupils.test";
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/lti/roster`)).data).toMatchObject({ added: 0, updated: 1, unchanged: 3 });
    expect((await teacher.client.get(`/api/assignments/${assignmentId}/roster`)).data.students).toHaveLength(4);
  });

  it("posts only reviewed grades, with the final score and the feedback, and re-sends only what changed", async () => {
    const gradebook = (await teacher.client.get(`/api/assignments/${assignmentId}/gradebook`)).data;
    const finalOf = (name: string) => gradebook.rows.find((row: { studentName: string }) => row.studentName === name).finalScore as number;
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toEqual({ platformName: "Simulated LMS", sent: 3, unchanged: 0, notReviewed: 1, notOnPlatform: [], onEarlierRubric: [], isRosterImported: true, withdrawn: [], failed: [] });
    // The deep linking test before this made its own line item (as a platform does); Markwise made this link's one.
    const made = platform.lineItems.filter((item) => item.resourceLinkId === resourceLinkId);
    expect(made).toEqual([{ id: expect.stringMatching(new RegExp(`^${platform.url}/lineitems/\\d+/lineitem$`)), label: "Graded essay", scoreMaximum: 20, resourceId: assignmentId, resourceLinkId, tag: "markwise" }]);
    const received = Object.fromEntries(platform.scores.map((score) => [score.body.userId, score.body]));
    expect(Object.keys(received).sort()).toEqual(["student-0", "student-1", "student-2"]);
    expect(received["student-3"]).toBeUndefined();
    expect(received["student-1"]).toMatchObject({ scoreMaximum: 20, comment: "Ben, your second paragraph needs a source.", activityProgress: "Completed", gradingProgress: "FullyGraded" });
    for (const [index, name] of names.slice(0, 3).entries()) expect(received[`student-${index}`]!.scoreGiven).toBe(finalOf(name));
    expect(platform.scores.every((score) => score.lineItem === made[0]!.id)).toBe(true);

    const unchanged = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`);
    expect(unchanged.data).toMatchObject({ sent: 0, unchanged: 3, notReviewed: 1 });
    expect(platform.scores).toHaveLength(3);

    const changed = await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 9, "criterion-2": 8 }, overallScore: 17, feedback: "Better with the source." });
    expect(changed.status).toBe(200);
    const resendStarted = Date.now();
    const resent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(resent.data).toMatchObject({ sent: 1, unchanged: 2 });
    const regraded = (await teacher.client.get(`/api/assignments/${assignmentId}/gradebook`)).data.rows.find((row: { studentName: string }) => row.studentName === "Ben Cole");
    expect(regraded.finalScore).not.toBe(finalOf("Ben Cole"));
    expect(platform.scores.at(-1)!.body).toMatchObject({ userId: "student-1", scoreGiven: regraded.finalScore, comment: "Better with the source." });
    // A score is stamped when it is sent, so a correction (a late policy changed, no new review) is never older
    // than the score it replaces: platforms ignore an older one.
    expect(Date.parse(platform.scores.at(-1)!.body.timestamp)).toBeGreaterThanOrEqual(resendStarted);
    // One token served every send (cached until it expires).
    expect(platform.tokenRequests.filter((request) => request.scope.includes("/score"))).toHaveLength(1);
  });

  it("shows a learner their returned feedback, and a plain page while it is not returned", async () => {
    const before = await platform.launch(new TestClient(server.url), { user: learner(0), contextId, resourceLinkId });
    expect(before.launch.status).toBe(200);
    expect(titleOf(before.launch.text)).toBe("Not returned yet");
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/feedback-links`, { expiresInDays: 30, sendEmails: false })).status).toBe(200);
    const ana = new TestClient(server.url);
    const shown = await platform.launch(ana, { user: learner(0), contextId, resourceLinkId });
    expect(shown.launch.status).toBe(200);
    expect(shown.launch.text).toContain("Ana Ortiz");
    expect(shown.launch.text).not.toContain("Ben Cole");
    expect(shown.launch.headers.getSetCookie().join(";")).not.toContain("session_token");
    expect((await ana.get(signedOutProbe)).status).toBe(401);
    const dev = await platform.launch(new TestClient(server.url), { user: learner(3), contextId, resourceLinkId });
    expect(titleOf(dev.launch.text)).toBe("Not returned yet");
  });

  it("takes a grade and a page back from the former student when their paper is put under another student", async () => {
    const eve: PlatformUser = { sub: "student-4", name: "Eve Lane", role: "learner", email: "eve@pupils.test" };
    platform.members.push({ user_id: eve.sub, name: eve.name!, email: eve.email!, roles: [roles.learner] });
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/lti/roster`, {})).data).toMatchObject({ added: 1 });
    const scoresBefore = platform.scores.length;

    // Ana's returned and graded paper was Eve's.
    expect((await teacher.client.patch(`/api/submissions/${byName["Ana Ortiz"]!.id}`, { studentName: "Eve Lane" })).status).toBe(200);
    for (const user of [learner(0), eve]) {
      const page = await platform.launch(new TestClient(server.url), { user, contextId, resourceLinkId });
      expect(titleOf(page.launch.text), user.name).toBe("Not returned yet");
      expect(page.launch.text).not.toContain("Eve Lane");
    }

    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(sent.data).toMatchObject({ sent: 1, unchanged: 2, withdrawn: ["Ana Ortiz"], failed: [] });
    const posted = platform.scores.slice(scoresBefore).map((score) => score.body);
    expect(posted).toHaveLength(2);
    // Ana's score is cleared first (no scoreGiven, not ready), then Eve's goes to Eve.
    expect(posted[0]).toEqual({ userId: "student-0", timestamp: expect.any(String), activityProgress: "Initialized", gradingProgress: "NotReady" });
    expect(posted[1]).toMatchObject({ userId: "student-4", scoreGiven: expect.any(Number), gradingProgress: "FullyGraded" });
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {})).data).toMatchObject({ sent: 0, unchanged: 3, withdrawn: [] });

    expect((await teacher.client.post(`/api/assignments/${assignmentId}/feedback-links`, { expiresInDays: 30, sendEmails: false })).data.created.map((link: { studentName: string }) => link.studentName)).toEqual(["Eve Lane"]);
    const shown = await platform.launch(new TestClient(server.url), { user: eve, contextId, resourceLinkId });
    expect(shown.launch.text).toContain("Eve Lane");
    expect(titleOf((await platform.launch(new TestClient(server.url), { user: learner(0), contextId, resourceLinkId })).launch.text)).toBe("Not returned yet");
  });

  it("sets the gradebook column's maximum to the rubric total before posting, when the platform's says otherwise", async () => {
    // As a column made when the assignment was picked in Deep Linking, before it had a rubric: out of 100.
    const column = platform.lineItems.find((item) => item.resourceLinkId === resourceLinkId)!;
    column.scoreMaximum = 100;
    const updatesBefore = platform.lineItemUpdates.length;
    const scoresBefore = platform.scores.length;
    expect((await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 8, "criterion-2": 8 }, overallScore: 16, feedback: "Good sources now." })).status).toBe(200);
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(sent.data).toMatchObject({ sent: 1, failed: [] });
    expect(platform.lineItemUpdates.slice(updatesBefore)).toEqual([{ id: column.id, body: expect.objectContaining({ id: column.id, label: "Graded essay", scoreMaximum: 20, resourceLinkId }) }]);
    expect(column.scoreMaximum).toBe(20);
    expect(platform.scores.slice(scoresBefore).map((score) => score.body.scoreMaximum)).toEqual([20]);
    // A column already out of the rubric total is left alone.
    expect((await teacher.client.put(`/api/submissions/${byName["Ben Cole"]!.id}/grade`, { criteriaScores: { "criterion-1": 9, "criterion-2": 8 }, overallScore: 17, feedback: "Good sources now." })).status).toBe(200);
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {})).data).toMatchObject({ sent: 1 });
    expect(platform.lineItemUpdates).toHaveLength(updatesBefore + 1);
  });

  it("leaves the grades in the LMS when a class list pasted over the roster drops every platform match", async () => {
    // A review of the change: replacing the roster removes its platform matches, and every grade sent before was then
    // taken back as if each paper had moved to another student, erasing the class's grades in the LMS.
    const scoresBefore = platform.scores.length;
    const pasted = await teacher.client.put(`/api/assignments/${assignmentId}/roster`, { text: `Name\n${[...names, "Eve Lane"].join("\n")}\n` });
    expect(pasted.status, pasted.text).toBe(200);
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toMatchObject({ sent: 0, withdrawn: [], isRosterImported: false });
    expect(platform.scores.slice(scoresBefore)).toEqual([]);
  });

  it("sends no grade given on an earlier rubric, names those students, and leaves what was sent before", async () => {
    expect((await teacher.client.post(`/api/assignments/${assignmentId}/lti/roster`)).status).toBe(200);
    const reviewed = (await teacher.client.get(`/api/assignments/${assignmentId}/gradebook`)).data.rows
      .filter((row: { status: string; gradeSource: string }) => row.status === "accepted" && row.gradeSource === "reviewed")
      .map((row: { studentName: string }) => row.studentName);
    expect(reviewed.length).toBeGreaterThan(0);
    // Evidence goes from 10 to 20 points: the line item stays out of 20, the reviewed grades were given out of 20.
    const opened = (await teacher.client.get(`/api/assignments/${assignmentId}`)).data;
    const criteria = opened.rubric.criteria.map((item: { id: string }) => (item.id === "criterion-2" ? { ...item, maxPoints: 20 } : item));
    expect((await teacher.client.put(`/api/assignments/${assignmentId}`, { ...opened, rubric: { criteria } })).status).toBe(200);
    await waitForGrading(teacher.client, assignmentId);
    const scoresBefore = platform.scores.length;
    const sent = await teacher.client.post(`/api/assignments/${assignmentId}/lti/grades`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data).toMatchObject({ sent: 0, withdrawn: [], onEarlierRubric: [...reviewed].sort() });
    expect(platform.scores.slice(scoresBefore)).toEqual([]);
  });
});
