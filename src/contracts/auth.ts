import { z } from "zod";

export const authLimits = { passwordMin: 8, passwordMax: 128, usernameMax: 50 } as const;

export const authMessages = {
  passwordsDiffer: "Passwords do not match",
  /** An empty confirm box was told "Passwords do not match": the spec's sign-up requires the field itself. */
  confirmRequired: "Confirm your password",
  usernameRequired: "Username is required",
  checkEmail: "Check your email for the confirmation link!",
  confirmationNotSent:
    "We could not send the confirmation email, so your sign-up is not finished. Choose Resend confirmation link in a few minutes; if it still fails, tell whoever runs Markwise at your school.",
  mailNotSent: "We could not send the email just now. Try again in a few minutes; if it still fails, tell whoever runs Markwise at your school.",
  unexpected: "An unexpected error occurred",
  passwordTooShort: `Password must be at least ${authLimits.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${authLimits.passwordMax} characters`,
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address, like name@school.org",
  usernameTooLong: `Username must be at most ${authLimits.usernameMax} characters`,
  emailNotVerified: "Your email address is not confirmed yet. Check your inbox for the confirmation link, or send a new one.",
  googleDisabled: "Your school has not enabled Google sign-in for Markwise. Sign in with your email and password instead.",
} as const;

export const passwordField = z
  .string({ error: authMessages.passwordTooShort })
  .min(authLimits.passwordMin, authMessages.passwordTooShort)
  .max(authLimits.passwordMax, authMessages.passwordTooLong);

export const emailField = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .pipe(z.email(authMessages.emailInvalid));

/**
 * The specification asks only that a username is not empty ("Username is required"): any name a teacher goes by,
 * spaces and accents included. Teachers sign in with it too, so it is unique (compared without case) and bounded.
 */
export const usernameField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? authMessages.usernameRequired : "Username must be text") })
  .trim()
  .min(1, authMessages.usernameRequired)
  .max(authLimits.usernameMax, authMessages.usernameTooLong);

/** The sign-up form (client) and the server's check before better-auth sees the request. */
export const signUpForm = z
  .object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().min(1, authMessages.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: authMessages.passwordsDiffer });

/** What the server accepts at POST /api/auth/sign-up/email (better-auth's body, checked by our rules first). */
export const signUpRequest = z.object({
  email: emailField,
  password: passwordField,
  username: usernameField,
  name: z.string().trim().max(100).optional(),
  callbackURL: z.string().optional(),
  // better-auth stores an `image` as sent ("javascript:...", a tracker's address): the avatar has its own checked route.
  image: z.never({ error: "The avatar is not set at sign-up: upload it at /api/profile/avatar once signed in" }).optional(),
});

/**
 * What a signed-in teacher may change through better-auth's update-user: the names they go by. The avatar has its
 * own route, which checks the image (an `image` of "javascript:..." was stored as sent), and better-auth answered 500
 * to a username that was not text.
 */
export const updateUserRequest = z.strictObject(
  {
    username: usernameField.optional(),
    displayUsername: usernameField.optional(),
    name: z.string({ error: "Name must be text" }).trim().min(1, "Name cannot be empty").max(100, "Keep the name within 100 characters").optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Only username, displayUsername and name can be changed here; the avatar is changed at /api/profile/avatar` : undefined) },
);

/** Sign-in by e-mail: the fields it needs, so a missing one is named in words, not as better-auth's "[body.email]". */
export const signInRequest = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});

/** A mail asked for by address alone (a password reset, a new confirmation link). */
export const mailRequest = z.object({
  email: emailField,
  redirectTo: z.string().optional(),
  callbackURL: z.string().optional(),
});

export const resetPasswordRequest = z.object({
  newPassword: passwordField,
  token: z.string().optional(),
});

export const profileTextInput = z.object({
  bio: z.string().max(2000, "Keep the bio within 2000 characters"),
});
export const profileTextResponse = z.object({ bio: z.string() });

export const googleStatusResponse = z.object({ enabled: z.boolean(), message: z.string().optional() });
