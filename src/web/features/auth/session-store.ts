import { useSyncExternalStore } from "react";
import { fetchSession, type SessionUser } from "./api";

export type SessionSnapshot =
  | { status: "loading"; user?: undefined }
  | { status: "signed-in"; user: SessionUser }
  | { status: "signed-out"; user?: undefined };

/**
 * Who is signed in, kept outside React and without TanStack Query so the landing page can ask with a few hundred
 * bytes of code while the signed-in app (features/auth/session.tsx) reads and updates the same answer. The server is
 * asked once per page load, when something first looks, and again only on reloadSession().
 */
let snapshot: SessionSnapshot = { status: "loading" };
/** Counts the questions asked, so an older answer never overwrites a newer one (or a sign-out). */
let asked = 0;
const listeners = new Set<() => void>();

// Only whether the last answer in this browser was "signed in": the landing page uses it to show Loading... rather
// than its content to someone it is about to send to /app.
const hintKey = "markwise.signed-in";

function publish(user: SessionUser | null): void {
  snapshot = user ? { status: "signed-in", user } : { status: "signed-out" };
  try {
    if (user) window.localStorage.setItem(hintKey, "true");
    else window.localStorage.removeItem(hintKey);
  } catch {
    // Storage may be unavailable (private mode): the hint is only an optimisation.
  }
  for (const listener of listeners) listener();
}

/** Asks the server who is signed in (after signing in, say); resolves once the answer is published. */
export async function reloadSession(): Promise<void> {
  const question = ++asked;
  const user = await fetchSession();
  if (question === asked) publish(user);
}

/** Ends the session here at once (after signing out or deleting the account); nothing asked before can undo it. */
export function forgetSession(): void {
  asked++;
  publish(null);
}

/** Whether this browser was signed in when it last asked. */
export function wasSignedInBefore(): boolean {
  try {
    return window.localStorage.getItem(hintKey) === "true";
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (asked === 0) void reloadSession();
  return () => listeners.delete(listener);
}

const readSnapshot = () => snapshot;

/** The current answer: loading until the server has been asked once. */
export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribe, readSnapshot, readSnapshot);
}
