import { z } from "zod";
import { stripControlCharactersDeep } from "./control-characters";

/**
 * A multipart field that carries JSON ("details", "criteriaScores"): read as JSON, with control characters taken out
 * of every string in it as from any other field (a "\u0000" inside the JSON is a NUL only once parsed, and PostgreSQL
 * refuses it in a query: it answered 500). `example` says what was expected.
 */
export const jsonField = (fallback: string, example: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      try {
        return stripControlCharactersDeep(JSON.parse(text) as unknown);
      } catch {
        ctx.addIssue({ code: "custom", message: example });
        return z.NEVER;
      }
    });
