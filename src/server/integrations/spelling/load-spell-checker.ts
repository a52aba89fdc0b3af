import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import nspell from "nspell";
import { anyOfSpellCheckers, createCachedSpellChecker, type SpellChecker } from "../../../core/grading/index.js";
import { newerWordsChecker } from "./newer-words.js";

let dictionaryChecker: SpellChecker | undefined;
let shared: SpellChecker | undefined;

/** One Hunspell dictionary package, read from its two files. */
function readHunspell(packageName: string): SpellChecker {
  // The dictionary modules read these two files with a top-level await; read here so the checker can be built the
  // moment a word is first checked, from code that cannot wait.
  const folder = path.dirname(createRequire(import.meta.url).resolve(packageName));
  return nspell({ aff: readFileSync(path.join(folder, "index.aff")), dic: readFileSync(path.join(folder, "index.dic")) });
}

/**
 * The English checker without a lookup cache: the US and the UK Hunspell dictionaries (and newer-words.ts), a word any knows being
 * right. Students write both ("practise", "colour", "analyse", "tyre"), and the US list alone "corrected" a British
 * spelling in feedback and counted it against the grade. Read from disk once per process (about a second for both).
 */
function readDictionaryChecker(): SpellChecker {
  dictionaryChecker ??= anyOfSpellCheckers(readHunspell("dictionary-en"), readHunspell("dictionary-en-gb"), newerWordsChecker);
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
