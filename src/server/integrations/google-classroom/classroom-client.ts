import { z } from "zod";
import { urlUnder } from "../url-under";
import { maxDocumentBytes } from "../documents";
import { forbiddenMessage, GoogleApiError, googleReason } from "./google-errors";
import { classroomCourse, classroomCourseWork, classroomStudent, driveFileMetadata, studentSubmission, type ClassroomCourse, type ClassroomCourseWork, type ClassroomStudent, type StudentSubmission } from "./schemas";

export interface GoogleApiUrls {
  /** https://classroom.googleapis.com in production; a local fake in tests. */
  classroomBaseUrl: string;
  /** https://www.googleapis.com (Drive v3 lives under /drive/v3). */
  driveBaseUrl: string;
}

/** The teacher's access token; `isRenewal` asks for a fresh one after Google answered 401 to the last. */
export type AccessTokenSource = (options: { isRenewal: boolean }) => Promise<string>;

export interface GradePatch {
  draftGrade: number;
  /** Set to return the grade to the student (with `returnSubmission`). */
  assignedGrade?: number;
}

/** A student's attached file read as a document: its bytes for the intake to read, or why it cannot be read. */
export type DriveFileContent = { kind: "file"; name: string; bytes: Uint8Array } | { kind: "unreadable"; name: string; reason: string };

const googleDocMimeType = "application/vnd.google-apps.document";
const pageSize = "100";

/**
 * Google Classroom v1 and Drive v3 over fetch, with only the calls Markwise uses. Every answer is checked with its zod
 * schema; a 401 renews the token once; a 403 becomes a message that says what the teacher can do.
 */
