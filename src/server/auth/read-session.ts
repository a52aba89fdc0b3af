import { APIError } from "better-auth/api";
import { AppError } from "../http/app-error";
import type { Auth } from "./auth";
import { callAuth } from "./auth-storage";

/** What a teacher is told when the sign-in could not be checked at all (the database did not answer in time). */
export const sessionCheckFailed = "Markwise could not check your sign-in just now. Nothing was changed; try again in a moment.";

/**
 * The session the request's cookie holds, or null when it holds none that is valid. better-auth answers a bad,
 * expired or ended session with null or a 4xx error, and a failure of its own (the database busy or down) with a 5xx
 * one: that is no sign-out. Treated as one, a slow database answered 401 and the app sent a signed-in teacher to the
 * sign-in page; it now answers 503, and the page keeps the teacher and their work where they are.
 */
export async function readSession(auth: Auth, headers: Headers) {
  try {
    return await callAuth(() => auth.api.getSession({ headers }));
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw new AppError("unavailable", sessionCheckFailed, undefined, 5);
  }
}
