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
  // Curly apostrophes (and a backtick or accent typed for one) are the same word as straight ones.
  if (/[’`´ʼ]/.test(word)) return [word, lower].some((form) => checker.correct(form.replace(/[’`´ʼ]/g, "'")));
  // The dictionary is American; a British spelling ("favourable", "organise", "centre") is no slip.
  return americanSpellingsOf(lower).some((variant) => checker.correct(variant));
}

/** The American spellings a British one may stand for, by the regular differences between the two. */
// Each rule needs a stem long enough that a misspelling of a short word cannot pass for a British one ("sise" is no
// "size", "entre" no "enter"); "-ence" and "-mme" are closed lists ("expence" and "nonsence" are slips).
const britishToAmerican: Array<[RegExp, string]> = [
  [/(?<=\p{L}{2})our(s|ed|ing|able|ite|ites|ful|less)?$/u, "or$1"],
  [/(?<=\p{L}{4})is(e|es|ed|ing|ation|ations|er|ers)$/u, "iz$1"],
  [/(?<=\p{L}{3})ys(e|es|ed|ing)$/u, "yz$1"],
  [/(?<=\p{L}{3})tre(s)?$/u, "ter$1"],
  [/(?<=\p{L}{3})ogue(s)?$/u, "og$1"],
  [/^(def|off|lic|pret)ence(s)?$/, "$1ense$2"],
  [/(?<=\p{L}{3})ll(ed|ing|er|ers)$/u, "l$1"],
  [/^programme(s)?$/, "program$1"],
  [/^grey/, "gray"],
];

function americanSpellingsOf(word: string): string[] {
  return britishToAmerican.flatMap(([pattern, replacement]) => (pattern.test(word) ? [word.replace(pattern, replacement)] : []));
}

/**
 * A word any of the checkers knows is spelled correctly: the American and British dictionaries together, so
 * "practise" and "practice", "colour" and "color" are both right and neither is "corrected" to the other.
 */
export function anyOfSpellCheckers(...checkers: SpellChecker[]): SpellChecker {
  return { correct: (word) => checkers.some((checker) => checker.correct(word)) };
}

/** A checker that accepts everything: used when no dictionary is available, so spelling never counts against anyone. */
export const acceptAllSpellChecker: SpellChecker = { correct: () => true };
