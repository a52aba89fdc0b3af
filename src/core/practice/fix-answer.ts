import type { SpellChecker } from "../grading/spelling.js";

/**
 * Whether a student's corrected sentence fixes what the key fixes and makes nothing worse. The key is one right
 * answer, not the only one: a missing final full stop, a lower-case first letter the key did not change, spacing, an
 * extra comma, a hyphen ("hand-eye"), another misspelling put right or a further sentence split all leave the
 * answer right. What the key changed from the original must be in the answer as the key has it, and no correct word
 * may be changed, added or dropped.
 */
export function isFixAccepted(item: { original: string; answer: string }, given: string, spellChecker?: SpellChecker): boolean {
  const original = tokensOf(item.original);
  const key = tokensOf(item.answer);
  let answer = tokensOf(given);
  if (answer.length === 0) return false;
  // The tokens leave the end mark aside, so a key whose correction is that mark ("going." -> "going?") needs it here:
  // otherwise the sentence left as it was scored right.
  if (endMarkOf(item.original) !== endMarkOf(item.answer) && endMarkOf(given) !== endMarkOf(item.answer)) return false;
  const required = changedInKey(original, key);
  // The case of the first letter counts only when the key's correction is that capital.
  if (!required.has(0) && key[0] && answer[0] && key[0].toLowerCase() === answer[0].toLowerCase()) answer = [key[0], ...answer.slice(1)];
  return hunks(key, answer).every((hunk) => hunk.keyAt.every((i) => !required.has(i)) && isBetterOrSame(hunk, key, answer, spellChecker));
}

const wordPattern = /^[\p{L}\p{N}]/u;
const isWord = (token: string) => wordPattern.test(token);
const joinWords = new Set(["and", "but", "so"]);
const endsSentence = (token: string | undefined) => token === "." || token === "!" || token === "?";

const endMarkOf = (text: string) => text.trim().match(/[.!?]+$/)?.[0] ?? "";

/** Words (with their apostrophes: "I'm") and single marks; spaces, curly quotes and the final full stop aside. */
function tokensOf(text: string): string[] {
  const flat = text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').trim().replace(/[.!?]+$/, "");
  return flat.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu) ?? [];
}

interface Hunk {
  /** Positions in the key that the answer does not keep as they are. */
  keyAt: number[];
  /** Positions in the answer that stand in their place. */
  answerAt: number[];
}

/** The positions of `b` that a longest common subsequence with `a` leaves out: what `b` changed. */
function changedInKey(a: string[], b: string[]): Set<number> {
  return new Set(hunks(a, b).flatMap((hunk) => hunk.answerAt));
}

/** The places where two token lists differ, from a longest common subsequence. */
function hunks(a: string[], b: string[]): Hunk[] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  }
  const out: Hunk[] = [];
  let current: Hunk | undefined;
  let i = 0;
  let j = 0;
  const open = () => (current ??= { keyAt: [], answerAt: [] });
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      if (current) out.push(current);
      current = undefined;
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) open().answerAt.push(j++);
    else open().keyAt.push(i++);
  }
  if (current) out.push(current);
  return out;
}

/**
 * A difference the key does not ask for is right when it only adds or moves marks (a sentence split needs a capital
 * after it), capitalises a sentence's first word or "i", or puts a misspelled word of the key right.
 */
function isBetterOrSame(hunk: Hunk, key: string[], answer: string[], spellChecker: SpellChecker | undefined): boolean {
  // A sentence end of the key's taken out makes a run-on ("I like it, I like dogs."); one added where the key has no
  // comma, semicolon or joining word cuts a sentence in two ("I went. Home.").
  const keyEnds = hunk.keyAt.some((i) => endsSentence(key[i]));
  const answerEnds = hunk.answerAt.some((j) => endsSentence(answer[j]));
  if (keyEnds && !answerEnds) return false;
  if (answerEnds && !keyEnds && !hunk.keyAt.some((i) => key[i] === "," || key[i] === ";" || joinWords.has(key[i]!.toLowerCase()))) return false;
  for (const j of hunk.answerAt) {
    if (endsSentence(answer[j]) && answer[j + 1] !== undefined && isWord(answer[j + 1]!) && !/^[\p{Lu}\p{N}]/u.test(answer[j + 1]!)) return false;
  }
  const keyWords = hunk.keyAt.filter((i) => isWord(key[i]!));
  const answerWords = hunk.answerAt.filter((j) => isWord(answer[j]!));
  if (keyWords.length === 0 && answerWords.length === 0) return true;
  const sameWordsBut = keyWords.length === answerWords.length && keyWords.every((i, n) => key[i]!.toLowerCase() === answer[answerWords[n]!]!.toLowerCase());
  if (sameWordsBut) return keyWords.every((i, n) => isRightCapital(key[i]!, answer, answerWords[n]!));
  // A further split: "… coordination and I'm sure …" as "… coordination. I'm sure …" (the capital is checked above).
  const isSplit = answerWords.length === 0 && keyWords.length === 1 && joinWords.has(key[keyWords[0]!]!.toLowerCase()) && hunk.answerAt.some((j) => endsSentence(answer[j]));
  if (isSplit) return true;
  // Another misspelling put right ("alot" as "a lot"): every word of the key's here is misspelled, every one given is not.
  if (!spellChecker || keyWords.length === 0 || answerWords.length === 0 || answerWords.length > keyWords.length + 1) return false;
  const isMisspelled = keyWords.every((i) => !spellChecker.correct(key[i]!)) && answerWords.every((j) => spellChecker.correct(answer[j]!));
  // ...and near it: a name the dictionary lacks ("Ethan") is no licence for any word ("Bob").
  const written = keyWords.map((i) => key[i]!.toLowerCase()).join("");
  const put = answerWords.map((j) => answer[j]!.toLowerCase()).join("");
  return isMisspelled && editDistance(written, put) <= Math.max(2, Math.floor(written.length / 3));
}

/** Letters to add, drop or change to turn one word into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** A capital the key lacks is right on "i" and on a word that starts a sentence in the answer. */
function isRightCapital(keyWord: string, answer: string[], at: number): boolean {
  const given = answer[at]!;
  if (given === keyWord) return true;
  const capitalised = given.charAt(0) === given.charAt(0).toUpperCase() && given.slice(1) === keyWord.slice(1);
  return capitalised && (keyWord === "i" || at === 0 || endsSentence(answer[at - 1]));
}
