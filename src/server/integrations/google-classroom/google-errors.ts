import { safeJson } from "../safe-json";
import { googleErrorBody } from "./schemas";

/** What went wrong talking to Google, worded for the teacher with what to do. */
export class GoogleApiError extends Error {
  constructor(
    message: string,
    /** access: Google refused (403) or the connection is gone; unavailable: Google could not be reached or failed. */
    readonly kind: "access" | "not_found" | "unavailable" | "invalid",
  ) {
    super(message);
    this.name = "GoogleApiError";
  }
}

export const reconnectAdvice = "Connect Google Classroom again in Settings.";

/** Google's own words from an error answer, for the end of our message. */
export function googleReason(text: string): string | undefined {
  const parsed = googleErrorBody.safeParse(safeJson(text));
  if (!parsed.success) return undefined;
  const { error, error_description: description } = parsed.data;
  return typeof error === "string" ? description ?? error : error.message;
}

/**
 * A 403 from Classroom means one of three things a teacher can act on: the token lacks a scope (connect again and
 * tick every box), the project did not create the coursework (grades can only go to coursework Markwise published),
 * or the teacher does not teach the course.
 */
export function forbiddenMessage(reason: string | undefined, action: string): string {
  const said = reason ? ` (Google said: ${reason})` : "";
  if (reason && /scope|insufficient/i.test(reason)) return `Google did not give Markwise access to ${action}: the Classroom permissions were not all granted. ${reconnectAdvice}${said}`;
  if (reason && /ProjectPermissionDenied|developer project|Developer Console project/i.test(reason)) {
    return `Google Classroom lets only the app that created a coursework item set its grades, and Markwise did not create this one. Publish the assignment to Classroom from Markwise and grade that coursework.${said}`;
  }
  return `Google Classroom refused to ${action}: you need to be a teacher of this course with the Google account you connected. If you are, ${reconnectAdvice.charAt(0).toLowerCase()}${reconnectAdvice.slice(1)}${said}`;
}
