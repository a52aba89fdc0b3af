/**
 * The engine checks spelling through this small interface so that loading a dictionary (I/O) stays outside core.
 * nspell's instance satisfies it directly.
 */
export interface SpellChecker {
  correct(word: string): boolean;
}

/**
 * Wraps a checker with a bounded memo: student vocabularies overlap heavily, so most lookups are repeats.
 * When the cache is full it is cleared rather than tracked per entry, which keeps lookups O(1) and cheap.
 */
export function createCachedSpellChecker(checker: SpellChecker, maxEntries = 200_000): SpellChecker {
  if ((checker as { isCached?: boolean }).isCached) return checker;
  const cache = new Map<string, boolean>();
  const cached = {
    isCached: true,
    correct(word: string): boolean {
      const hit = cache.get(word);
      if (hit !== undefined) return hit;
      if (cache.size >= maxEntries) cache.clear();
      const ok = isWordCorrect(checker, word);
      cache.set(word, ok);
      return ok;
    },
  };
  return cached;
}

function isWordCorrect(checker: SpellChecker, word: string): boolean {
  if (checker.correct(word)) return true;
  const lower = word.toLowerCase();
  if (lower !== word && checker.correct(lower)) return true;
  // Curly apostrophes are the same word as straight ones.
  if (word.includes("’")) return checker.correct(word.replace(/’/g, "'"));
  return false;
}

/** A checker that accepts everything: used when no dictionary is available, so spelling never counts against anyone. */
export const acceptAllSpellChecker: SpellChecker = { correct: () => true };
