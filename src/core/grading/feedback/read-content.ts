import { workNoun, type WritingGenre } from "../assignment-context.js";
import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import { borrowedShareOf, type QuoteUse } from "../borrowed-words.js";
import { isModelSentence } from "./model-sentence.js";
import { about, bestSentence, clause, quoted, quotedTail, reserve, sentenceOf, topicsOf, withQuote, type AspectReading, type Finding } from "./reading.js";
import { plural } from "../../language/plural.js";

/** Below these lengths the work is too short to develop its point, whatever else it does well. */
/** Enough to prefer a clean sentence over one a little more developed, not over one with a detail where it has none. */
const modelBonus = 2;

/** Half or more of a short text's words in runs copied from the prompt: an echo of the question, not an answer. */
const echoShare = 0.5;
const echoStep: Record<WritingGenre, string> = {
  argument: "answer the question in your own words: say what you think and give one reason with an example",
  narrative: "tell what happened in your own words, starting with where it began",
  source: "answer the question in your own words: name what the text shows, then quote one detail from it that shows it",
  reflection: "say in your own words what happened and what it taught you",
  report: "say in your own words what you found, with one fact that shows it",
  answer: "answer the question in your own words, naming the specific term or step it asks for",
};
const shortWords: Record<WritingGenre, number> = { argument: 120, narrative: 120, source: 60, reflection: 100, report: 100, answer: 25 };

/** How well one sentence carries the content: on topic, with a reason and a concrete detail. */
function development(s: SentenceFacts): number {
  return Math.min(s.topicHits, 4) + (s.hasDetail ? 3 : 0) + (s.subordinators.includes("because") ? 2 : 0) + Math.min(s.nouns.length, 4) * 0.5 - (s.words > 40 ? 2 : 0) - (s.isTelling ? 1 : 0);
}

const of = (noun: string | undefined, word = "about") => (noun ? `${word} ${noun}` : "");

/**
 * The words for each kind of writing: an argument is developed with reasons and examples, a story with moments the
 * reader can see, an answer about a text with details from the text.
 */
