import { z } from "zod";

/** What deleting the account removes, counted, so the confirmation can name it. */
export const accountSummary = z.object({
  email: z.string(),
  assignments: z.number().int(),
  submissions: z.number().int(),
  files: z.number().int(),
  chatMessages: z.number().int(),
  hasTeacherProfile: z.boolean(),
  /** Which proofs the delete asks for: the password when the account has one, a code when two-factor is on. */
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const deleteAccountInput = z.object({
  password: z.string().max(200).optional(),
  /** A six-digit code from the authenticator app, or one of the backup codes. */
  code: z.string().trim().max(40).optional(),
  /** The account's e-mail address, typed out: the teacher has read whose account goes. */
  confirmEmail: z.string().trim().max(320),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const accountMessages = {
  confirmEmail: "Type the e-mail address of this account to confirm.",
  passwordNeeded: "Enter your password.",
  passwordWrong: "That password is not right.",
  codeNeeded: "Enter a code from your authenticator app, or a backup code.",
  codeWrong: "That code is not right. Use the current code from your authenticator app, or a backup code.",
  signInAgain: "For your safety, sign out and sign in again, then delete your account within 15 minutes.",
} as const;

/** An account without a password (Google sign-in only) proves itself by a sign-in this recent. */
export const recentSignInSeconds = 15 * 60;
