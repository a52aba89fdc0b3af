import { throwIfNotOk } from "../../lib/api";

/** The signed-in person as the web client needs them. */
export type SessionUser = {
  email: string;
  username?: string;
  image?: string;
  /** Whether sign-in asks for an authenticator code (better-auth's two-factor plugin). */
  twoFactorEnabled?: boolean;
};

export const sessionQueryKey = ["/api/auth/get-session"] as const;

function readText(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * better-auth answers GET /api/auth/get-session with { session, user } or null. Only the fields shown on
 * screen are read (checked by hand, to keep zod out of the entry bundle); anything else is ignored.
 */
export function readSessionUser(answer: unknown): SessionUser | null {
  if (typeof answer !== "object" || answer === null || !("user" in answer)) return null;
  const user = answer.user;
  if (typeof user !== "object" || user === null) return null;
  const record = user as Record<string, unknown>;
  const email = readText(record, "email");
  if (!email) return null;
  return {
    email,
    // As the teacher typed it ("Ms. García"); `username` is its lower-cased form, kept for signing in.
    username: readText(record, "displayUsername") ?? readText(record, "username") ?? readText(record, "name"),
    image: readText(record, "image"),
    twoFactorEnabled: record.twoFactorEnabled === true,
  };
}

/** Asks the server who is signed in. Any failure (network, non-OK, unexpected shape, null) means nobody. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const response = await fetch("/api/auth/get-session", { credentials: "include", headers: { Accept: "application/json" }, signal });
    if (!response.ok) return null;
    return readSessionUser(await response.json());
  } catch {
    return null;
  }
}

// Spec section 8: the server saying the session is already gone (401), not allowed (403) or unknown (404)
// still ends the session locally.
const ignoredSignOutStatuses = new Set([401, 403, 404]);

/** Ends the session on the server. Resolves when the local session may be cleared; throws otherwise. */
export async function requestSignOut(): Promise<void> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: "{}",
  });
  if (ignoredSignOutStatuses.has(response.status)) return;
  await throwIfNotOk(response);
}

/** Two-letter initials: the first two characters of the e-mail's local part, uppercased. */
export function initialsFromEmail(email: string): string {
  const localPart = email.split("@")[0] ?? "";
  return localPart.slice(0, 2).toUpperCase();
}
