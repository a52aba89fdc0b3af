import { z } from "zod";

/**
 * Scores are kept to two decimals, rounded where they enter: a score typed as 1e-320 is 0, not a number that
 * shows as 5e-324 in the gradebook and the CSV.
 */
export function toScore(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

/** A decimal as a person types it: digits with an optional point or comma ("7.5", "7,5", ".5"), spaces around. */
const decimalText = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)\s*$/;

/**
 * A score sent as text (a form field): only a plain decimal counts. `Number` also reads "0x10" as 16, "1e2" as 100
 * and "" as 0, so a typo could save a score the teacher never typed.
 */
export const decimalField = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    if (typeof value === "number") {
      if (Number.isFinite(value)) return value;
    } else if (decimalText.test(value)) {
      return Number(value.trim().replace(",", "."));
    }
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
