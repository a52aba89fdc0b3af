import { tagText } from "../language/tag-text.js";
import { zipfFrequency } from "../language/word-frequency.js";

/**
 * Loads the language model and the word list once, before a file's tests: on a busy machine that alone can take
 * longer than a test's 5 s budget, which is about the rules checked, not loading.
 */
export function warmUpLanguage(): void {
  tagText("Warm up the tagger.");
  zipfFrequency("warm");
}

export const warmUpTimeout = 60_000;
