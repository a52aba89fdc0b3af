import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { escapeHtml } from "./html";

/**
 * A small stand-in for Google's OAuth consent page and token endpoint, Classroom v1 and Drive v3, holding its state in
 * memory, for the tests and the playground (scripts/playground.ts). It checks what Google checks where Markwise
 * depends on it: the client, redirect URI and PKCE of a code exchange, the bearer token and its expiry, the scopes of
 * each call, that the caller teaches the course, that only coursework created through the API takes grades, and the
 * updateMask.
 */

export const scopes = {
  courses: "https://www.googleapis.com/auth/classroom.courses.readonly",
  rosters: "https://www.googleapis.com/auth/classroom.rosters.readonly",
  emails: "https://www.googleapis.com/auth/classroom.profile.emails",
  coursework: "https://www.googleapis.com/auth/classroom.coursework.students",
  drive: "https://www.googleapis.com/auth/drive.readonly",
};
export const allClassroomScopes = Object.values(scopes);

interface Grant {
  userId: string;
  scopes: string[];
}
/** A Google account that can sign in on the consent page. */
export interface FakeGoogleUser {
  sub: string;
  name: string;
  email: string;
}
interface PendingConsent {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge?: string;
}
interface FakeStudent {
  userId: string;
  fullName: string;
  email: string;
}
export interface FakeCourseWork {
  id: string;
  title: string;
  maxPoints?: number;
  associatedWithDeveloper: boolean;
}
export interface FakeSubmission {
  id: string;
  userId: string;
  courseWorkId: string;
  state: "NEW" | "CREATED" | "TURNED_IN" | "RETURNED";
  draftGrade?: number;
  assignedGrade?: number;
  /** Moves whenever the submission changes (a grade set, work returned), as Google's does: not the turn-in time. */
  updateTime: string;
  /** When it was turned in, as Google keeps it. */
  submissionHistory: { stateHistory: { state: string; stateTimestamp: string } }[];
  assignmentSubmission: { attachments: Record<string, unknown>[] };
}
export interface FakeCourse {
  id: string;
  name: string;
  section?: string;
  teacherIds: Set<string>;
  students: FakeStudent[];
  courseWork: FakeCourseWork[];
  submissions: FakeSubmission[];
}
export interface PatchRecord {
  submissionId: string;
  updateMask: string;
  body: Record<string, unknown>;
}

/** The env settings that send Markwise's Google calls to a fake answering at `url`. */
export function googleEnvFor(url: string) {
  return { GOOGLE_CLIENT_ID: clientCredentials.clientId, GOOGLE_CLIENT_SECRET: clientCredentials.clientSecret, GOOGLE_ACCOUNTS_BASE_URL: url, GOOGLE_OAUTH_BASE_URL: url, GOOGLE_CLASSROOM_BASE_URL: url, GOOGLE_DRIVE_BASE_URL: url };
}

export const clientCredentials = { clientId: "fake-client-id.apps.googleusercontent.com", clientSecret: "fake-client-secret" };

