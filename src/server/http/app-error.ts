import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorCode } from "../../contracts/errors";

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  // The mail server refused or could not be reached: what was asked for is kept, its e-mail is not sent.
  mail_not_sent: 503,
  insufficient_storage: 507,
};

/** What an address no API route answers says, from the app's routes and from better-auth's alike. */
/** The one answer to a body that is not JSON, from the app's routes and from better-auth's alike. */
export const badJsonMessage = "The request body is not valid JSON.";

export const noApiRouteMessage = "There is no API route at this address. See /api/docs for the routes that exist.";

/** The one error type routes and services throw; `toErrorBody` and `status` map it to HTTP in one place. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After: when asking again makes sense (a busy or rate-limited answer). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }

  /** `fields` is always there (empty when the error is about no one field), so clients read one shape. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, fields: this.fields ?? {} } };
  }
}

export const notFound = (what = "That item") => new AppError("not_found", `${what} was not found.`);