export class ClassroomClient {
  constructor(
    private readonly urls: GoogleApiUrls,
    private readonly accessToken: AccessTokenSource,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  listCourses(): Promise<ClassroomCourse[]> {
    return this.listAll(this.classroom("/v1/courses", { teacherId: "me", courseStates: "ACTIVE" }), "courses", classroomCourse, "list your courses");
  }

  listStudents(courseId: string): Promise<ClassroomStudent[]> {
    return this.listAll(this.classroom(`/v1/courses/${enc(courseId)}/students`), "students", classroomStudent, "list the course's students");
  }

  listCourseWork(courseId: string): Promise<ClassroomCourseWork[]> {
    return this.listAll(this.classroom(`/v1/courses/${enc(courseId)}/courseWork`, { courseWorkStates: "PUBLISHED" }), "courseWork", classroomCourseWork, "list the course's classwork");
  }

  async createCourseWork(courseId: string, work: { title: string; description?: string; maxPoints: number }): Promise<ClassroomCourseWork> {
    const body = { title: work.title, ...(work.description ? { description: work.description } : {}), maxPoints: work.maxPoints, workType: "ASSIGNMENT", state: "PUBLISHED" };
    return await this.parse(await this.send("POST", this.classroom(`/v1/courses/${enc(courseId)}/courseWork`), "publish coursework in this course", body), classroomCourseWork);
  }

  listStudentSubmissions(courseId: string, courseWorkId: string): Promise<StudentSubmission[]> {
    const url = this.classroom(`/v1/courses/${enc(courseId)}/courseWork/${enc(courseWorkId)}/studentSubmissions`);
    return this.listAll(url, "studentSubmissions", studentSubmission, "read the coursework's submissions");
  }

  /** Sets the draft grade (and the assigned grade when given): the updateMask names exactly the fields sent. */
  async patchGrade(courseId: string, courseWorkId: string, submissionId: string, patch: GradePatch): Promise<StudentSubmission> {
    const fields = patch.assignedGrade === undefined ? ["draftGrade"] : ["draftGrade", "assignedGrade"];
    const url = this.classroom(`/v1/courses/${enc(courseId)}/courseWork/${enc(courseWorkId)}/studentSubmissions/${enc(submissionId)}`, { updateMask: fields.join(",") });
    return await this.parse(await this.send("PATCH", url, "set grades on this coursework", patch), studentSubmission);
  }

  /**
   * Takes a student's draft and assigned grades away: both named in the update mask and absent from the body, which
   * Google's PATCH reads as "clear". For work put under another student since its grade was sent.
   */
  async clearGrade(courseId: string, courseWorkId: string, submissionId: string): Promise<void> {
    const url = this.classroom(`/v1/courses/${enc(courseId)}/courseWork/${enc(courseWorkId)}/studentSubmissions/${enc(submissionId)}`, { updateMask: "draftGrade,assignedGrade" });
    await this.send("PATCH", url, "take a grade back on this coursework", {});
  }

  /** Returns the submission to the student: Classroom then shows them the assigned grade. */
  async returnSubmission(courseId: string, courseWorkId: string, submissionId: string): Promise<void> {
    await this.send("POST", this.classroom(`/v1/courses/${enc(courseId)}/courseWork/${enc(courseWorkId)}/studentSubmissions/${enc(submissionId)}:return`), "return work to students", {});
  }

  /**
   * A student's attached Drive file: a Google Doc exported as plain text, any other file downloaded as it is (the
   * intake reads .docx, .pdf, .txt and the rest by content). Without Drive access the answer says why.
   */
  async readDriveFile(fileId: string, title: string): Promise<DriveFileContent> {
    try {
      const meta = await this.parse(await this.send("GET", this.drive(`/drive/v3/files/${enc(fileId)}`, { fields: "id,name,mimeType" }), "read the student's file"), driveFileMetadata);
      if (meta.mimeType === googleDocMimeType) {
        const response = await this.send("GET", this.drive(`/drive/v3/files/${enc(fileId)}/export`, { mimeType: "text/plain" }), "export the student's Google Doc");
        return { kind: "file", name: `${meta.name}.txt`, bytes: new Uint8Array(await response.arrayBuffer()) };
      }
      if (meta.mimeType.startsWith("application/vnd.google-apps.")) return { kind: "unreadable", name: meta.name, reason: "It is a Google file Markwise cannot read as text (only Google Docs are exported)." };
      const response = await this.send("GET", this.drive(`/drive/v3/files/${enc(fileId)}`, { alt: "media" }), "download the student's file");
      // A video or a huge scan is refused before it is read into memory: the intake would refuse it anyway.
      if (Number(response.headers.get("content-length") ?? 0) > maxDocumentBytes) {
        await response.body?.cancel();
        return { kind: "unreadable", name: meta.name, reason: `It is larger than ${maxDocumentBytes / (1024 * 1024)} MB.` };
      }
      return { kind: "file", name: meta.name, bytes: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      if (error instanceof GoogleApiError && (error.kind === "access" || error.kind === "not_found")) return { kind: "unreadable", name: title, reason: error.message };
      throw error;
    }
  }

  private classroom(path: string, query: Record<string, string> = {}): URL {
    return withQuery(urlUnder(this.urls.classroomBaseUrl, path), query);
  }

  private drive(path: string, query: Record<string, string> = {}): URL {
    return withQuery(urlUnder(this.urls.driveBaseUrl, path), query);
  }

  private async listAll<T extends z.ZodType>(url: URL, key: string, item: T, action: string): Promise<z.infer<T>[]> {
    const page = z.object({ [key]: z.array(item).default([]), nextPageToken: z.string().optional() });
    const items: z.infer<T>[] = [];
    let pageToken: string | undefined;
    do {
      const pageUrl = withQuery(new URL(url), { pageSize, ...(pageToken ? { pageToken } : {}) });
      const parsed = (await this.parse(await this.send("GET", pageUrl, action), page)) as Record<string, unknown> & { nextPageToken?: string };
      items.push(...(parsed[key] as z.infer<T>[]));
      pageToken = parsed.nextPageToken;
    } while (pageToken);
    return items;
  }

  private async send(method: string, url: URL, action: string, body?: unknown): Promise<Response> {
    let response = await this.attempt(method, url, body, false);
    if (response.status === 401) response = await this.attempt(method, url, body, true);
    if (response.ok) return response;
    const reason = googleReason(await response.text());
    // A second 401 means the renewed token is refused too: the same advice as a 403.
    if (response.status === 401 || response.status === 403) throw new GoogleApiError(forbiddenMessage(reason, action), "access");
    if (response.status === 404) throw new GoogleApiError(`Google Classroom could not find what Markwise asked for when trying to ${action}: it may have been deleted in Classroom.${reason ? ` (Google said: ${reason})` : ""}`, "not_found");
    if (response.status === 400) throw new GoogleApiError(`Google Classroom did not accept the request to ${action}${reason ? `: ${reason}` : "."}`, "invalid");
    throw new GoogleApiError(`Google Classroom failed to ${action} (HTTP ${response.status}). Try again in a minute.`, "unavailable");
  }

  private async attempt(method: string, url: URL, body: unknown, isRenewal: boolean): Promise<Response> {
    const token = await this.accessToken({ isRenewal });
    try {
      return await this.fetcher(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new GoogleApiError("Google Classroom could not be reached. Check the server's internet connection and try again.", "unavailable");
    }
  }

  /** The answer checked against its schema: a shape Markwise does not know is reported, never half-read. */
  private async parse<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new GoogleApiError("Google Classroom's answer could not be read. Try again in a minute.", "unavailable");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GoogleApiError(`Google Classroom answered in a form Markwise does not understand (${parsed.error.issues[0]?.path.join(".") || "the answer"}).`, "unavailable");
    return parsed.data;
  }
}

const enc = encodeURIComponent;

function withQuery(url: URL, query: Record<string, string>): URL {
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}
