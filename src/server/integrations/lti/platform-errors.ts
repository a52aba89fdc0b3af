/** A learning platform's service refused or could not be reached; the message is for the teacher who asked. */
export class PlatformServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlatformServiceError";
  }
}

/**
 * The reason a platform gave, in a line a teacher can read: an OAuth or JSON error's own words, a short plain answer,
 * never a page of JSON or HTML ("{"error":"no route POST /token-wrong"}" reached a teacher's toast).
 */
export function platformReason(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const said = [parsed.error_description, parsed.message, parsed.error, (parsed.errors as { message?: unknown } | undefined)?.message].find((value) => typeof value === "string" && value.trim());
    if (typeof said === "string") return said.trim().slice(0, 200);
  } catch {
    // Not JSON: a plain answer is its own reason.
  }
  const plain = body.trim();
  return plain && plain.length <= 200 && !plain.includes("<") ? plain : "no reason given";
}

const statusWords: Record<number, string> = { 400: "bad request", 401: "not authorised", 403: "forbidden", 404: "not found", 405: "method not allowed", 429: "too many requests" };

/**
 * A refusal, named by what was asked, with what to check: a wrong address (404, 405) is the platform registration's
 * URLs, a refused client (400, 401) its client id and keyset, anything else the platform itself.
 */
export function platformRefusal(what: string, status: number, body: string, settingName: string): PlatformServiceError {
  const advice =
    status === 404 || status === 405
      ? `Ask your school's IT team to check the platform's ${settingName} on Markwise's Learning platforms page.`
      : status === 400 || status === 401
        ? "Ask your school's IT team to check the platform's client id, and that the platform has Markwise's keyset (JWKS) URL."
        : "Try again later; if it keeps failing, ask your school's IT team.";
  const code = statusWords[status] ? `${status}, ${statusWords[status]}` : String(status);
  return new PlatformServiceError(`The platform refused ${what} (${code}: ${platformReason(body)}). ${advice}`);
}
