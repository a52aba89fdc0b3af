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

/**
 * A contract's own message where it has one; zod's default for a wrong type ("Invalid input: expected object,
 * received undefined") said nothing a person could act on, so it becomes "Required: send tags as a list" or "Must be a number".
 */
function readableMessage(issue: z.core.$ZodIssue): string {
  const match = issue.code === "invalid_type" ? zodDefault.exec(issue.message) : null;
  if (!match) return issue.message;
  const expected = typeNames[match[1]!] ?? match[1];
  // "Required" alone left a caller guessing what to send: the field is named with what it takes.
  if (match[2] === "undefined") return `Required: send ${String(issue.path.at(-1) ?? "it")} as ${expected}`;
  return `Must be ${expected}`;
}

/** Turns zod issues into the error shape's `fields`: one message per field path (the first one wins). */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    fields[key] ??= readableMessage(issue);
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
