import nspell from "nspell";
import { createCachedSpellChecker, type SpellChecker } from "../../../core/grading/index.js";

let dictionaryChecker: Promise<SpellChecker> | undefined;
let shared: Promise<SpellChecker> | undefined;

/** The English (US) Hunspell checker without a lookup cache; read from disk once per process. */
export function loadDictionaryChecker(): Promise<SpellChecker> {
  dictionaryChecker ??= (async () => {
    const { default: dictionary } = await import("dictionary-en");
    // dictionary-en reads its files as Uint8Arrays; nspell's types ask for Buffers, which wrap the same bytes.
    return nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  })();
  return dictionaryChecker;
}

/**
 * The process-wide spell checker for the grading engine, with a lookup cache. Reading the dictionary is I/O,
 * which is why it lives here and the engine only receives the checker.
 */
export function loadSpellChecker(): Promise<SpellChecker> {
  shared ??= loadDictionaryChecker().then((checker) => createCachedSpellChecker(checker));
  return shared;
}
