import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for Google's OAuth token endpoint, Classroom v1 and Drive v3, holding its state in memory. It checks
 * what Google checks where Markwise depends on it: the bearer token and its expiry, the scopes of each call, that
 * the caller teaches the course, that only coursework created through the API takes grades, and the updateMask.
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
interface FakeStudent {
  userId: string;
  fullName: string;
  email: string;
}
interface FakeCourseWork {
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
  updateTime: string;
  assignmentSubmission: { attachments: Record<string, unknown>[] };
}
interface FakeCourse {
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

export const clientCredentials = { clientId: "fake-client-id.apps.googleusercontent.com", clientSecret: "fake-client-secret" };

export class FakeGoogleClassroom {
  readonly courses = new Map<string, FakeCourse>();
  readonly files = new Map<string, { name: string; mimeType: string; content: string }>();
  readonly patches: PatchRecord[] = [];
  readonly returned: string[] = [];
  readonly createdCourseWork: { courseId: string; body: Record<string, unknown> }[] = [];
  refreshCount = 0;
  private readonly accessTokens = new Map<string, Grant & { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, Grant>();
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { error: { code: 500, message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The env settings that send Markwise's Google calls here. */
  env() {
    return { GOOGLE_CLIENT_ID: clientCredentials.clientId, GOOGLE_CLIENT_SECRET: clientCredentials.clientSecret, GOOGLE_OAUTH_BASE_URL: this.url, GOOGLE_CLASSROOM_BASE_URL: this.url, GOOGLE_DRIVE_BASE_URL: this.url };
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

  /** A student turns in work with these attachments. */
  turnIn(courseId: string, courseWorkId: string, userId: string, attachments: Record<string, unknown>[]) {
    const submission = this.courses.get(courseId)!.submissions.find((item) => item.courseWorkId === courseWorkId && item.userId === userId)!;
    Object.assign(submission, { state: "TURNED_IN", assignmentSubmission: { attachments }, updateTime: new Date().toISOString() });
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
      course.submissions.push({ id: `sub-${randomUUID().slice(0, 8)}`, userId: student.userId, courseWorkId: work.id, state: "CREATED", updateTime: new Date().toISOString(), assignmentSubmission: { attachments: [] } });
    }
    return work;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const body = await readBody(req);
    if (req.method === "POST" && url.pathname === "/token") return this.token(res, new URLSearchParams(body));
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
      return send(res, 200, submission);
    }
    return missing();
  }

  private token(res: ServerResponse, form: URLSearchParams): void {
    if (form.get("client_id") !== clientCredentials.clientId || form.get("client_secret") !== clientCredentials.clientSecret) return send(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
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

function sendText(res: ServerResponse, text: string): void {
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(text);
}
