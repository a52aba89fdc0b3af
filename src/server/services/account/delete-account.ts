import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { accountMessages, recentSignInSeconds, type DeleteAccountInput } from "../../../contracts/account";
import { privacyEmail } from "../../../contracts/contact";
import { accountDeletedMail } from "../../auth/auth-mails";
import type { Auth } from "../../auth/auth";
import { isPasswordRight, isTwoFactorCodeRight, passwordHashOf } from "../../auth/confirm-identity";
import { countAttempt, describeWait, hash } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { outbox, storedFiles, users, verifications } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { Mailer } from "../../integrations/mail/mailer";
import type { FileStorage } from "../../integrations/storage/file-storage";

export interface DeleteAccountDeps {
  db: Db;
  auth: Auth;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
}

/** Five tries per quarter hour: enough for typos, too few to guess a password with a stolen session. */
const attemptsPerWindow = 5;
const windowSeconds = 15 * 60;

/**
 * Deletes the teacher's account and everything stored with it, after the proofs the account has (password,
 * two-factor code; a recent sign-in for Google-only accounts). The rows go in one statement (every teacher table
 * cascades from users), then the original files; a file that cannot be removed is logged by key for the operator.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string, input: DeleteAccountInput, sessionCreatedAt: Date | undefined) {
  const attempt = await countAttempt(deps.db, `delete-account:${hash(userId)}`, windowSeconds);
  if (attempt.count > attemptsPerWindow) {
    throw new AppError("rate_limited", `Too many attempts. Try again in ${describeWait(attempt.retryAfterSeconds)}.`);
  }
  const [account] = await deps.db.select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!account) throw notFound("That account");
  await confirmIdentity(deps, userId, account, input, sessionCreatedAt);

  const fileKeys = await deps.db.transaction(async (tx) => {
    const files = await tx.select({ key: storedFiles.storageKey }).from(storedFiles).where(eq(storedFiles.teacherId, userId));
    // Links in mails still waiting (reset, confirmation) die with the account; so do mails kept for this address alone.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(outbox).where(and(sql`cardinality(${outbox.to}) = 1`, sql`lower(${outbox.to}[1]) = lower(${account.email})`));
    await tx.delete(users).where(eq(users.id, userId));
    return files.map((file) => file.key);
  });

  let unremoved = 0;
  for (const key of fileKeys) {
    await deps.storage.delete(key).catch((error: unknown) => {
      unremoved += 1;
      deps.logger.error({ err: error, storageKey: key }, "an original of a deleted account could not be removed");
    });
  }
  await deps.mailer.forgetMailTo(account.email).catch((error: unknown) => {
    deps.logger.error({ err: error }, "the kept mail of a deleted account could not be removed");
  });
  deps.logger.info({ files: fileKeys.length, unremoved }, "account deleted");
  await deps.mailer.send(accountDeletedMail(account.email, privacyEmail)).catch((error: unknown) => {
    deps.logger.error({ err: error }, "the account-deleted mail could not be sent");
  });
}

async function confirmIdentity(
  deps: DeleteAccountDeps,
  userId: string,
  account: { email: string; twoFactorEnabled: boolean | null },
  input: DeleteAccountInput,
  sessionCreatedAt: Date | undefined,
) {
  if (input.confirmEmail.toLowerCase() !== account.email.toLowerCase()) {
    throw new AppError("validation_failed", accountMessages.confirmEmail, { confirmEmail: accountMessages.confirmEmail });
  }
  const passwordHash = await passwordHashOf(deps.db, userId);
  if (passwordHash) {
    if (!input.password) throw new AppError("validation_failed", accountMessages.passwordNeeded, { password: accountMessages.passwordNeeded });
    if (!(await isPasswordRight(deps.auth, passwordHash, input.password))) {
      throw new AppError("forbidden", accountMessages.passwordWrong, { password: accountMessages.passwordWrong });
    }
  } else if (!sessionCreatedAt || Date.now() - sessionCreatedAt.getTime() > recentSignInSeconds * 1000) {
    throw new AppError("forbidden", accountMessages.signInAgain);
  }
  if (account.twoFactorEnabled) {
    if (!input.code) throw new AppError("validation_failed", accountMessages.codeNeeded, { code: accountMessages.codeNeeded });
    if (!(await isTwoFactorCodeRight(deps.auth, deps.db, userId, input.code))) {
      throw new AppError("forbidden", accountMessages.codeWrong, { code: accountMessages.codeWrong });
    }
  }
}
