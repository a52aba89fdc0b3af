/**
 * Whether a chat message is mostly not English, by the grader's own test (grading/text-checks.ts): more than half its
 * words unknown to the English dictionary, words in another script counted as unknown. The built-in reader knows
 * English only; a teacher writing in Spanish should hear that, not "I didn't catch a name" on every turn.
 */
import type { SpellChecker } from "../grading/spelling";
import { unknownWordShare } from "../grading/text-checks";
import { countOtherScriptWords } from "../grading/text";

/** Fewer words than this say too little to tell a language ("Dana Ruiz", "Biology"). */
const minimumWords = 3;
const latinWord = /[A-Za-z\u00C0-\u024F]+(?:'[A-Za-z\u00C0-\u024F]+)*/g;

export function isMostlyNotEnglish(text: string, spellChecker: SpellChecker): boolean {
  const latin = text.match(latinWord) ?? [];
  const otherScript = countOtherScriptWords(text);
  const total = latin.length + otherScript;
  if (total < minimumWords) return false;
  const unknown = latin.filter((word) => !spellChecker.correct(word)).length + otherScript;
  return unknown / total > unknownWordShare;
}
