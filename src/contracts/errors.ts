import { z } from "zod";

/** The one error shape every API answer uses: `{ error: { code, message, fields } }`, fields empty when none applies. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const errorCodes = [
  "bad_request",
  "validation_failed",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
  "internal",
  "unavailable",
  "mail_not_sent",
  "insufficient_storage",
] as const;
export type ErrorCode = (typeof errorCodes)[number];
