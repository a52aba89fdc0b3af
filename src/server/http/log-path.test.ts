import { describe, expect, it } from "vitest";
import { logPathOf } from "./log-path";

describe("the request log's path", () => {
  it("hides the secret segment of reset, feedback, shared practice and LMS registration links", () => {
    expect(logPathOf("/api/auth/reset-password/Xy12-abc_def")).toBe("/api/auth/reset-password/[redacted]");
    expect(logPathOf("/feedback/8fJq0r3Zk9")).toBe("/feedback/[redacted]");
    expect(logPathOf("/feedback/8fJq0r3Zk9/")).toBe("/feedback/[redacted]/");
    expect(logPathOf("/practice/tok123")).toBe("/practice/[redacted]");
    expect(logPathOf("/api/shared-practice/tok123/attempts")).toBe("/api/shared-practice/[redacted]/attempts");
    expect(logPathOf("/api/lti/register/abc")).toBe("/api/lti/register/[redacted]");
  });

  it("keeps every other path as it is, ids included", () => {
    for (const path of ["/api/assignments/0b8c1e9e-1f7a-4c7e-9d2e-2a1f0f6b8c11", "/api/auth/sign-in/email", "/assignments/x/feedback", "/api/auth/reset-password", "/"]) {
      expect(logPathOf(path)).toBe(path);
    }
  });
});
