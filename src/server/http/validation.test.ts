import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { parseOrThrow } from "./validation";

const schema = z.object({
  title: z.string({ error: "Title must be text" }),
  settings: z.object({ strictness: z.number() }),
  tags: z.array(z.string()),
  public: z.boolean(),
  scores: z.record(z.string(), z.number()).optional(),
});

function fieldsOf(value: unknown): Record<string, string> | undefined {
  try {
    parseOrThrow(schema, value, "request body");
  } catch (error) {
    if (error instanceof AppError) return error.fields;
    throw error;
  }
  return undefined;
}

describe("validation messages a person can act on", () => {
  it("keeps a contract's own message and turns zod's wrong-type defaults into Required or Must be ...", () => {
    expect(fieldsOf({ title: 5, settings: { strictness: "high" }, tags: "a", public: "yes", scores: [] })).toEqual({
      title: "Title must be text",
      "settings.strictness": "Must be a number",
      tags: "Must be a list",
      public: "Must be true or false",
      scores: "Must be an object",
    });
    expect(fieldsOf({ title: "Essay" })).toEqual({ settings: "Required: send settings as an object", tags: "Required: send tags as a list", public: "Required: send public as true or false" });
  });
});
