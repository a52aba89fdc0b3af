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

  it("turns zod's default limits into words: within N characters, at least N, at most N items", () => {
    const limits = z.object({
      name: z.string().max(100),
      note: z.string().min(3),
      title: z.string().min(1),
      count: z.number().min(1).max(50),
      share: z.number().positive(),
      tags: z.array(z.string()).max(2),
      keep: z.string().max(5, "Keep the code to 5 letters"),
    });
    const fields = (value: unknown) => {
      try {
        parseOrThrow(limits, value, "request body");
      } catch (error) {
        if (error instanceof AppError) return error.fields;
      }
      return undefined;
    };
    expect(fields({ name: "x".repeat(101), note: "ab", title: "", count: 0, share: 0, tags: ["a", "b", "c"], keep: "abcdef" })).toEqual({
      name: "Keep this within 100 characters",
      note: "Use at least 3 characters",
      title: "Required: this cannot be empty",
      count: "Must be at least 1",
      share: "Must be more than 0",
      tags: "Send at most 2 items",
      keep: "Keep the code to 5 letters",
    });
    expect(fields({ name: "", note: "abc", title: "t", count: 51, share: 1, tags: [], keep: "" })).toEqual({ count: "Must be at most 50" });
  });
});
