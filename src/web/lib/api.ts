import type { QueryFunction } from "@tanstack/react-query";
import type { ErrorBody } from "../../contracts/errors";

/**
 * A non-OK answer from our API. `message` follows the spec: the status code, a colon, then the body text
 * (or the status text when the body is empty). `serverMessage` is the human sentence from our error shape,
 * when the body had one, so forms can show it without the status prefix.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  readonly serverMessage?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
    const parsed = parseErrorBody(bodyText);
    if (parsed) {
      this.serverMessage = parsed.error.message;
      // The server always sends `fields`, empty when no one field is at fault: no fields then, for the forms.
      const { fields } = parsed.error;
      if (fields && Object.keys(fields).length) this.fields = fields;
    }
  }
}

// Checked by hand rather than with the zod schema so the entry bundle stays free of zod.
function parseErrorBody(bodyText: string): ErrorBody | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed !== "object" || parsed === null || !("error" in parsed)) return undefined;
    const error: unknown = parsed.error;
    if (typeof error !== "object" || error === null) return undefined;
    const { code, message, fields } = error as Record<string, unknown>;
    if (typeof code !== "string" || typeof message !== "string") return undefined;
    const isFieldMap =
      typeof fields === "object" && fields !== null && Object.values(fields).every((value) => typeof value === "string");
    return { error: { code, message, fields: isFieldMap ? (fields as Record<string, string>) : undefined } };
  } catch {
    return undefined;
  }
}

/** Throws an ApiError for any non-OK answer; passes OK answers through untouched. */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) {
    const bodyText = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  return response;
}

/** Any request to our own API: same-origin cookies, JSON body when given. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return throwIfNotOk(response);
}

/** POSTs JSON and resolves with the response once it is OK; the body is left for the caller to read or ignore. */
export function postJson(url: string, body: unknown): Promise<Response> {
  return apiRequest("POST", url, body);
}

/** GETs a URL and reads the answer as JSON. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest("GET", url);
  return (await response.json()) as T;
}

export type UnauthorizedBehavior = "throw" | "returnNull";

/**
 * The default query function: GET of the query key's segments joined with "/", sending cookies, read as JSON.
 * A 401 throws, or resolves to null in "returnNull" mode (for queries that merely ask whether someone is signed in).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.map(String).join("/");
    const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The sentence to show a person for a failed call: our server's message when it sent one, else the fallback. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
