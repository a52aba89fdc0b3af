import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchSession, initialsFromEmail, readSessionUser, requestSignOut } from "./api";

afterEach(() => vi.unstubAllGlobals());

describe("initialsFromEmail", () => {
  it("takes the first two characters of the local part, uppercased", () => {
    expect(initialsFromEmail("maria.lopez@school.org")).toBe("MA");
    expect(initialsFromEmail("j@school.org")).toBe("J");
  });
});

describe("reading the session", () => {
  it("reads email, username, image and the two-factor flag from better-auth's answer", () => {
    expect(readSessionUser({ session: {}, user: { email: "a@b.org", username: "ada", image: "https://x/y.png", twoFactorEnabled: true } })).toEqual({
      email: "a@b.org",
      username: "ada",
      image: "https://x/y.png",
      twoFactorEnabled: true,
    });
    expect(readSessionUser({ user: { email: "a@b.org", image: null, twoFactorEnabled: null } })).toEqual({
      email: "a@b.org",
      username: undefined,
      image: undefined,
      twoFactorEnabled: false,
    });
  });

  it("shows the username as the teacher typed it, not its lower-cased sign-in form", () => {
    expect(readSessionUser({ user: { email: "a@b.org", username: "ms. garcía", displayUsername: "Ms. García" } })?.username).toBe("Ms. García");
  });

  it("treats null, odd shapes and failures as signed out", async () => {
    expect(readSessionUser(null)).toBeNull();
    expect(readSessionUser({ user: { name: "no email" } })).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => new Response("oops", { status: 500 })));
    expect(await fetchSession()).toBeNull();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await fetchSession()).toBeNull();
  });
});

describe("requestSignOut", () => {
  it.each([200, 401, 403, 404])("lets the local session be cleared after a %i", async (status) => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status })));
    await expect(requestSignOut()).resolves.toBeUndefined();
  });

  it("throws for any other failure", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("down", { status: 503 })));
    await expect(requestSignOut()).rejects.toThrow("503: down");
  });
});
