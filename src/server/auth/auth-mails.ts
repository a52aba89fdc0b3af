import type { MailMessage } from "../integrations/mail/mailer";

export function verificationMail(email: string, url: string): MailMessage {
  return {
    to: [email],
    subject: "Confirm your Markwise account",
    text: [
      "Welcome to Markwise.",
      "",
      "Confirm your e-mail address to finish creating your account:",
      url,
      "",
      "The link works once and expires in 24 hours. If you did not sign up, ignore this message.",
    ].join("\n"),
  };
}

export function passwordResetMail(email: string, url: string): MailMessage {
  return {
    to: [email],
    subject: "Reset your Markwise password",
    text: [
      "Someone asked to reset the password of the Markwise account for this address.",
      "",
      "Choose a new password here (the link expires in 1 hour):",
      url,
      "",
      "Setting a new password signs you out everywhere else. If you did not ask for this, ignore this message.",
    ].join("\n"),
  };
}

/** Sent instead of a second account: the sign-up answer itself never says whether an address is registered. */
export function accountExistsMail(email: string, publicUrl: string): MailMessage {
  return {
    to: [email],
    subject: "You already have a Markwise account",
    text: [
      "Someone tried to create a Markwise account with this address, which already has one.",
      "",
      `If it was you, sign in at ${publicUrl}/auth or reset your password from there.`,
      "If it was not you, no action is needed.",
    ].join("\n"),
  };
}

/** The owner learns their account is gone, and whom to write to if they did not do it. */
export function accountDeletedMail(email: string, privacyEmail: string): MailMessage {
  return {
    to: [email],
    subject: "Your Markwise account was deleted",
    text: [
      "The Markwise account for this address was deleted, with its assignments, student work, grades and files.",
      "",
      `If you did not do this, write to ${privacyEmail} at once.`,
    ].join("\n"),
  };
}
