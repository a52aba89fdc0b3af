import { workNoun } from "../assignment-context.js";
import type { ConventionsFocus } from "../criterion-kind.js";
import { isTitleCase } from "../essay-body.js";
import { isInCapitals } from "../spelling-scope.js";
import { isUnpunctuated } from "../text-checks.js";
import { commonerLookalike } from "../../language/lookalike.js";
import { zipfFrequency } from "../../language/word-frequency.js";
import { countPunctuationMarks } from "../text.js";
import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import type { Passage } from "./passages.js";
import { isModelSentence } from "./model-sentence.js";
import { namedSlipOf } from "./named-slips.js";
import { grammarSlipOf } from "../../language/grammar-slips.js";
import { about, bestSentence, clause, listNamed, listWords, named, quoted, quotedShowing, reserve, sentenceOf, withQuote, type AspectReading, type Finding } from "./reading.js";

/** Suggests the intended spelling of a misspelled word, when the dictionary has a confident guess. */
export type SpellingSuggester = (word: string) => string | undefined;

/** A section heading ("How the Four-Day Week Works") or a row of a table ends no sentence, and needs no full stop. */
function isHeadingOrTableRow(text: string): boolean {
  return isTitleCase(text) || /[\t|]/.test(text) || (text.match(/\d+(?:[.,]\d+)?/g)?.length ?? 0) >= 3;
}

/** Words of this length are where spelling is hard ("necessary", "environment"); "computer" is no feat. */
const longWordLetters = 9;
/** Everyday long words ("something", "everything") spell themselves. */
const everydayZipf = 5.5;

/**
 * A sentence's long words spelled right by the student: known to the dictionary, not a sound-alike or a lookalike of
 * another word, not a name, and the student's own (not the prompt's or source's, not quoted).
 */
function wellSpelledWords(s: SentenceFacts): string[] {
  const words = s.tokens.filter((t) => {
    if (!t.isWord || t.pos === "PROPN" || t.text.length < longWordLetters || !/^\p{Ll}+$/u.test(t.text) || s.notOwnWords.has(t.start)) return false;
    const zipf = zipfFrequency(t.text);
    return zipf !== undefined && zipf < everydayZipf && !commonerLookalike(t.text);
  });
  return [...new Set(words.map((t) => t.text))];
}

/**
 * The praise is for the spelling of long words, which the dictionary can vouch for. "The longer sentence is spelled and
 * punctuated correctly" claimed what no check here can: an audit found it said of "Your on that thing to much" and of
 * "all I could here", 15 times in 34. A criterion for punctuation and grammar alone gets no spelling praise.
 */
function strengthOf(facts: EssayFacts, focus: ConventionsFocus): Finding | undefined {
  if (focus === "not-spelling" || focus === "grammar") return undefined;
  const spelled = new Map(facts.sentences.map((s) => [s, wellSpelledWords(s)]));
  const best = bestSentence(facts, (s) => spelled.get(s)!.length * 10 + spelled.get(s)!.join("").length / 10, (s) => isModelSentence(s) && spelled.get(s)!.length > 0);
  if (!best) return undefined;
  const words = spelled.get(best)!.sort((a, b) => b.length - a.length).slice(0, 2);
  const { passage, shown } = quotedShowing(facts, best, words);
  const praised = shown.length ? shown : words;
  const praise = clause(praised.length > 1 ? "you spell longer words such as" : "you spell the longer word", listNamed(praised), "correctly");
  // Where they stand, in the sentence's own topic: the bare praise read alike for every student but for its words.
  const where = about(best) ? `in the sentence ${about(best)}` : "";
  return withQuote(clause(praise, where, ":", "{q}"), shown.length ? passage : undefined, clause(praise, where));
}

/**
 * The part of a sentence quoted to show its lower-case "i": a long sentence is quoted in part, and the part first
 * chosen held none ("capitalize every 'i' ... 'My @CAPS5's pole goes down'").
 */
