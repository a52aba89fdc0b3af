import { stripControlCharactersDeep } from "../../contracts/control-characters";
import type { z } from "zod";
import { AppError } from "./app-error";

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  map: "an object",
  array: "a list",
  tuple: "a list",
  set: "a list",
  date: "a date",
};
const zodDefault = /^Invalid input: expected (\w+), received (\w+)$/;
/** zod's own words for a limit: "Too big: expected string to have <=100 characters", "Too small: expected number to be >=1". */
const zodLimit = /^Too (big|small): expected (\w+) to (?:have|be) ([<>]=?)(-?[\d.e+]+)(?: (characters|items))?$/;

/**
 * A contract's own message where it has one; zod's defaults said nothing a person could act on ("Invalid input:
 * expected object, received undefined", "Too big: expected string to have <=100 characters"), so they become
 * "Required: send tags as a list", "Must be a number", "Keep this within 100 characters" or "Must be at least 1".
 */
export function readableMessage(message: string, field: string): string {
  const wrongType = zodDefault.exec(message);
  if (wrongType) {
    const expected = typeNames[wrongType[1]!] ?? wrongType[1];
    // "Required" alone left a caller guessing what to send: the field is named with what it takes.
    return wrongType[2] === "undefined" ? `Required: send ${field} as ${expected}` : `Must be ${expected}`;
  }
  const limit = zodLimit.exec(message);
  if (!limit) return message;
  const [, size, kind, comparison, bound, unit] = limit;
  const isInclusive = comparison!.endsWith("=");
  if (kind === "string") return size === "big" ? `Keep this within ${bound} characters` : bound === "1" ? "Required: this cannot be empty" : `Use at least ${bound} characters`;
  if (unit === "items") return size === "big" ? `Send at most ${bound} items` : `Send at least ${bound} item${bound === "1" ? "" : "s"}`;
  if (size === "big") return isInclusive ? `Must be at most ${bound}` : `Must be less than ${bound}`;
  return isInclusive ? `Must be at least ${bound}` : `Must be more than ${bound}`;
}

/** Turns zod issues into the error shape's `fields`: one message per field path (the first one wins). */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    fields[key] ??= readableMessage(issue.message, String(issue.path.at(-1) ?? "it"));
  }
  return fields;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  // Removed at the boundary, so no NUL ever reaches a query (PostgreSQL refuses it, and the error once answered 500).
  const parsed = schema.safeParse(stripControlCharactersDeep(value));
  if (parsed.success) return parsed.data;
  const fields = fieldsFromIssues(parsed.error.issues);
  const names = Object.keys(fields).join(", ");
  throw new AppError("validation_failed", `The ${where} has problems in: ${names}. Fix these and try again.`, fields);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Row ids are UUIDs; anything else can only ever be "not found" (and must not reach PostgreSQL as a uuid). */
export const isUuid = (value: string) => uuidPattern.test(value);
