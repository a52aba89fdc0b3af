import { AppError } from "./app-error";

/** Far deeper than any body the API takes (an assignment is five levels), far shallower than the stack allows. */
export const maxJsonDepth = 64;

/**
 * Refuses a parsed JSON body nested deeper than `maxJsonDepth`: the walks that clean and check a body recurse, and a
 * 10 KB body of nested brackets would otherwise overflow the stack (a 500 anyone could cause). Walked with a list,
 * not recursion, for the same reason.
 */
export function assertJsonDepth(value: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length) {
    const next = pending.pop()!;
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= maxJsonDepth) {
      throw new AppError("bad_request", `The request body is nested too deeply: keep it within ${maxJsonDepth} levels of objects and arrays.`);
    }
    for (const item of Object.values(next.value)) pending.push({ value: item, depth: next.depth + 1 });
  }
}

/**
 * Whether a Content-Type names JSON as better-auth reads it: any case, and JSON's "+json" kinds. A check that knew only
 * "application/json" let "Application/JSON" past the sign-in limit and the control-character filter, while better-auth
 * still read the body.
 */
export const isJsonMediaType = (contentType: string | undefined): boolean => /^\s*application\/([a-z0-9.+-]*\+)?json/i.test(contentType ?? "");
