import { zipfFrequencies } from "./word-frequency.js";

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
/**
 * An irregular verb given the regular -ed ("finded", "teached"): one edit away it was "corrected" to another word
 * ("finder"). A closed list, as the contractions are: the past students mean.
 */
const regularisedPasts = new Map(
  (
    "finded:found teached:taught buyed:bought thinked:thought catched:caught goed:went eated:ate bringed:brought " +
    "brang:brought falled:fell feeled:felt keeped:kept telled:told sayed:said maked:made taked:took gived:gave " +
    "writed:wrote drived:drove knowed:knew growed:grew throwed:threw speaked:spoke stealed:stole sleeped:slept " +
    "choosed:chose meeted:met sitted:sat standed:stood understanded:understood winned:won swimmed:swam runned:ran " +
    "leaved:left losed:lost hitted:hit putted:put getted:got forgetted:forgot drinked:drank singed:sang " +
    "fighted:fought flied:flew holded:held sended:sent spended:spent builded:built breaked:broke weared:wore"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);
/** A guess must be a common word (about one use per 10,000 words or more) and clearly the likeliest one. */
const minZipf = 3;
const margin = 1;

/**
 * The guesses already made, by the word as written: students repeat the same slips, and working one out looks up
 * hundreds of candidates (the list never changes while the process runs, so a guess never goes stale).
 */
const remembered = new Map<string, string | undefined>();
const maxRemembered = 5_000;

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
const maxWordLength = 30;

export function suggestSpelling(word: string): string | undefined {
  if (remembered.has(word)) return remembered.get(word);
  const guess = guessSpelling(word);
  // Forgotten all at once when full: the bound keeps a long-running server's memory flat, and the common slips of a
  // class ("becuase", "alot") are back within a few essays.
  if (remembered.size >= maxRemembered) remembered.clear();
  remembered.set(word, guess);
  return guess;
}

function guessSpelling(word: string): string | undefined {
  const lower = word.toLowerCase();
  const isCapital = word.charAt(0) !== lower.charAt(0);
  const restore = (s: string) => (isCapital ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  const known = contractions.get(lower) ?? runTogether.get(lower) ?? regularisedPasts.get(lower);
  if (known) return restore(known === "i'm" || known.startsWith("i'") ? `I${known.slice(1)}` : known);
  // A plural of a word in consonant + y written with -ys ("familys", "citys") means -ies: one edit away it was
  // "corrected" to the singular ("correct 'familys' to 'family'").
  const plural = /[^aeiou]ys$/.test(lower) ? `${lower.slice(0, -2)}ies` : undefined;
  if (plural && (zipfFrequencies().get(plural) ?? 0) >= minZipf) return restore(plural);
  // Words of three letters or fewer are mostly abbreviations and slang ("idk", "pta", "ok"), and every edit of them is
  // a common word: "ink", "pat" and "oak" were offered. No guess is better than a wrong one.
  if (lower.length <= 3) return undefined;
  // English words stop well short of this; a longer run of letters is no slip, and its edits (54 per letter, each as
  // long as it) took the feedback quadratic time: 8 s for one "word" of 8,000 letters.
  if (lower.length > maxWordLength) return undefined;
  // The candidates are lower case already, so the list is read directly; the cheap tests go before the lookup (a
  // ten-letter word has about 600 candidates, and this runs for every slip the grader finds).
  const frequencies = zipfFrequencies();
  const first = lower.charAt(0);
  const tiers = oneEditAway(lower).map((tier) => {
    const ranked: Array<{ candidate: string; zipf: number }> = [];
    for (const candidate of tier) {
      if (candidate === lower || candidate.charAt(0) !== first || candidate.length <= 1) continue;
      const zipf = frequencies.get(candidate) ?? 0;
      if (zipf >= minZipf) ranked.push({ candidate, zipf });
    }
    return ranked.sort((a, b) => b.zipf - a.zipf);
  });
  const at = tiers.findIndex((ranked) => ranked.length > 0);
  if (at < 0) return undefined;
  const [best, second] = tiers[at]!;
  if (second && best!.zipf - second.zipf < margin) return undefined;
  // A less likely kind of slip still casts doubt when it gives a more common word: "diest" is "digest" with a
  // letter left out, or the commoner "diet" with one added; the student was told "digest" and meant "diet".
  const rival = tiers.slice(at + 1).flat().some((c) => c.zipf >= best!.zipf);
  // Candidates keep the first letter, but a stray one before the word is a slip too: "twhen" was told "then" for "when".
  const strayFirst = (frequencies.get(lower.slice(1)) ?? 0) >= best!.zipf - margin;
  return rival || strayFirst ? undefined : restore(best!.candidate);
}
