import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import nspell from "nspell";
import { createCachedSpellChecker, type SpellChecker } from "../../../core/grading/index.js";

let dictionaryChecker: SpellChecker | undefined;
let shared: SpellChecker | undefined;

/** The English (US) Hunspell checker without a lookup cache; read from disk once per process (about half a second). */
function readDictionaryChecker(): SpellChecker {
  // dictionary-en's module reads these two files with a top-level await; read here so the checker can be built the
  // moment a word is first checked, from code that cannot wait.
  const folder = path.dirname(createRequire(import.meta.url).resolve("dictionary-en"));
  dictionaryChecker ??= nspell({ aff: readFileSync(path.join(folder, "index.aff")), dic: readFileSync(path.join(folder, "index.dic")) });
  return dictionaryChecker;
}

export async function loadDictionaryChecker(): Promise<SpellChecker> {
  return readDictionaryChecker();
}

/**
 * The process-wide spell checker for the grading engine, with a lookup cache. Reading the dictionary is I/O,
 * which is why it lives here and the engine only receives the checker.
 */
export async function loadSpellChecker(): Promise<SpellChecker> {
  shared ??= createCachedSpellChecker(readDictionaryChecker());
  return shared;
}

/**
 * The same checker, read from disk only when the first word is checked: a server that is not grading does not hold
 * the dictionary (tens of MB; issue 16's idle memory). The first check waits for the read, once per process.
 */
export function lazySpellChecker(): SpellChecker & { isCached: true } {
  let checker: SpellChecker | undefined;
  return {
    // It caches its lookups itself, so the engine does not wrap it in another cache.
    isCached: true,
    correct(word: string) {
      checker ??= createCachedSpellChecker(readDictionaryChecker());
      return checker.correct(word);
    },
  };
}
