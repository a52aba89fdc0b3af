import { describe, expect, it } from "vitest";
import { connectErrorMessage } from "./connect-error";

describe("a failed Google Classroom connection, in words", () => {
  it("names the account already linked elsewhere, a refusal, and any other code", () => {
    expect(connectErrorMessage("account_already_linked_to_different_user")).toMatch(/^That Google account is already connected to another Markwise account\./);
    expect(connectErrorMessage("access_denied")).toMatch(/permissions were not granted/);
    expect(connectErrorMessage("invalid_code")).toBe('Google Classroom could not be connected (Google answered "invalid code"). Try again, or ask your school\'s IT team.');
  });
});
