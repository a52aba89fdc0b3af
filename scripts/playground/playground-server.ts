import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import type { JWK } from "jose";
import { renderClassroomPage } from "./classroom-pages";
import { enrol, playgroundCourse, type PlaygroundCourse } from "./course";
import { FakeGoogleClassroom } from "./fake-google-classroom";
import { escapeHtml, renderAutoPost, renderPage } from "./html";
import { renderCoursePage, renderGradebookPage, renderRegistrationPage } from "./lms-pages";
import { LtiPlatformSimulator } from "./lti-platform";

export interface PlaygroundOptions {
  /** 0 picks a free port (the tests). */
  port: number;
  host?: string;
  markwiseUrl: string;
  teacherEmail: string;
  /** Where the LMS's signing key is kept, so Markwise's registration survives a restart of the playground. */
  keyFile?: string;
}

export interface Playground {
  url: string;
  platform: LtiPlatformSimulator;
  google: FakeGoogleClassroom;
  course: PlaygroundCourse;
  courseId: string;
  stop(): Promise<void>;
}

const ltiPath = "/lti";
/** Where the fake Google answers under a playground's URL (for googleEnvFor before the playground starts). */
export const googlePath = "/google";

/**
 * A miniature LMS beside Markwise on one port: the LTI platform under /lti, Google's endpoints under /google, and
 * plain pages to launch, register, turn in work and read what Markwise sent back.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const markwiseUrl = options.markwiseUrl.replace(/\/$/, "");
  const course = playgroundCourse(options.teacherEmail);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "127.0.0.1", resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const savedKey = options.keyFile && existsSync(options.keyFile) ? (JSON.parse(readFileSync(options.keyFile, "utf8")) as JWK) : undefined;
  const platform = await new LtiPlatformSimulator(markwiseUrl, { clientId: "markwise-playground", productFamily: "playground", homeUrl: url, ...(savedKey ? { privateJwk: savedKey } : {}) }).attach(`${url}${ltiPath}`);
  if (options.keyFile && !savedKey) {
    mkdirSync(dirname(options.keyFile), { recursive: true });
    writeFileSync(options.keyFile, JSON.stringify(await platform.exportPrivateKey()), { mode: 0o600 });
  }
  const google = new FakeGoogleClassroom().attach(`${url}${googlePath}`);
  const courseId = enrol(course, platform, google);
  const playground: Playground = { url, platform, google, course, courseId, stop: () => close(server) };
  server.on("request", (request, response) => {
    route(playground, markwiseUrl, request, response).catch((error: unknown) => html(response, 500, renderPage("Something went wrong", `<p>${escapeHtml(String(error))}</p>`)));
  });
  return playground;
}

async function route(playground: Playground, markwiseUrl: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { platform, google, course } = playground;
  const url = new URL(request.url ?? "/", playground.url);
  const under = (prefix: string) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  if (under(ltiPath)) return platform.handle(request, response);
  if (under(googlePath)) return google.handle(request, response);
  const classroom = google.courses.get(playground.courseId)!;
  const isGet = request.method === "GET";
  // Browsers ask for an icon; an empty answer keeps a 404 out of the console.
  if (isGet && url.pathname === "/favicon.ico") return void response.writeHead(204).end();
  if (isGet && url.pathname === "/") return html(response, 200, renderCoursePage(course, platform, markwiseUrl));
  if (isGet && url.pathname === "/gradebook") return html(response, 200, renderGradebookPage(course, platform));
  if (isGet && url.pathname === "/classroom") return html(response, 200, renderClassroomPage(classroom, markwiseUrl, google.url));
  if (isGet && url.pathname === "/register") return html(response, 200, renderRegistrationPage(platform, url.searchParams.get("link") ?? ""));
  if (request.method !== "POST") return html(response, 404, renderPage("Not found", `<p><a href="/">Back to the course</a></p>`));
  const form = new URLSearchParams(await readBody(request));
  if (url.pathname === "/launch") {
    const user = [course.teacher, ...course.students].find((member) => member.sub === form.get("user"));
    const link = platform.resourceLinks.find((item) => item.id === form.get("link"));
    const isDeepLinking = form.get("deepLinking") === "yes";
    if (!user || (!link && !isDeepLinking)) return html(response, 400, renderPage("Unknown launch", `<p><a href="/">Back to the course</a></p>`));
    const hint = platform.planLaunch({ user, contextId: course.contextId, ...(isDeepLinking ? { messageType: "LtiDeepLinkingRequest" } : { resourceLinkId: link!.id, custom: link!.custom }) });
    return html(response, 200, renderAutoPost(`${markwiseUrl}/api/lti/login`, platform.loginParameters(hint), "Continue to Markwise"));
  }
  if (url.pathname === "/classroom/coursework") {
    google.addCourseWorkMadeInClassroom(classroom.id, form.get("title")?.trim() || "Untitled coursework", Number(form.get("maxPoints")) || 20);
    return seeOther(response, "/classroom");
  }
  if (url.pathname === "/classroom/turn-in") {
    const work = classroom.courseWork.find((item) => item.id === form.get("courseWorkId"));
    const student = classroom.students.find((item) => item.userId === form.get("userId"));
    if (!work || !student) return html(response, 400, renderPage("Unknown coursework or student", `<p><a href="/classroom">Back</a></p>`));
    const isDoc = form.get("kind") !== "text";
    const title = isDoc ? `${student.fullName}'s essay` : `${student.fullName}.txt`;
    const fileId = google.addFile(title, isDoc ? "application/vnd.google-apps.document" : "text/plain", form.get("content") ?? "");
    google.turnIn(classroom.id, work.id, student.userId, [{ driveFile: { id: fileId, title } }]);
    return seeOther(response, "/classroom");
  }
  html(response, 404, renderPage("Not found", `<p><a href="/">Back to the course</a></p>`));
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(body);
}

function seeOther(response: ServerResponse, location: string): void {
  response.writeHead(303, { location }).end();
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