const wording: Record<WritingGenre, {
  /**
   * `clean` is false for a sentence with a slip the app can see: its idea is praised ("a good point"), its writing is
   * never called clear, direct, vivid or precise.
   */
  strength: (s: SentenceFacts, point: string, clean: boolean) => string;
  /** `hasDetail`: the text has an example, a number, a name or a quotation, so "no example" would be untrue. */
  short: (topics: string, words: number, hasDetail: boolean) => string;
  shortStep: (noun: string | undefined, hasDetail: boolean) => string;
  gap: (point: string) => string;
  gapStep: (noun: string | undefined) => string;
  thin: (point: string) => string;
  thinStep: (noun: string | undefined) => string;
  stretch: (noun: string | undefined) => string;
}> = {
  argument: {
    strength: (s, point, clean) =>
      s.hasDetail
        ? clause("you back up the point", point, clean && "well,", "with a concrete detail: {q}")
        : s.subordinators.includes("because")
          ? clause(clean ? "you give a clear reason for your view" : "you give a good reason for your view", point, "in {q}")
          : clean ? clause("you state your point", point, "clearly and directly in {q}") : clause("you make a good point", point, "in {q}"),
    short: (topics, words, hasDetail) =>
      hasDetail
        ? clause(`at ${plural(words, "word")}, the essay makes the point`, of(topics), "too briefly: each reason and example needs a sentence or two explaining why it matters")
        // How many reasons it gives is not counted ("only one reason" was said of essays with four): its length is.
        : clause(`at ${plural(words, "word")}, the essay is too short to develop the point`, of(topics), "with reasons and examples"),
    shortStep: (noun, hasDetail) =>
      hasDetail
        ? clause("after {q}, add a sentence or two on why this example proves your point", of(noun))
        : clause("after {q}, add a second reason", of(noun), "and an example from your own experience or reading that shows it"),
    gap: (point) => clause("the claim", point, "is stated but not yet shown with an example or a reason"),
    gapStep: (noun) => clause("after {q}, add an example", of(noun, "of"), "that proves it: something you saw, read or did"),
    thin: (point) => clause("the point", point, "stays general: it says what you think but not what makes it true"),
    thinStep: (noun) => clause("back up {q} with a detail", of(noun), "that a reader could check"),
    stretch: (noun) => clause("answer an objection someone might raise to {q}, and say why your view", of(noun, "on"), "still holds"),
  },
  narrative: {
    strength: (s, point, clean) => (s.hasDetail ? (clean ? clause("you make the moment", point, "vivid with a concrete detail: {q}") : clause("you give the moment", point, "a good concrete detail: {q}")) : clean ? clause("you move the story along clearly", point, "in {q}") : clause("you add a good moment to the story", point, "in {q}")),
    short: (topics, words) => clause(`at ${plural(words, "word")}, the story`, of(topics), "is told in outline, with little of what happened moment by moment"),
    shortStep: (noun) => clause("after {q}, add what you saw, heard or felt at that moment", of(noun)),
    gap: (point) => clause("the moment", point, "is told rather than shown, so the reader does not see it happen"),
    gapStep: (noun) => clause("after {q}, show the moment", of(noun), "with one thing you saw, heard or said"),
    thin: (point) => clause("the moment", point, "is summed up quickly, so the reader does not see it happen"),
    thinStep: (noun) => clause("slow down after {q} and show the moment", of(noun), "with one thing you saw, heard or said"),
    stretch: (noun) => clause("after {q}, add what you were thinking at that moment", of(noun), "so the reader feels it too"),
  },
  source: {
    strength: (s, point, clean) => (s.hasDetail ? clause("you support your answer", point, clean && "well,", "with a detail from the text: {q}") : clean ? clause("you answer the question", point, "clearly and directly in {q}") : clause("you give a good answer to the question", point, "in {q}")),
    short: (topics, words, hasDetail) =>
      hasDetail
        ? clause(`at ${plural(words, "word")}, the answer points to the text`, of(topics), "but says too little about how that detail supports it")
        : clause(`at ${plural(words, "word")}, the answer names the point`, of(topics), "but does not show where the text supports it"),
    shortStep: (noun, hasDetail) =>
      hasDetail
        ? clause("after {q}, explain in a sentence or two how this detail supports your answer", of(noun))
        : clause("after {q}, add a specific detail from the text", of(noun), "and explain how it supports your answer"),
    gap: (point) => clause("the statement", point, "is not yet tied to a detail from the text"),
    gapStep: (noun) => clause("back up {q} with a quotation or a detail from the text", of(noun)),
    thin: (point) => clause("the statement", point, "stays general and is not tied to a detail from the text"),
    thinStep: (noun) => clause("after {q}, add a detail from the text", of(noun), "that shows it"),
    stretch: (noun) => clause("after {q}, explain in one sentence how the detail", of(noun), "supports your answer"),
  },
  reflection: {
    strength: (s, point, clean) => (s.hasDetail ? (clean ? clause("you bring the experience", point, "to life with a concrete detail: {q}") : clause("you give the experience", point, "a good concrete detail: {q}")) : clause("you say", clean ? "plainly" : "well", "what the experience", point, "meant to you in {q}")),
    short: (topics, words) => clause(`at ${plural(words, "word")}, the reflection names the experience`, of(topics), "but says little about what it taught you"),
    shortStep: (noun) => clause("after {q}, add what you learned", of(noun, "from"), "and what you would do differently next time"),
    gap: (point) => clause("the experience", point, "is named, but not what it taught you"),
    gapStep: (noun) => clause("after {q}, say what you learned", of(noun, "from"), "and how you know"),
    thin: (point) => clause("the reflection", point, "stays general: it says how you felt but not what happened to make you feel it"),
    thinStep: (noun) => clause("after {q}, add one moment", of(noun, "from"), "that shows what you mean"),
    stretch: (noun) => clause("after {q}, say how this will change what you do next time", of(noun, "with")),
  },
  answer: {
    strength: (s, point, clean) => (s.hasDetail ? clause("you support your answer", point, "with a specific detail: {q}") : clean ? clause("you answer", point, "clearly and directly in {q}") : clause("you give a good answer", point, "in {q}")),
    short: (topics, words) => clause(`at ${plural(words, "word")}, the answer`, of(topics), "names too little of what the question asks for"),
    shortStep: (noun) => clause("after {q}, add the next point the question asks for", of(noun), "and say how or why it happens"),
    gap: (point) => clause("the statement", point, "is made but not yet explained"),
    gapStep: () => "after {q}, explain in a sentence how or why this happens",
    thin: (point) => clause("the statement", point, "stays general"),
    thinStep: () => "make {q} exact: name the specific step, part or term the question asks about",
    stretch: (noun) => clause("after {q}, add one more point the question asks for", of(noun), "with the term for it"),
  },
  report: {
    strength: (s, point, clean) => (s.hasDetail ? (clean ? clause("you report the result", point, "precisely, with a measurement or observation: {q}") : clause("you back up the result", point, "with a measurement or observation: {q}")) : clause("you state the finding", point, clean ? "clearly" : "well", "in {q}")),
    short: (topics, words) => clause(`at ${plural(words, "word")}, the report`, of(topics), "leaves out steps or results a reader would need to follow the work"),
    shortStep: (noun) => clause("after {q}, add the measurements or observations", of(noun, "of"), "and what they show"),
    gap: (point) => clause("the statement", point, "is not yet backed by a measurement or an observation"),
    gapStep: (noun) => clause("after {q}, add the data or observation", of(noun, "on"), "that shows it"),
    thin: (point) => clause("the statement", point, "stays general: give the numbers or what you observed"),
    thinStep: (noun) => clause("back up {q} with the data", of(noun, "on"), "that shows it"),
    stretch: (noun) => clause("after {q}, say what could have affected this result", of(noun, "on"), "and how you would check it"),
  },
};

