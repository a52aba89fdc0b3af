import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/app-error";
import type { Mailer, MailMessage } from "../integrations/mail/mailer";
import { createStorageSwitch } from "./auth-storage";

/**
 * better-auth sends the sign-up's confirmation (or, for an address that has an account, the "you already have one"
 * mail) inside the request but only logs a failure ("Failed to run background task") and answers as if it went:
 * the page then said "Check your email" for a mail that never left. Each watched request carries a note that its
 * sends mark when the mail server refuses them, and the answer is replaced by one that says so.
 */
const attempts = new AsyncLocalStorage<{ failed: boolean }>();
// Switched off while no watched request runs (auth-storage.ts says why: on Node 20 an enabled one costs every promise).
const whileWatching = createStorageSwitch(Promise.resolve([attempts]));

/**
 * Sends as the mailer does (which logs a failure as an error naming the recipient). In a watched request a failure is
 * noted and not thrown on: the answer says it, and better-auth would only log it again (or, on a resend, print a bare
 * "# SERVER_ERROR" with the stack outside the JSON log and answer 500).
 */
export async function sendNotingFailure(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    const attempt = attempts.getStore();
    if (!attempt) throw error;
    attempt.failed = true;
  }
}

/**
 * A request whose mail was not sent answers 503 `mail_not_sent` with `message` (what to do next), whatever better-auth
 * answered. On sign-up every path sends one mail (new address or taken one), so the answer still tells no one which
 * addresses have accounts.
 */
export function answerUnsentMail(message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const attempt = { failed: false };
    await whileWatching(() => attempts.run(attempt, next));
    if (attempt.failed) throw new AppError("mail_not_sent", message);
  };
}