function lowercaseIPassage(facts: EssayFacts, s: SentenceFacts): Passage | undefined {
  const at = s.tokens.find((t) => t.text === "i");
  const passage = quoted(facts, s, at?.start);
  return passage && /(?:^|[\s"“(])i(?=[\s'’,.;:!?)]|$)/.test(passage.text) ? passage : undefined;
}

/** What to do about the slips not named: how many there are is the student's own figure, not a stock phrase. */
function othersStep(others: number): string {
  if (others <= 0) return "read the rest aloud slowly to catch any slips";
  // "one more", not "the one other": the count is what the dictionary found, and an essay may hold slips it passes.
  return `find ${others === 1 ? "one more misspelled word" : `${others} more misspelled words`} by reading the rest aloud slowly`;
}

/**
 * Conventions: spelling, capitals, punctuation, grammar. `focus` keeps each finding under the criterion it is evidence
 * for when a rubric scores spelling apart from the rest (criterion-kind.ts's conventionsFocus).
 */
export function readConventions(facts: EssayFacts, suggest?: SpellingSuggester, focus: ConventionsFocus = "all"): AspectReading {
  const strength = strengthOf(facts, focus);
  reserve(facts, strength);
  const withStrength = strength ? { strength } : {};
  // The longest sentence, where punctuation (and the spelling of long words) is hardest. When it is the one just
  // praised as correct, the praise goes: it was then to be checked again ("add a comma where you pause").
  const longestOf = () => bestSentence(facts, (s) => s.words, (s) => s.words >= 15);
  const praised = sentenceOf(facts, strength);
  const unlessPraised = (target: SentenceFacts | undefined) => (target && target === praised ? {} : withStrength);
  if (focus !== "spelling" && focus !== "grammar" && isInCapitals(facts.text)) {
    const first = facts.sentences.find((s) => quoted(facts, s));
    return {
      ...withStrength,
      problem: { note: `the ${workNoun[facts.genre]} is written in capital letters throughout, so a reader cannot tell where sentences and names begin` },
      step: withQuote("rewrite {q} with a capital letter only at the start of the sentence and for names", quoted(facts, first), "rewrite the essay with capital letters only at the start of sentences and for names"),
    };
  }
  // With almost no full stop or comma (text-checks.ts), every other comment on conventions misses the point.
  if (focus !== "spelling" && isUnpunctuated(facts.wordCount, countPunctuationMarks(facts.text))) {
    const longest = bestSentence(facts, (s) => s.words, (s) => s.words >= 12);
    return {
      ...withStrength,
      problem: { note: `the ${workNoun[facts.genre]} has almost no full stops or commas, so its sentences run into one another` },
      step: withQuote("put a full stop where each thought ends in {q}, then do the same through the rest", quoted(facts, longest), "end every sentence with a full stop and use commas inside long sentences"),
    };
  }
  const misspelled = [...new Set(facts.sentences.flatMap((s) => s.misspelled.map((m) => m.text)))];
  // A reader of handwriting makes spelling mistakes of its own: a student is never told of a slip the reader made.
  if ((focus === "spelling" || focus === "all") && misspelled.length > 0 && !facts.readFromImage) {
    const worst = bestSentence(facts, (s) => s.misspelled.length, (s) => s.misspelled.length > 0);
    const namedWords = worst ? [...new Set(worst.misspelled.map((m) => m.text))].slice(0, 2) : misspelled.slice(0, 2);
    const { passage, shown } = quotedShowing(facts, worst, namedWords);
    const inWorst = shown.length ? shown : namedWords;
    const guesses = inWorst.map((word) => ({ word, fixed: suggest?.(word) }));
    const fixed = guesses.filter((g) => g.fixed && g.fixed !== g.word).map((g) => `${named(g.word)} to ${named(g.fixed!)}`);
    const unsure = guesses.filter((g) => !g.fixed || g.fixed === g.word).map((g) => g.word);
    // "correct 'dont' to 'don't' and check the spelling of 'Kahoot'": a word without a guess is never "corrected" to nothing.
    const corrections = [fixed.length ? `correct ${listWords(fixed)}` : "", unsure.length ? `check the spelling of ${listNamed(unsure)}` : ""].filter(Boolean).join(" and ");
    // Words, each once: "(61 words in all)" counted repeats, then "find 33 more" counted words, and the two disagreed.
    // A named word spelled the same wrong way twice is no "other" word to find.
    const distinct = new Set(misspelled.map((w) => w.toLowerCase()));
    const count = distinct.size;
    const alreadyNamed = new Set(inWorst.map((w) => w.toLowerCase()));
    const othersCount = [...distinct].filter((w) => !alreadyNamed.has(w)).length;
    return {
      ...withStrength,
      problem: { note: clause("spelling slips such as", listNamed(misspelled.slice(0, 3)), count > 3 ? `(${count} words in all)` : "", "make the writing", worst?.nouns[0] ? `about ${worst.nouns[0]}` : "", "harder to follow") },
      step: withQuote(
        clause(corrections, "in the sentence", about(worst), ":", "{q}, then", othersStep(othersCount)),
        shown.length ? passage : undefined,
        corrections,
      ),
    };
  }
  // No slip to name (or a scan, whose slips may be the reader's): the spelling criterion hears of spelling only.
  if (focus === "spelling") {
    const longest = longestOf();
    return { ...unlessPraised(longest), step: withQuote("read {q} once more for spelling, checking each longer word", quoted(facts, longest), "check the spelling of your longer words once more") };
  }
  // A verb that does not agree with its subject ("he work", "computers gives"), a verb after "doesn't" not in its base
  // form, or "a email" is grammar, which a "Grammar" criterion is about: every comment under one was about capitals or
  // commas while "the students was" went unsaid.
  const slipped = facts.sentences.map((s) => ({ s, slip: namedSlipOf(s) })).find(({ s, slip }) => slip && quoted(facts, s));
  if (slipped?.slip) {
    const { s: sentence, slip } = slipped;
    const fix = clause("change", named(slip.wrong), "to", named(slip.right));
    // Quoted around the slip, so a long sentence's passage holds the words it names.
    const around = quoted(facts, sentence, slip.start);
    const passage = around?.text.includes(slip.wrong) ? around : undefined;
    return {
      ...unlessPraised(sentence),
      problem: { note: clause(slip.problem, about(sentence) ? `in the sentence ${about(sentence)}` : "") },
      step: withQuote(clause(fix, "in {q}, then", slip.check), passage, clause(fix, "and", slip.check)),
    };
  }
  // Grammar alone hears nothing of capitals and commas: with no slip to name, a sentence with a verb slip whose fix is
  // a guess ("would exploded", "Another obstacles was") is read for its verbs, quoted around the slip, else the longest
  // (an outside reading found the longest sentence often had no slip while one elsewhere went unsaid).
  if (focus === "grammar") {
    const unsure = facts.sentences
      .map((s) => ({ s, slip: grammarSlipOf(s.tokens) }))
      .find(({ s, slip }) => slip && slip.kind !== "article" && quoted(facts, s, slip.start)?.text.includes(slip.wrong));
    const target = unsure?.s ?? longestOf();
    // The point named inside the check ("read "..." aloud in the point about influence" read as if the reading were in
    // it; without it the step read the same for every student but the quotation).
    const verbsOf = target?.nouns[0] ? `each verb in your point about ${target.nouns[0]}` : "each verb";
    return { ...unlessPraised(target), step: withQuote(clause("read {q} aloud and check that", verbsOf, "agrees with its subject and is in the right tense"), quoted(facts, target, unsure?.slip?.start), "read your longest sentences aloud and check that each verb agrees with its subject and is in the right tense") };
  }
  const lowercaseI = facts.sentences.find((s) => s.hasLowercaseI && lowercaseIPassage(facts, s));
  if (lowercaseI) {
    return {
      ...withStrength,
      problem: { note: clause("the word", named("I"), "is written in lower case", about(lowercaseI) ? `in the sentence ${about(lowercaseI)}` : "") },
      step: withQuote(clause("capitalize every", named("i"), "that means yourself, starting with the sentence", about(lowercaseI), ":", "{q}"), lowercaseIPassage(facts, lowercaseI), clause("capitalize every", named("i"), "that means yourself")),
    };
  }
  // A line of working ("a = F_net / m = 1.5 m/s^2") starts with its variable, not a sentence's first word.
  const lowerStart = facts.sentences.find((s) => s.isLowercaseStart && !s.text.includes("=") && quoted(facts, s));
  if (lowerStart) {
    return {
      ...withStrength,
      problem: { note: clause("the sentence", about(lowerStart) || `beginning ${named(lowerStart.opener)}`, "starts with a lower-case letter") },
      step: withQuote(clause("begin the sentence", about(lowerStart), "with a capital", named(lowerStart.opener.charAt(0).toUpperCase()), ":", "{q}"), quoted(facts, lowerStart), "begin every sentence with a capital letter"),
    };
  }
  const unfinished = facts.sentences.find((s) => !/[.!?]["'”’)]*$/.test(s.text) && s.words >= 6 && !isHeadingOrTableRow(s.text) && quoted(facts, s));
  if (unfinished) {
    return {
      ...withStrength,
      problem: { note: clause("the sentence", about(unfinished) || `beginning ${named(unfinished.opener)}`, "has no end punctuation") },
      step: withQuote(clause("close the sentence", about(unfinished), "with a full stop or a question mark:", "{q}"), quoted(facts, unfinished), "end every sentence with a full stop"),
    };
  }
  // The longest sentence is where punctuation is hardest: one with commas is checked comma by comma; one without
  // gets a pause marked, which a sentence of 15 words or more usually needs ("check each comma" of none made no sense).
  const longest = longestOf();
  const point = longest?.nouns[0] ? `in your point about ${longest.nouns[0]}` : "";
  const note = longest?.text.includes(",")
    ? clause("read {q} aloud and check that each comma", point, "marks a real pause")
    : clause("read {q} aloud and add a comma where you pause", point, ", or split it in two");
  return { ...unlessPraised(longest), step: withQuote(note, quoted(facts, longest), "read your longest sentences aloud and check each comma") };
}
