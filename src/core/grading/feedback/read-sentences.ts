import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import { isModelSentence, runOnWords } from "./model-sentence.js";
import { passageOf } from "./passages.js";
import { about, bestSentence, clause, listWords, named, quoted, quotedShowing, reserve, withQuote, type AspectReading, type Finding } from "./reading.js";

const choppyWords = 8;

/** Where a run-on sentence could end: a joining word or comma nearest its middle. */
const verbTags = new Set(["VERB", "AUX"]);
/** What may stand between a join and its clause's verb: the clause's subject ("and my sister found", "because it"). */
const subjectTags = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM", "ADV"]);
const personalPronoun = /^(?:i|you|he|she|it|we|they|this|there|everyone|someone|people)$/i;

/**
 * Whether a new sentence could start at tokens[from]: a subject, then its verb. "but as one of its allies" or "or a
 * video that teaches him" continue a phrase, and a full stop before them leaves two fragments ("not as an enemy.").
 */
function startsClause(tokens: SentenceFacts["tokens"], from: number): boolean {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (verbTags.has(t.pos)) return i > from || t.pos === "AUX";
    if (!(subjectTags.has(t.pos) || (t.pos === "PRON" && personalPronoun.test(t.text)))) return false;
  }
  return false;
}

/**
 * Whether the words before tokens[end], back to the previous comma or joining word, hold a verb: cut at the comma
 * after "In conclusion," they left "In conclusion,." standing as a sentence. (Asked at commas only: before "and" the
 * words are a clause often enough that the tagger's slips, "lives" read as a noun, cost more than they save.)
 */
function endsClause(tokens: SentenceFacts["tokens"], end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (verbTags.has(t.pos)) return true;
    if (t.text === "," || t.pos === "CCONJ" || t.pos === "SCONJ") return false;
  }
  return false;
}

/**
 * Where a long sentence can be cut in two: the comma or "and"/"but"/"so" nearest its middle with a clause on both
 * sides. Never before "if" or "because": the sentence they would start is a fragment ("Because." and "If they ...").
 */
function splitPoint(s: SentenceFacts): { at: number; word: string } | undefined {
  const middle = (s.start + s.end) / 2;
  const { tokens } = s;
  const joins = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => i > 2 && i < tokens.length - 3 && (t.pos === "CCONJ" || t.text === ","))
    .filter(({ t, i }) => (t.text !== "," || endsClause(tokens, i)) && startsClause(tokens, i + 1 + (t.text === "," && tokens[i + 1]?.pos === "CCONJ" ? 1 : 0)));
  const nearest = joins.sort((a, b) => Math.abs(a.t.start - middle) - Math.abs(b.t.start - middle))[0];
  if (!nearest) return undefined;
  const word = nearest.t.text === "," ? tokens[nearest.i + 1] : nearest.t;
  return word ? { at: word.start, word: word.text } : undefined;
}

const alreadyLinked = /\b(?:however|but|although|though|because|yet|so that|instead)\b/i;

/**
 * The words that join a clause explaining the other: "if" after a verb or an adjective asks a question ("decide if they
 * need to present", "not sure if"), like "whether", and was praised as a condition "so one explains the other".
 */
function joinsOf(s: SentenceFacts): string[] {
  const asksWhether = (word: string) =>
    word === "whether" || (word === "if" && s.tokens.some((t, i) => t.text.toLowerCase() === "if" && ["VERB", "AUX", "ADJ"].includes(s.tokens[i - 1]?.pos ?? "")));
  return s.subordinators.filter((word) => !asksWhether(word));
}

function strengthOf(facts: EssayFacts): Finding | undefined {
  const joined = bestSentence(facts, (s) => joinsOf(s).length - Math.abs(s.words - 20) / 20, (s) => joinsOf(s).length > 0 && s.words >= 10 && isModelSentence(s));
  if (joined) {
    const word = joinsOf(joined)[0]!;
    // The quotation shows the joining word it praises ("well with ‘when’" quoted a part without it).
    const { passage, shown } = quotedShowing(facts, joined, [word]);
    return withQuote(
      clause("you join two ideas well with", named(word), about(joined) && `in the sentence ${about(joined)}`, ", so one explains the other:", "{q}"),
      shown.length ? passage : undefined,
      clause("you join ideas well with words such as", named(word)),
    );
  }
  // Never a sentence the conventions comment faults for its lower-case start: praised here, faulted there.
  const varied = facts.sentences.find((s, i) => i > 0 && s.transition && s.words >= 6 && isModelSentence(s));
  return varied
    ? withQuote(clause("opening with", named(varied.transition!), "usefully varies the rhythm of the sentence", about(varied), ":", "{q}"), quoted(facts, varied), clause("you vary how sentences begin well, as with", named(varied.transition!)))
    : undefined;
}

