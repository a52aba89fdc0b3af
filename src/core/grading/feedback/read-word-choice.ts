import { commonerLookalike } from "../../language/lookalike.js";
import { zipfFrequency } from "../../language/word-frequency.js";
import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import { isModelSentence } from "./model-sentence.js";
import type { Passage } from "./passages.js";
import { about, bestSentence, clause, listNamed, named, quotedShowing, reserve, sentenceOf, withQuote, type AspectReading, type Finding } from "./reading.js";

/** Zipf 3.6 and below: words a reader meets rarely (about 4 per million words or fewer). */
const preciseZipf = 3.6;
const contentTags = new Set(["NOUN", "VERB", "ADJ", "ADV"]);

/**
 * A sentence's rare words that are the student's own choice: not misspelled, not a sound-alike or a lookalike of a
 * commoner word ("impotent" for important was praised as exact), not its opening link word ("Lastly"), not quoted and
 * not the prompt's or source's own words.
 */
function preciseWords(s: SentenceFacts): string[] {
  const misspelled = new Set(s.misspelled.map((m) => m.start));
  const confused = new Set(s.confusedWords.map((c) => c.token.start));
  const linkWord = s.transition?.toLowerCase();
  const words = s.tokens
    .filter((t) => t.isWord && contentTags.has(t.pos) && t.text.length >= 5 && !misspelled.has(t.start) && !confused.has(t.start) && !s.notOwnWords.has(t.start))
    .filter((t) => t.text.toLowerCase() !== linkWord)
    .filter((t) => {
      const zipf = zipfFrequency(t.text) ?? zipfFrequency(t.lemma);
      return zipf !== undefined && zipf <= preciseZipf && !commonerLookalike(t.text);
    })
    .map((t) => t.text);
  return [...new Set(words)];
}

/**
 * Everyday verbs inside set phrases, where the phrase, not the verb, carries the meaning: "running late", "get used
 * to", "find his way", "make sure", "take care". Told to replace ‘running’ with "a verb that shows exactly how", a
 * student had nothing to do (outside reading).
 */
const setPhraseAfter: Record<string, RegExp> = {
  get: /^(?:used|along|rid|ready|married|lost|better|worse|to (?:know|see|go|be)|back|up|over|away with)\b/,
  run: /^(?:late|out|into|away from)\b/,
  find: /^(?:(?:my|his|her|their|our|your|its) way|out)\b/,
  make: /^(?:sure|sense|fun|friends|money|progress|up|mistakes|a (?:difference|decision|mistake|living))\b/,
  take: /^(?:care|place|part|turns|advantage|notes|time|a (?:break|test|look|walk|chance))\b/,
  go: /^(?:on|back|away|through|ahead|out|wrong)\b/,
  come: /^(?:back|up|true|along|across|out)\b/,
  give: /^up\b/,
  look: /^(?:forward|after|up|like)\b/,
  keep: /^(?:in mind|going|up|track)\b/,
  turn: /^(?:out|into|around|off|on)\b/,
  put: /^(?:together|on|off|up with|away|out|in)\b/,
  move: /^(?:on|in|out|away|forward)\b/,
  pay: /^attention\b/,
  fall: /^(?:asleep|behind|apart|in love)\b/,
};

function isInSetPhrase(s: SentenceFacts, verbAt: number): boolean {
  const verb = s.tokens[verbAt]!;
  const pattern = setPhraseAfter[verb.lemma.toLowerCase()];
  if (!pattern) return false;
  const after = s.tokens.slice(verbAt + 1, verbAt + 4).map((t) => t.text.toLowerCase()).join(" ");
  return pattern.test(after);
}

/** The most everyday verb of a sentence (get, make, go, have...): the first candidate for a more exact word. */
function everydayVerb(s: SentenceFacts): string | undefined {
  const verbs = s.tokens
    .filter((t, i) => t.isWord && t.pos === "VERB" && !["be", "have", "do"].includes(t.lemma) && !isInSetPhrase(s, i))
    .map((t) => ({ text: t.text, zipf: zipfFrequency(t.text) ?? 0 }))
    .filter((v) => v.zipf >= 5)
    .sort((a, b) => b.zipf - a.zipf);
  return verbs[0]?.text;
}

