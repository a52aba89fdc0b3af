import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { authErrorMessage, errorCodeOf, fieldErrorOf, secretFromTotpUri, signIn } from "./account-api";

afterEach(() => vi.unstubAllGlobals());

function errorAnswer(status: number, body: string) {
  return new ApiError(status, "", body);
}

describe("authErrorMessage", () => {
  it("shows the provider's message when the answer has one", () => {
    const error = errorAnswer(401, JSON.stringify({ error: { code: "invalid_email_or_password", message: "Invalid email or password" } }));
    expect(authErrorMessage(error)).toBe("Invalid email or password");
    expect(errorCodeOf(error)).toBe("invalid_email_or_password");
  });

  it.each([
    ["an answer without our error shape", errorAnswer(502, "Bad gateway")],
    ["a network failure", new TypeError("Failed to fetch")],
    ["anything else", "boom"],
  ])("falls back to An unexpected error occurred for %s", (_, error) => {
    expect(authErrorMessage(error)).toBe("An unexpected error occurred");
    expect(errorCodeOf(error)).toBeUndefined();
  });

  it("reads one field's message", () => {
    const error = errorAnswer(400, JSON.stringify({ error: { code: "validation_failed", message: "x", fields: { newPassword: "Password must be at least 8 characters" } } }));
    expect(fieldErrorOf(error, "newPassword")).toBe("Password must be at least 8 characters");
    expect(fieldErrorOf(error, "token")).toBeUndefined();
  });
});

describe("signIn", () => {
  it.each([
    ["ada@school.org", "/api/auth/sign-in/email", { email: "ada@school.org", password: "pw" }],
    ["  ada_l  ", "/api/auth/sign-in/username", { username: "ada_l", password: "pw" }],
  ])("sends %j to the right endpoint", async (identifier, url, body) => {
    const fetchMock = vi.fn(async () => Response.json({ token: "t", user: {} }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(signIn(identifier, "pw")).resolves.toEqual({ needsSecondFactor: false });
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ method: "POST", credentials: "include", body: JSON.stringify(body) }));
  });

  it("reports when the account needs a second factor", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ twoFactorRedirect: true })));
    await expect(signIn("ada@school.org", "pw")).resolves.toEqual({ needsSecondFactor: true });
  });
});

describe("secretFromTotpUri", () => {
  it("reads the base32 secret for typing it in by hand", () => {
    expect(secretFromTotpUri("otpauth://totp/Markwise:ada%40school.org?secret=JBSWY3DPEHPK3PXP&issuer=Markwise&digits=6&period=30")).toBe("JBSWY3DPEHPK3PXP");
    expect(secretFromTotpUri("not a uri")).toBeUndefined();
  });
});