/** Where the content is thinnest: an opinion or a feeling stated without anything that shows it. */
function gapOf(facts: EssayFacts, genre: WritingGenre): SentenceFacts | undefined {
  // The opening and closing sentences state and restate the position; the body is where it must be shown.
  // A claim with "because" in it, or just before one, is given a reason: "not yet shown with a reason" was untrue.
  // "Cause if you don't ..." and "cuz" are a student's "because".
  const givesReason = (s: SentenceFacts | undefined) => Boolean(s && (s.subordinators.includes("because") || s.subordinators.includes("since") || /^\W*(?:'?cause|cuz|coz)\b/i.test(s.text)));
  const isGap = (s: SentenceFacts, i: number) =>
    i > 0 && i < facts.sentences.length - 1 && !facts.avoid.has(s.index) && s.words >= 5 && !s.hasDetail && !facts.sentences[i + 1]?.hasDetail && !givesReason(s) && !givesReason(facts.sentences[i + 1]) && (genre === "narrative" ? s.isTelling : genre === "reflection" ? s.isTelling || s.isClaim : s.isClaim || genre === "source" || genre === "report" || genre === "answer");
  return facts.sentences.find((s, i) => isGap(s, i) && quoted(facts, s));
}

/** Ideas, content, argument, evidence, or the work as a whole; a second criterion of this kind skips the length. */
export function readContent(facts: EssayFacts, occurrence = 0): AspectReading {
  const words = wording[facts.genre];
  // A sentence with a concrete detail is praised as evidence, which may be the source's words the student chose.
  const useOf = (s: SentenceFacts): QuoteUse => (s.hasDetail ? "evidence" : "own");
  // A sentence with no slip the app can see is preferred for praise: quoted as the student's best, one with "memior"
  // and "then" for "than" read as a model of them.
  const best = bestSentence(facts, (s) => development(s) + (isModelSentence(s) ? modelBonus : 0), (s) => s.words >= 5, useOf);
  const point = about(best) || of(facts.topics[0]);
  const strength: Finding | undefined = best ? withQuote(words.strength(best, point, isModelSentence(best)), quoted(facts, best, undefined, useOf(best)), clause("you stay with the question", point)) : undefined;
  reserve(facts, strength);
  const withStrength = strength ? { strength } : {};
  // A step that builds on the praised sentence ("after {q}, explain how this detail supports your answer") quotes its end.
  const afterStrength = () => (best ? quotedTail(facts, best, useOf(best)) : undefined) ?? strength?.passage;
  const [topic] = facts.topics;

  // A short text made mostly of the question's own words ("The mood by the author in the memories.") answers
  // nothing yet: it was told it "names the point", and was coached as if on task.
  if (facts.wordCount < shortWords[facts.genre] && borrowedShareOf(facts.borrowed, 0, facts.text.length, "evidence") >= echoShare) {
    return {
      problem: { note: `the ${workNoun[facts.genre]} mostly repeats the question's words, so it does not yet give an answer of its own` },
      step: { note: echoStep[facts.genre] },
    };
  }
  if (facts.wordCount < shortWords[facts.genre] && occurrence === 0) {
    const last = facts.sentences.at(-1);
    const hasDetail = facts.sentences.some((s) => s.hasDetail);
    return {
      ...withStrength,
      problem: { note: words.short(topicsOf(facts), facts.wordCount, hasDetail) },
      // With an example, the step builds on the one the strength praised ("this example" is said of no other
      // sentence); without, on the last sentence, or the strength's passage if it is the student's own words.
      step: best?.hasDetail && strength?.passage
        ? withQuote(words.shortStep(topic, true), afterStrength())
        : withQuote(words.shortStep(topic, false), quotedTail(facts, last) ?? quotedTail(facts, best)),
    };
  }
  const gap = gapOf(facts, facts.genre);
  if (gap) {
    return { ...withStrength, problem: { note: words.gap(about(gap) || of(topic)) }, step: withQuote(words.gapStep(gap.nouns[0] ?? topic), quotedTail(facts, gap)) };
  }
  // Not a sentence the next one already backs up (a quotation after "Text examples to prove this would be"), nor the
  // conclusion of a longer text: "after it, add a detail" asked for what the student had just given.
  const isBackedUp = (s: SentenceFacts) => Boolean(facts.sentences[s.index + 1]?.hasDetail) || (s.index === facts.sentences.length - 1 && facts.sentences.length > 3);
  // Never the sentence just praised, nor one that gives a detail: "you support your answer well with a detail from the
  // text: {q}" was followed by "after {q}, add a detail from the text", and "In the text it says, ..." was told it
  // "stays general".
  const praised = sentenceOf(facts, strength);
  // Nor one another comment already quotes: a second criterion on content ("Prompt Adherence" beside "Content") gave
  // the same sentence the same request in other words.
  const thin = bestSentence(facts, (s) => -development(s), (s) => s !== praised && !facts.avoid.has(s.index) && !s.hasDetail && s.words >= 8 && s.topicHits + s.nouns.length > 0 && !isBackedUp(s));
  if (thin) {
    return { ...withStrength, problem: { note: words.thin(about(thin) || of(topic)) }, step: withQuote(words.thinStep(thin.nouns[0] ?? topic), quotedTail(facts, thin)) };
  }
  return { ...withStrength, step: withQuote(words.stretch(topic), afterStrength()) };
}