function strengthOf(facts: EssayFacts): Finding | undefined {
  const rich = bestSentence(facts, (s) => preciseWords(s).length, (s) => isModelSentence(s) && preciseWords(s).length > 0);
  if (!rich) return undefined;
  const found = preciseWords(rich).slice(0, 2);
  const { passage, shown } = quotedShowing(facts, rich, found);
  const words = shown.length ? shown : found;
  return withQuote(
    words.length > 1
      ? clause("exact words such as", listNamed(words), "sharpen the sentence", about(rich), ":", "{q}")
      : clause("an exact word,", named(words[0]!), ", sharpens the sentence", about(rich), ":", "{q}"),
    shown.length ? passage : undefined,
    clause("you choose exact words such as", listNamed(words)),
  );
}

/** A noun of the sentence that the quotation shows, so "what you mean about ..." speaks of the words quoted. */
const nounIn = (s: SentenceFacts, passage: { text: string } | undefined) => s.nouns.find((noun) => passage?.text.toLowerCase().includes(noun.toLowerCase()));

/** Words "very" leans on without narrowing them: "very much" or "very first" has no one stronger word. */
const notIntensified = new Set(["much", "many", "few", "little", "well", "own", "same", "first", "last", "best", "most", "least", "end", "start", "beginning"]);

/**
 * "very thirsty" as the quotation shows it, when the one vague word is "very": the pair is what a single stronger word
 * replaces ("parched"), and the adjective, not the sentence's topic, is what it says too little about.
 */
function intensified(words: string[], passage: { text: string } | undefined): string | undefined {
  const lower = words.map((word) => word.toLowerCase());
  if (!lower.includes("very") || lower.length > 2 || !passage) return undefined;
  const pair = passage.text.match(/(?<![\w'’])very\s+(\p{L}+)(?![\w'’-])/iu);
  const other = lower.find((word) => word !== "very");
  // With a second vague word, only when "very" leans on it ("very bad"): else the step would leave that word out.
  return pair && !notIntensified.has(pair[1]!.toLowerCase()) && (!other || pair[1]!.toLowerCase() === other) ? pair[0] : undefined;
}

/** What each kind of vague word leaves out, so the step asks for that: a quality, the things meant, an amount. */
const vagueKinds: Array<{ words: ReadonlySet<string>; step: (named: string, words: string[], described: string | undefined) => string }> = [
  {
    words: new Set(["good", "bad", "nice", "great", "awesome", "cool", "okay", "ok"]),
    // Two words ("good" and "bad") have two qualities behind them.
    step: (named, words, described) =>
      words.length > 1 ? clause("in {q}, replace", named, "with the qualities you mean") : clause("in {q}, replace", named, `with the quality that makes ${described ?? "it"} ${words[0]!.toLowerCase()}`),
  },
  { words: new Set(["stuff", "things", "thing"]), step: (named, words) => clause("in {q}, name what", named, words.length > 1 ? "stand for" : "stands for") },
  { words: new Set(["a lot", "alot", "lots"]), step: (named) => clause("in {q}, replace", named, "with a number, an amount or how often") },
  { words: new Set(["big"]), step: (named) => clause("in {q}, replace", named, "with a size or a comparison the reader can picture") },
  { words: new Set(["really", "very"]), step: (named) => clause("in {q}, cut", named, "and make the word it leans on stronger") },
];

/**
 * What an evaluative word describes: the noun right after it ("a great place"), or the subject it is said of ("the
 * library is great"), as "the place" or "the library"; undefined when neither is plain, and the step says "it".
 */
function describedBy(s: SentenceFacts, word: string): string | undefined {
  const at = s.tokens.findIndex((t) => t.text.toLowerCase() === word.toLowerCase());
  if (at < 0) return undefined;
  const next = s.tokens[at + 1];
  // "a great ball-player": the noun is half of a hyphenated word, and "the ball" is not what is great.
  const joined = s.tokens[at + 2];
  if (joined?.text === "-" && joined.start === next?.end) return undefined;
  const isPlainNoun = (t: { pos: string; text: string; start: number } | undefined) => t?.pos === "NOUN" && /^\p{Ll}+$/u.test(t.text) && !s.misspelled.some((m) => m.start === t.start);
  if (isPlainNoun(next)) return `the ${next!.text}`;
  const verb = s.tokens[at - 1];
  const subject = s.tokens[at - 2];
  if (verb?.pos === "AUX" && verb.lemma === "be" && isPlainNoun(subject)) return subject!.lemma === subject!.text ? `the ${subject!.text}` : subject!.text;
  return undefined;
}

