import { authMessages } from "../../../contracts/auth";
import { avatarResponse } from "../../../contracts/profile";
import { ApiError, apiRequest, describeError, getJson, postJson, throwIfNotOk } from "../../lib/api";

/**
 * The account calls of the web client: better-auth under /api/auth plus our profile routes. Every failure
 * throws an ApiError carrying the server's `{ error: { code, message, fields? } }`; authErrorMessage turns
 * it into the sentence to show.
 */

/** Where the e-mailed confirmation link lands once better-auth has checked it. */
export const confirmationCallbackPath = "/auth/confirmed";
/** Where the e-mailed password-reset link lands (with ?token= or ?error=). */
export const resetPasswordPath = "/auth/reset-password";

/** The provider's message when it sent one, else the spec's fallback. */
export function authErrorMessage(error: unknown): string {
  return describeError(error, authMessages.unexpected);
}

/** The provider's message for one field (e.g. `password`), when the server pointed at it. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.bodyText) return undefined;
  try {
    const parsed = JSON.parse(error.bodyText) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === "string" ? parsed.error.code : undefined;
  } catch {
    return undefined;
  }
}

export async function signUp(input: { username: string; email: string; password: string }): Promise<void> {
  await postJson("/api/auth/sign-up/email", {
    email: input.email,
    password: input.password,
    username: input.username,
    name: input.username,
    callbackURL: confirmationCallbackPath,
  });
}

/** One identifier field: an "@" means an e-mail address, anything else a username. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}

export type SignInResult = { needsSecondFactor: boolean };

export async function signIn(identifier: string, password: string): Promise<SignInResult> {
  const trimmed = identifier.trim();
  const response = isEmailIdentifier(trimmed)
    ? await postJson("/api/auth/sign-in/email", { email: trimmed, password })
    : await postJson("/api/auth/sign-in/username", { username: trimmed, password });
  const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: unknown } | null;
  return { needsSecondFactor: body?.twoFactorRedirect === true };
}

/** Checks an authenticator code: completes a two-factor sign-in, or finishes turning two-factor on. */
export async function verifyTotp(code: string): Promise<void> {
  await postJson("/api/auth/two-factor/verify-totp", { code });
}

export async function verifyBackupCode(code: string): Promise<void> {
  await postJson("/api/auth/two-factor/verify-backup-code", { code });
}

export async function resendConfirmation(email: string): Promise<void> {
  await postJson("/api/auth/send-verification-email", { email: email.trim(), callbackURL: confirmationCallbackPath });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await postJson("/api/auth/request-password-reset", { email: email.trim(), redirectTo: resetPasswordPath });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await postJson("/api/auth/reset-password", { newPassword, token });
}

export type GoogleStatus = { enabled: boolean; message?: string };

export const googleStatusQueryKey = ["/api/auth-providers/google"] as const;

export function fetchGoogleStatus(): Promise<GoogleStatus> {
  return getJson<GoogleStatus>("/api/auth-providers/google");
}

/** Asks better-auth for Google's consent page; resolves with the address to send the browser to. */
export async function startGoogleSignIn(): Promise<string> {
  const response = await postJson("/api/auth/sign-in/social", { provider: "google", callbackURL: "/app" });
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  if (typeof body?.url !== "string") throw new Error("Google sign-in did not return an address");
  return body.url;
}

export async function updateUsername(username: string): Promise<void> {
  // The username plugin stores `username` lowercased; `displayUsername` keeps the spelling the teacher typed.
  await postJson("/api/auth/update-user", { username, displayUsername: username });
}

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch("/api/profile/avatar", { method: "PUT", credentials: "include", headers: { Accept: "application/json" }, body: form });
  await throwIfNotOk(response);
  return avatarResponse.parse(await response.json()).image;
}

export async function removeAvatar(): Promise<void> {
  await apiRequest("DELETE", "/api/profile/avatar");
}

export const bioQueryKey = ["/api/profile-text"] as const;

export async function fetchBio(): Promise<string> {
  const { bio } = await getJson<{ bio: string }>("/api/profile-text");
  return bio;
}

export async function saveBio(bio: string): Promise<string> {
  const response = await apiRequest("PUT", "/api/profile-text", { bio });
  const body = (await response.json()) as { bio: string };
  return body.bio;
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await postJson("/api/auth/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
}

export type TwoFactorSetup = { totpURI: string; backupCodes: string[] };

/** Starts turning two-factor on: the secret (as an otpauth URI) and backup codes. Verifying a code finishes it. */
export async function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  const response = await postJson("/api/auth/two-factor/enable", { password });
  const body = (await response.json()) as Partial<TwoFactorSetup>;
  if (typeof body.totpURI !== "string" || !Array.isArray(body.backupCodes)) throw new Error("Two-factor setup answer is incomplete");
  return { totpURI: body.totpURI, backupCodes: body.backupCodes.filter((code): code is string => typeof code === "string") };
}

export async function disableTwoFactor(password: string): Promise<void> {
  await postJson("/api/auth/two-factor/disable", { password });
}

/** The base32 secret inside an otpauth:// URI, for typing into an authenticator by hand. */
export function secretFromTotpUri(totpURI: string): string | undefined {
  try {
    return new URL(totpURI).searchParams.get("secret") ?? undefined;
  } catch {
    return undefined;
  }
}
