import { zipfFrequency } from "./word-frequency.js";

const letters = "abcdefghijklmnopqrstuvwxyz";
/** Words students often write without their apostrophe, or run together: a closed list, like the stop words. */
const contractions = new Map(
  (
    "don't doesn't didn't can't won't isn't aren't wasn't weren't couldn't shouldn't wouldn't haven't hasn't hadn't " +
    "i'm it's that's there's what's let's you're they're we're i've you've they've we've i'll you'll they'll we'll " +
    "he's she's i'd you'd they'd we'd"
  )
    .split(" ")
    .map((word) => [word.replace("'", ""), word]),
);
const runTogether = new Map([["alot", "a lot"], ["infact", "in fact"], ["incase", "in case"], ["eachother", "each other"], ["aswell", "as well"], ["inorder", "in order"]]);
/** A guess must be a common word (about one use per 10,000 words or more) and clearly the likeliest one. */
const minZipf = 3;
const margin = 1;

/**
 * Words one edit away, in tiers by how students misspell: a letter left out or two letters swapped first, then a
 * letter changed, then an extra letter. A likelier kind of slip wins over a more common word ("wich" is "which").
 */
function oneEditAway(word: string): Array<Set<string>> {
  const keepsLetters = new Set<string>();
  const changed = new Set<string>();
  const dropped = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) dropped.add(head + tail.slice(1));
    if (tail.length > 1) keepsLetters.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of letters) {
      if (tail) changed.add(head + c + tail.slice(1));
      keepsLetters.add(head + c + tail);
    }
  }
  return [keepsLetters, changed, dropped];
}

/**
 * The word a misspelling most likely stands for, or undefined when no guess is clear: "troble" -> "trouble",
 * "thier" -> "their", "dont" -> "don't", "alot" -> "a lot". Otherwise only one edit away, ranked by how common the word is, so a rare guess never
 * wins over a common one and two close guesses give none.
 */
export function suggestSpelling(word: string): string | undefined {
  const lower = word.toLowerCase();
  const isCapital = word.charAt(0) !== lower.charAt(0);
  const restore = (s: string) => (isCapital ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  const known = contractions.get(lower) ?? runTogether.get(lower);
  if (known) return restore(known === "i'm" || known.startsWith("i'") ? `I${known.slice(1)}` : known);
  // Words of three letters or fewer are mostly abbreviations and slang ("idk", "pta", "ok"), and every edit of them is
  // a common word: "ink", "pat" and "oak" were offered. No guess is better than a wrong one.
  if (lower.length <= 3) return undefined;
  const tiers = oneEditAway(lower).map((tier) =>
    [...tier]
      .map((candidate) => ({ candidate, zipf: zipfFrequency(candidate) ?? 0 }))
      .filter((c) => c.zipf >= minZipf && c.candidate !== lower && c.candidate.charAt(0) === lower.charAt(0) && c.candidate.length > 1)
      .sort((a, b) => b.zipf - a.zipf),
  );
  const at = tiers.findIndex((ranked) => ranked.length > 0);
  if (at < 0) return undefined;
  const [best, second] = tiers[at]!;
  if (second && best!.zipf - second.zipf < margin) return undefined;
  // A less likely kind of slip still casts doubt when it gives a more common word: "diest" is "digest" with a
  // letter left out, or the commoner "diet" with one added; the student was told "digest" and meant "diet".
  const rival = tiers.slice(at + 1).flat().some((c) => c.zipf >= best!.zipf);
  return rival ? undefined : restore(best!.candidate);
}
