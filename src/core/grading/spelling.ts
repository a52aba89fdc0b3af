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
  // The dictionary is American; a British spelling ("favourable", "organise", "centre") is no slip.
  return americanSpellingsOf(lower).some((variant) => checker.correct(variant));
}

/** The American spellings a British one may stand for, by the regular differences between the two. */
const britishToAmerican: Array<[RegExp, string]> = [
  [/our(s|ed|ing|able|ite|ites|ful|less)?$/, "or$1"],
  [/is(e|es|ed|ing|ation|ations|er|ers)$/, "iz$1"],
  [/ys(e|es|ed|ing)$/, "yz$1"],
  [/tre(s)?$/, "ter$1"],
  [/ogue(s)?$/, "og$1"],
  [/ence(s)?$/, "ense$1"],
  [/ll(ed|ing|er|ers)$/, "l$1"],
  [/mme(s)?$/, "m$1"],
  [/^grey/, "gray"],
];

function americanSpellingsOf(word: string): string[] {
  return britishToAmerican.flatMap(([pattern, replacement]) => (pattern.test(word) ? [word.replace(pattern, replacement)] : []));
}

/** A checker that accepts everything: used when no dictionary is available, so spelling never counts against anyone. */
export const acceptAllSpellChecker: SpellChecker = { correct: () => true };