/** The first run of three or more short sentences in a row. */
function choppyRun(facts: EssayFacts): SentenceFacts[] | undefined {
  let run: SentenceFacts[] = [];
  for (const s of facts.sentences) {
    run = s.words < choppyWords && s.words > 0 ? [...run, s] : [];
    if (run.length >= 3) return run;
  }
  return undefined;
}

/** Sentence fluency, sentence structure, syntax. */
export function readSentences(facts: EssayFacts): AspectReading {
  const strength = strengthOf(facts);
  reserve(facts, strength);
  const withStrength = strength ? { strength } : {};
  const longest = [...facts.sentences].sort((a, b) => b.words - a.words)[0];
  if (longest && longest.words > runOnWords) {
    const split = splitPoint(longest);
    return {
      ...withStrength,
      problem: { note: clause("the sentence beginning", named(longest.opener), `runs on for ${longest.words} words`, about(longest) && `and carries several ideas ${about(longest)}`) },
      step: withQuote(
        split
          ? clause("end a sentence in {q} just before", named(split.word), "and start the next idea", longest.nouns[1] ? `about ${longest.nouns[1]}` : "", "as a new sentence")
          : clause("split {q} into two sentences where the idea", longest.nouns[0] ? `about ${longest.nouns[0]}` : "", "changes"),
        passageOf(facts, longest.index, split?.at, true),
        "split your longest sentence where the idea changes",
      ),
    };
  }
  const spliced = facts.sentences.find((s) => s.commaSplice && passageOf(facts, s.index, s.commaSplice.start, true));
  if (spliced?.commaSplice) {
    const subject = named(spliced.commaSplice.text);
    return {
      ...withStrength,
      problem: { note: clause("the sentence", about(spliced) || `beginning ${named(spliced.opener)}`, "joins two complete thoughts with only a comma") },
      step: {
        note: clause("in {q}, put a full stop before", subject, "or join the two parts", spliced.nouns[0] ? `about ${spliced.nouns[0]}` : "", "with", named("because"), "or", named("and")),
        passage: passageOf(facts, spliced.index, spliced.commaSplice.start, true)!,
      },
    };
  }
  const run = choppyRun(facts);
  const runPassage = run ? passageOf(facts, run[0]!.index) : undefined;
  if (run && runPassage) {
    return {
      ...withStrength,
      problem: { note: clause("several short sentences in a row", about(run[0], 1) || about(run[1], 1), "make the writing sound choppy") },
      step: { note: clause("join {q} into one sentence with because, which or although", run[0]!.nouns[0] ? `to show how the ideas about ${run[0]!.nouns[0]} connect` : ""), passage: runPassage },
    };
  }
  const openers = new Map<string, SentenceFacts[]>();
  for (const s of facts.sentences) {
    const key = s.opener.toLowerCase();
    if (key) openers.set(key, [...(openers.get(key) ?? []), s]);
  }
  const [opener, same] = [...openers.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (opener && same && same.length >= 3 && same.length >= facts.sentences.length / 4) {
    const target = same.find((s) => quoted(facts, s) && s.index > 0) ?? same[0];
    return {
      ...withStrength,
      problem: { note: clause(`${same.length} of your sentences begin with`, named(same[0]!.opener), about(target) && `, such as the one ${about(target)}`, ", which makes the rhythm predictable") },
      step: withQuote(
        clause("start {q} with a phrase that says when, where or why", target?.nouns[0] ? `about ${target.nouns[0]}` : "", "instead of", named(same[0]!.opener)),
        quoted(facts, target),
        clause("start some sentences with a word other than", named(same[0]!.opener)),
      ),
    };
  }
  // A sentence already linked to another idea ("However, ...", "... but ...") is not the one to rewrite with "When or
  // Although": it was asked of "This is true, however, it is not always easy".
  const isLinked = (s: SentenceFacts) => s.transition !== undefined || alreadyLinked.test(s.text);
  const plain = bestSentence(facts, (s) => -s.subordinators.length + Math.min(s.nouns.length, 2) * 0.1, (s) => s.words >= 8 && s.words <= 25 && !isLinked(s));
  const joining = facts.sentences.filter((s) => s.subordinators.length > 0).length;
  const isPlain = joining <= facts.sentences.length / 5;
  return {
    ...withStrength,
    ...(isPlain && plain
      ? { problem: { note: clause("most sentences state one idea at a time, as in the one", about(plain) || `beginning ${named(plain.opener)}`, ", so the links between ideas are left to the reader") } }
      : {}),
    step: withQuote(
      clause("rewrite {q} to begin with a clause such as When or Although", plain?.nouns.length ? `so it adds a condition to the point about ${listWords(plain.nouns.slice(0, 1))}` : ""),
      quoted(facts, plain),
      "begin one sentence with a clause such as When or Although",
    ),
  };
}
