import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Where the human-scored essays are (never copied into the repository): ESSAY_DATA_DIR, else ../shared/data/essays
 * beside the checkout. Tests that need them skip with a message when neither exists.
 */
export function findEssayData(): string | undefined {
  const candidates = [process.env.ESSAY_DATA_DIR, resolve(import.meta.dirname, "../../shared/data/essays")].filter((c): c is string => Boolean(c));
  return candidates.find((dir) => existsSync(resolve(dir, "asap.jsonl")));
}
