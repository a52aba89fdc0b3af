import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, describeError, getQueryFn, postJson } from "./api";

function answerWith(status: number, body: string, statusText = "") {
  const fetchMock = vi.fn(async () => new Response(body === "" ? null : body, { status, statusText }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const queryContext = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

afterEach(() => vi.unstubAllGlobals());

describe("postJson", () => {
  it("sends JSON with cookies", async () => {
    const fetchMock = answerWith(201, '{"id":"1"}');
    await postJson("/api/leads", { name: "Ada" });
    expect(fetchMock).toHaveBeenCalledWith("/api/leads", expect.objectContaining({ method: "POST", credentials: "include", body: '{"name":"Ada"}' }));
  });

  it("throws status, colon, then the body text for a non-OK answer", async () => {
    answerWith(400, '{"error":{"code":"validation_failed","message":"Enter a topic"}}', "Bad Request");
    const error = await postJson("/api/video-requests", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"error":{"code":"validation_failed","message":"Enter a topic"}}');
    expect(describeError(error, "Please contact support.")).toBe("Enter a topic");
  });

  it("uses the status text when the body is empty", async () => {
    answerWith(502, "", "Bad Gateway");
    const error = await postJson("/api/leads", {}).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("502: Bad Gateway");
    expect(describeError(error, "Please contact support.")).toBe("Please contact support.");
  });
});

describe("the default query function", () => {
  it("GETs the query key's segments joined with a slash, with cookies", async () => {
    const fetchMock = answerWith(200, '{"id":"a1"}');
    const data = await getQueryFn({ on401: "throw" })(queryContext(["/api/assignments", "a1"]));
    expect(data).toEqual({ id: "a1" });
    expect(fetchMock).toHaveBeenCalledWith("/api/assignments/a1", expect.objectContaining({ credentials: "include" }));
  });

  it("throws on 401 by default and yields null in returnNull mode", async () => {
    answerWith(401, "Sign in first", "Unauthorized");
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/me"]))).rejects.toThrow("401: Sign in first");
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/me"]))).resolves.toBeNull();
  });
});