/**
 * The step for vague words: one kind asks for what that kind leaves out ("the quality you mean" for ‘good’, "a number"
 * for ‘a lot’); words of two kinds, or "very" and "really", get the general request. Every student with a vague word
 * was told "replace ... with words that name exactly what you mean", 52 of 80 in an outside audit.
 */
function vagueWordStep(words: string[], noun: string | undefined, sentence: SentenceFacts): string {
  const kind = vagueKinds.find((k) => words.every((word) => k.words.has(word.toLowerCase())));
  return kind ? kind.step(listNamed(words), words, describedBy(sentence, words[0]!)) : clause("in {q}, replace", listNamed(words), "with words that name exactly what you mean", noun ? `about ${noun}` : "");
}

/** The first sentence whose quotation shows `word`, with that quotation. */
function firstQuotedWith(facts: EssayFacts, word: string): { sentence: SentenceFacts; passage: Passage } | undefined {
  for (const sentence of facts.sentences) {
    const { passage, shown } = quotedShowing(facts, sentence, [word]);
    if (passage && shown.length) return { sentence, passage };
  }
  return undefined;
}

/** Word choice, vocabulary, language, style, voice. */
export function readWordChoice(facts: EssayFacts): AspectReading {
  const strength = strengthOf(facts);
  reserve(facts, strength);
  const withStrength = strength ? { strength } : {};
  const vague = bestSentence(facts, (s) => s.vagueWords.length + Math.min(s.nouns.length, 2) * 0.1, (s) => s.vagueWords.length > 0);
  if (vague) {
    const { passage, shown } = quotedShowing(facts, vague, vague.vagueWords.slice(0, 2));
    const words = shown.length ? shown : vague.vagueWords.slice(0, 2);
    const pair = intensified(words, passage);
    return {
      // A sentence praised for its exact words and then told to replace its vague one reads as both: the praise goes.
      ...(vague === sentenceOf(facts, strength) ? {} : withStrength),
      // The sentence is about its topic; the vague word need not be ("'very' says little about sun" of "very thirsty").
      problem: { note: clause(words.length > 1 ? "words like" : "a word like", listNamed(words), words.length > 1 ? "say" : "says", "little", about(vague) ? `in the sentence ${about(vague)}` : "about what you mean") },
      step: withQuote(
        pair
          ? clause("in {q}, replace", named(pair), "with one stronger, exact word")
          : vagueWordStep(words, nounIn(vague, passage), vague),
        shown.length ? passage : undefined,
        clause("replace", listNamed(words), "with more exact words"),
      ),
    };
  }
  const [repeated] = facts.repeated;
  if (repeated) {
    const found = firstQuotedWith(facts, repeated.word);
    const instance = found?.sentence;
    return {
      ...withStrength,
      problem: { note: clause(named(repeated.word), `appears ${repeated.count} times, so the sentences`, about(instance) || "that use it", "start to sound alike") },
      step: withQuote(
        clause("in {q}, swap", named(repeated.word), "for a word that says more exactly what you mean", instance?.nouns[0] ? `about ${instance.nouns[0]}` : ""),
        found?.passage,
        clause("swap some uses of", named(repeated.word), "for more exact words"),
      ),
    };
  }
  const plain = bestSentence(facts, (s) => (everydayVerb(s) ? 1 : 0) - preciseWords(s).length * 0.5, (s) => s.words >= 8);
  const everyday = plain ? everydayVerb(plain) : undefined;
  const { passage, shown } = quotedShowing(facts, plain, everyday ? [everyday] : []);
  const verb = shown[0];
  return {
    ...withStrength,
    step: withQuote(
      // Without a topic to name, "in the sentence, replace ..." pointed at no sentence until the quotation.
      verb
        ? about(plain)
          ? clause("in the sentence", about(plain), ", replace", named(verb), "with a verb that shows exactly how:", "{q}")
          : clause("in {q}, replace", named(verb), "with a verb that shows exactly how")
        : "in {q}, replace the most general word with a more exact one",
      passage,
      "replace the most general words with more exact ones",
    ),
  };
}