export class FakeGoogleClassroom {
  readonly courses = new Map<string, FakeCourse>();
  readonly files = new Map<string, { name: string; mimeType: string; content: string }>();
  readonly patches: PatchRecord[] = [];
  readonly returned: string[] = [];
  readonly createdCourseWork: { courseId: string; body: Record<string, unknown> }[] = [];
  readonly users: FakeGoogleUser[] = [];
  refreshCount = 0;
  private readonly consents = new Map<string, PendingConsent>();
  private readonly codes = new Map<string, PendingConsent & { userId: string }>();
  private readonly idTokenKey = new TextEncoder().encode(randomUUID());
  private readonly accessTokens = new Map<string, Grant & { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Grant>();
  private server?: Server;
  url = "";

  /** On a port of its own (the tests). */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { error: { code: 500, message: String(error) } }));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return this.attach(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** Answering at `url` through another server's `handle` calls (the playground mounts it under a path). */
  attach(url: string): this {
    this.url = url;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The env settings that send Markwise's Google calls here. */
  env() {
    return googleEnvFor(this.url);
  }

  /** What Google's token endpoint gives after consent: an access token (already expired when asked) and a refresh token. */
  issueTokens(userId: string, granted: string[], options: { isExpired?: boolean } = {}) {
    const accessToken = `ya29.${randomUUID()}`;
    const refreshToken = `1//${randomUUID()}`;
    const expiresAt = Date.now() + (options.isExpired ? -60_000 : 3600_000);
    this.accessTokens.set(accessToken, { userId, scopes: granted, expiresAt });
    this.refreshTokens.set(refreshToken, { userId, scopes: granted });
    return { accessToken, refreshToken, expiresAt: new Date(expiresAt), scope: ["openid", "email", "profile", ...granted].join(" ") };
  }

  /** Google stops accepting every access token issued so far (they answer 401 before their expiry). */
  dropAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** The user removed the app in their Google account: refresh tokens no longer work either. */
  revokeGrants(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  addCourse(name: string, teacherUserId: string, students: FakeStudent[]): FakeCourse {
    const course: FakeCourse = { id: `${this.courses.size + 1}${Date.now()}`, name, section: "Period 2", teacherIds: new Set([teacherUserId]), students, courseWork: [], submissions: [] };
    this.courses.set(course.id, course);
    return course;
  }

  /** Coursework a teacher made in Classroom itself: Markwise may read it but not grade it. */
  addCourseWorkMadeInClassroom(courseId: string, title: string, maxPoints: number): FakeCourseWork {
    return this.addCourseWork(this.courses.get(courseId)!, { title, maxPoints }, false);
  }

  /** A student turns in work with these attachments (at `turnedInAt`, now unless given). */
  turnIn(courseId: string, courseWorkId: string, userId: string, attachments: Record<string, unknown>[], turnedInAt = new Date()) {
    const submission = this.courses.get(courseId)!.submissions.find((item) => item.courseWorkId === courseWorkId && item.userId === userId)!;
    const stateTimestamp = turnedInAt.toISOString();
    Object.assign(submission, { state: "TURNED_IN", assignmentSubmission: { attachments }, updateTime: stateTimestamp });
    submission.submissionHistory.push({ stateHistory: { state: "TURNED_IN", stateTimestamp } });
  }

  /** The teacher sets a draft grade in Classroom itself: the submission's updateTime moves, its turn-in time does not. */
  gradeInClassroom(courseId: string, courseWorkId: string, userId: string, draftGrade: number) {
    const submission = this.courses.get(courseId)!.submissions.find((item) => item.courseWorkId === courseWorkId && item.userId === userId)!;
    Object.assign(submission, { draftGrade, updateTime: new Date().toISOString() });
  }

  addFile(name: string, mimeType: string, content: string): string {
    const id = `file-${this.files.size + 1}-${randomUUID().slice(0, 8)}`;
    this.files.set(id, { name, mimeType, content });
    return id;
  }

  submissionOf(courseId: string, courseWorkId: string, userId: string): FakeSubmission {
    return this.courses.get(courseId)!.submissions.find((item) => item.courseWorkId === courseWorkId && item.userId === userId)!;
  }

  private addCourseWork(course: FakeCourse, body: { title: string; maxPoints?: number }, associatedWithDeveloper: boolean): FakeCourseWork {
    const work: FakeCourseWork = { id: `cw-${randomUUID().slice(0, 8)}`, title: body.title, ...(body.maxPoints === undefined ? {} : { maxPoints: body.maxPoints }), associatedWithDeveloper };
    course.courseWork.push(work);
    // Classroom makes an empty submission for every student when coursework is published.
    for (const student of course.students) {
      course.submissions.push({ id: `sub-${randomUUID().slice(0, 8)}`, userId: student.userId, courseWorkId: work.id, state: "CREATED", updateTime: new Date().toISOString(), submissionHistory: [], assignmentSubmission: { attachments: [] } });
    }
    return work;
  }

  /** Answers one request under the fake's URL (a server mounting it at a path passes the request on as it came). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    url.pathname = url.pathname.slice(new URL(this.url).pathname.replace(/\/$/, "").length);
    const body = await readBody(req);
    // The consent page's browser asks for an icon; an empty answer keeps a 401 out of its console.
    if (req.method === "GET" && url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return this.consentPage(res, url.searchParams);
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/approve") return this.approve(res, url.searchParams);
    if (req.method === "POST" && url.pathname === "/token") return this.token(res, new URLSearchParams(body), req.headers.authorization);
    if (req.method === "POST" && url.pathname === "/revoke") return send(res, 200, {});

    const grant = this.grantOf(req);
    if (!grant) return send(res, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
    const needs = (scope: string) => grant.scopes.includes(scope);
    const insufficient = () => send(res, 403, { error: { code: 403, message: "Request had insufficient authentication scopes.", status: "PERMISSION_DENIED" } });
    const denied = () => send(res, 403, { error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" } });
    const missing = () => send(res, 404, { error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } });

    const drive = url.pathname.match(/^\/drive\/v3\/files\/([^/]+)(\/export)?$/);
    if (drive && req.method === "GET") {
      if (!needs(scopes.drive)) return insufficient();
      const file = this.files.get(decodeURIComponent(drive[1]!));
      if (!file) return missing();
      if (drive[2]) return file.mimeType === "application/vnd.google-apps.document" ? sendText(res, file.content) : send(res, 403, { error: { code: 403, message: "Export only supports Docs Editors files." } });
      if (url.searchParams.get("alt") === "media") return file.mimeType.startsWith("application/vnd.google-apps.") ? send(res, 403, { error: { code: 403, message: "Only files with binary content can be downloaded." } }) : sendText(res, file.content);
      return send(res, 200, { id: drive[1], name: file.name, mimeType: file.mimeType });
    }

    if (req.method === "GET" && url.pathname === "/v1/courses") {
      if (!needs(scopes.courses)) return insufficient();
      const mine = [...this.courses.values()].filter((course) => course.teacherIds.has(grant.userId)).map(({ id, name, section }) => ({ id, name, section, courseState: "ACTIVE", alternateLink: `https://classroom.google.com/c/${id}` }));
      return send(res, 200, paged("courses", mine, url));
    }
    const match = url.pathname.match(/^\/v1\/courses\/([^/]+)(?:\/(students|courseWork)(?:\/([^/]+)\/studentSubmissions(?:\/([^/:]+)(:return)?)?)?)?$/);
    if (!match) return missing();
    const course = this.courses.get(decodeURIComponent(match[1]!));
    if (!course) return missing();
    if (!course.teacherIds.has(grant.userId)) return denied();
    const [, , collection, courseWorkId, submissionId, isReturn] = match;

    if (collection === "students" && req.method === "GET") {
      if (!needs(scopes.rosters)) return insufficient();
      const students = course.students.map((student) => ({ courseId: course.id, userId: student.userId, profile: { id: student.userId, name: { fullName: student.fullName }, ...(needs(scopes.emails) ? { emailAddress: student.email } : {}) } }));
      return send(res, 200, paged("students", students, url));
    }
    if (collection !== "courseWork" || !needs(scopes.coursework)) return collection === "courseWork" ? insufficient() : missing();
    if (!courseWorkId) {
      if (req.method === "GET") return send(res, 200, paged("courseWork", course.courseWork.map((work) => ({ ...work, workType: "ASSIGNMENT", state: "PUBLISHED", alternateLink: `https://classroom.google.com/c/${course.id}/a/${work.id}` })), url));
      if (req.method === "POST") {
        const input = JSON.parse(body) as { title: string; maxPoints?: number; workType?: string; state?: string };
        if (!input.title || input.workType !== "ASSIGNMENT") return send(res, 400, { error: { code: 400, message: "title and workType are required." } });
        this.createdCourseWork.push({ courseId: course.id, body: input });
        const work = this.addCourseWork(course, input, true);
        return send(res, 200, { ...work, courseId: course.id, workType: "ASSIGNMENT", state: input.state, alternateLink: `https://classroom.google.com/c/${course.id}/a/${work.id}` });
      }
    }
    const work = course.courseWork.find((item) => item.id === courseWorkId);
    if (!work) return missing();
    if (!submissionId && req.method === "GET") return send(res, 200, paged("studentSubmissions", course.submissions.filter((item) => item.courseWorkId === work.id), url));
    const submission = course.submissions.find((item) => item.id === submissionId && item.courseWorkId === work.id);
    if (!submission) return missing();
    if (!work.associatedWithDeveloper) return send(res, 403, { error: { code: 403, message: "@ProjectPermissionDenied The Developer Console project is not permitted to make this request.", status: "PERMISSION_DENIED" } });
    if (isReturn && req.method === "POST") {
      submission.state = "RETURNED";
      submission.updateTime = new Date().toISOString();
      this.returned.push(submission.id);
      return send(res, 200, {});
    }
    if (req.method === "PATCH") {
      const updateMask = url.searchParams.get("updateMask") ?? "";
      const fields = updateMask.split(",").filter(Boolean);
      if (!fields.length || fields.some((field) => field !== "draftGrade" && field !== "assignedGrade")) return send(res, 400, { error: { code: 400, message: `Invalid updateMask: ${updateMask}` } });
      const patch = JSON.parse(body) as Record<string, unknown>;
      this.patches.push({ submissionId: submission.id, updateMask, body: patch });
      for (const field of fields) (submission as unknown as Record<string, unknown>)[field] = patch[field];
      submission.updateTime = new Date().toISOString();
      return send(res, 200, submission);
    }
    return missing();
  }

  /**
   * Google's account chooser and consent in one page: the request is checked as Google checks it (client, redirect
   * URI, response type), then each account is a link that approves the requested scopes.
   */
  private consentPage(res: ServerResponse, query: URLSearchParams): void {
    const problems = [
      query.get("client_id") !== clientCredentials.clientId && "client_id",
      !query.get("redirect_uri") && "redirect_uri",
      query.get("response_type") !== "code" && "response_type",
      !query.get("state") && "state",
    ].filter(Boolean);
    if (problems.length) return sendHtml(res, 400, `<h1>Error 400: invalid_request</h1><p>Wrong or missing: ${problems.join(", ")}</p>`);
    const id = randomUUID();
    const challenge = query.get("code_challenge");
    this.consents.set(id, { clientId: query.get("client_id")!, redirectUri: query.get("redirect_uri")!, state: query.get("state")!, scopes: (query.get("scope") ?? "").split(" ").filter(Boolean), ...(challenge ? { codeChallenge: challenge } : {}) });
    const asked = (query.get("scope") ?? "").split(" ").filter((scope) => scope.startsWith("https://")).map((scope) => `<li>${escapeHtml(scope)}</li>`).join("");
    const accounts = this.users.map((user) => `<li><a href="${this.url}/o/oauth2/v2/approve?consent=${id}&amp;user=${encodeURIComponent(user.sub)}">Continue as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</a></li>`).join("");
    sendHtml(res, 200, `<h1>Choose an account</h1><p>to continue to Markwise (a local stand-in for Google's consent page).</p><ul>${accounts || "<li>No Google accounts in the fake yet.</li>"}</ul>${asked ? `<h2>Markwise asks for</h2><ul>${asked}</ul>` : ""}`);
  }

  private approve(res: ServerResponse, query: URLSearchParams): void {
    const consent = this.consents.get(query.get("consent") ?? "");
    const user = this.users.find((item) => item.sub === query.get("user"));
    if (!consent || !user) return sendHtml(res, 400, "<h1>This sign-in has expired</h1><p>Start again from Markwise.</p>");
    this.consents.delete(query.get("consent")!);
    const code = `4/${randomUUID()}`;
    this.codes.set(code, { ...consent, userId: user.sub });
    const back = new URL(consent.redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", consent.state);
    back.searchParams.set("scope", consent.scopes.join(" "));
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** The authorization code grant: client, redirect URI and PKCE checked, then tokens and a (locally signed) id_token. */
  private async exchangeCode(res: ServerResponse, form: URLSearchParams): Promise<void> {
    const grant = this.codes.get(form.get("code") ?? "");
    this.codes.delete(form.get("code") ?? "");
    const verifier = form.get("code_verifier") ?? "";
    const isPkceKept = !grant?.codeChallenge || createHash("sha256").update(verifier).digest("base64url") === grant.codeChallenge;
    if (!grant || grant.redirectUri !== form.get("redirect_uri") || !isPkceKept) return send(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
    const user = this.users.find((item) => item.sub === grant.userId)!;
    const granted = grant.scopes.filter((scope) => allClassroomScopes.includes(scope));
    const tokens = this.issueTokens(user.sub, granted);
    const idToken = await new SignJWT({ email: user.email, email_verified: true, name: user.name, azp: grant.clientId })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("https://accounts.google.com")
      .setAudience(grant.clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(this.idTokenKey);
    send(res, 200, { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: 3599, scope: tokens.scope, token_type: "Bearer", id_token: idToken });
  }

  private async token(res: ServerResponse, form: URLSearchParams, authorization: string | undefined): Promise<void> {
    const basic = authorization?.startsWith("Basic ") ? Buffer.from(authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent) : [];
    const [clientId, clientSecret] = basic.length === 2 ? basic : [form.get("client_id"), form.get("client_secret")];
    if (clientId !== clientCredentials.clientId || clientSecret !== clientCredentials.clientSecret) return send(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    if (form.get("grant_type") === "authorization_code") return this.exchangeCode(res, form);
    const grant = form.get("grant_type") === "refresh_token" ? this.refreshTokens.get(form.get("refresh_token") ?? "") : undefined;
    if (!grant) return send(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
    this.refreshCount += 1;
    const accessToken = `ya29.${randomUUID()}`;
    this.accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + 3600_000 });
    send(res, 200, { access_token: accessToken, expires_in: 3599, scope: grant.scopes.join(" "), token_type: "Bearer" });
  }

  private grantOf(req: IncomingMessage): Grant | undefined {
    const token = req.headers.authorization?.replace(/^Bearer /, "");
    const grant = token ? this.accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  }
}

/** Pages of 2 whatever the caller asks, so every list call has to follow nextPageToken. */
function paged(key: string, items: unknown[], url: URL) {
  const start = Number(url.searchParams.get("pageToken") ?? 0);
  const page = items.slice(start, start + 2);
  return { ...(page.length ? { [key]: page } : {}), ...(start + 2 < items.length ? { nextPageToken: String(start + 2) } : {}) };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in - Google Accounts (fake)</title><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; overflow-wrap: anywhere">${body}</body>`);
}

function sendText(res: ServerResponse, text: string): void {
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(text);
}
