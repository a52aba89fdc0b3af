import { workNoun, type WritingGenre } from "../assignment-context.js";
import { topicKey } from "./topic-nouns.js";
import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import { isModelSentence } from "./model-sentence.js";
import { about, bestSentence, clause, named, quoted, quotedTail, reserve, topicsOf, withQuote, type AspectReading, type Finding } from "./reading.js";

const oneBlockWords = 150;

/**
 * How each kind of writing is held together: an argument's reasons are linked by "As a result", a story's moments
 * by "Then", a report's sections by "Next". A story was told to begin a sentence with "Another reason is".
 */
type Structure = { unit: string; links: string[]; closing: string; closingFallback: string; preview: string; previewFallback: string };
const reasons: Structure = {
  unit: "reason",
  links: ["As a result", "Another reason is"],
  closing: "add a closing sentence that says what the reader should take away",
  closingFallback: "add a closing sentence that sums up your view",
  preview: "preview the reasons",
  previewFallback: "make your opening preview the reasons that follow",
};
const structure: Record<WritingGenre, Structure> = {
  argument: reasons,
  source: reasons,
  narrative: {
    unit: "moment",
    links: ["Then", "Later", "After that"],
    closing: "add a closing sentence that shows how the story ends or what it came to mean",
    closingFallback: "add a closing sentence that shows how the story ends",
    preview: "set the scene",
    previewFallback: "make your opening set the scene for what happens",
  },
  reflection: {
    unit: "part of the experience",
    links: ["At first", "Later", "Looking back"],
    closing: "add a closing sentence on what you will take from this",
    closingFallback: "add a closing sentence on what you learned",
    preview: "name the experience",
    previewFallback: "make your opening name the experience you are reflecting on",
  },
  answer: {
    unit: "point",
    links: ["First", "Next", "Finally"],
    closing: "add a last sentence that sums up your answer to the question",
    closingFallback: "add a last sentence that sums up your answer to the question",
    preview: "name the main point",
    previewFallback: "make your first sentence answer the question directly",
  },
  report: {
    unit: "section",
    links: ["Next", "As a result", "This shows"],
    closing: "add a conclusion that says what the results show",
    closingFallback: "add a conclusion that says what the results show",
    preview: "state the purpose",
    previewFallback: "make your opening state the purpose of the work",
  },
};
/** "‘Then’, ‘Later’ or ‘After that’": phrases offered to choose from, each in quotation marks so it reads as words to use. */
const orNamed = (phrases: readonly string[]) => `${phrases.slice(0, -1).map(named).join(", ")} or ${named(phrases.at(-1)!)}`;

/** Openings of a closing sentence, read from the sentence itself: "For these reasons" is not in the transitions list. */
const conclusionOpening = /^\W*(?:(?:in )?conc?lu(?:s|t)ion|to conclude|to wrap (?:it )?up|as you can see|therefore|thus|in summary|to summ?ari[sz]e|to sum up|in closing|in short|in the end|all in all|overall|ultimately|finally|lastly|together|for (?:all )?(?:these|those) reasons|all (?:of )?(?:these|those)|that is why|this is why|so,? in the end)\b/i;
/** A letter's sign-off ("Sincerely, Maya Torres"): a short line with no verb, ending a letter after its conclusion. */
const signOffWords = 6;
const isSignOff = (s: SentenceFacts) => s.words <= signOffWords && !s.tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");

/**
 * One topic in either number and case, a compound or a name by its last word (topicKey): an essay that ended on
 * "airships" was told it did not come back to "airship".
 */
const sameNoun = (a: string, b: string) => topicKey(a) === topicKey(b);
const hasNoun = (s: SentenceFacts, noun: string) => s.nouns.some((n) => sameNoun(n, noun));

/**
 * Whether the essay already closes: one of its last three sentences opens as a conclusion, or its last one comes back
 * to the main topic. The note otherwise says it ends "without coming back to" that topic, which must be true.
 */
function closes(facts: EssayFacts, topic: string | undefined): { closes: boolean; last?: SentenceFacts } {
  const content = [...facts.sentences];
  while (content.length > 1 && isSignOff(content.at(-1)!)) content.pop();
  const last = content.at(-1);
  // The last three sentences, or the whole last paragraph when the text has paragraphs: a concluding paragraph of five
  // sentences was told the essay "ends without coming back to" its topic.
  const lastParagraph = facts.paragraphCount > 1 && last ? content.filter((s) => s.paragraph === last.paragraph) : [];
  const ending = lastParagraph.length > 3 ? lastParagraph : content.slice(-3);
  // The topic anywhere in a closing paragraph counts ("First impressions are not important. ..." came back to it in
  // the paragraph's first sentence and was told it ended "without coming back to impressions"); without paragraphs,
  // only in the last sentence, since the sentences before it are the body's.
  const closing = lastParagraph.length ? lastParagraph : last ? [last] : [];
  const closesNow = ending.some((s) => conclusionOpening.test(s.text)) || Boolean(topic && closing.some((s) => hasNoun(s, topic)));
  return { closes: closesNow, ...(last ? { last } : {}) };
}

const continuing = /^(?:for (?:example|instance)|such as|also|and|so|but|because|that is|in other words)\b/i;

/** The sentence where a new idea begins: a linking opener or nouns the sentence before did not have. */
function newIdeaScore(facts: EssayFacts, s: SentenceFacts): number {
  const previous = facts.sentences[s.index - 1];
  const fresh = previous ? s.nouns.filter((n) => !hasNoun(previous, n)).length : 0;
  const middle = 1 - Math.abs(s.index / Math.max(1, facts.sentences.length - 1) - 0.5) * 2;
  // "For example" and "Also" carry on the idea before them: a new paragraph there split an example from its point.
  const opensIdea = s.transition && !continuing.test(s.transition);
  return (opensIdea ? 3 : s.transition ? -3 : 0) + Math.min(fresh, 3) + middle;
}

function previousPoint(facts: EssayFacts, s: SentenceFacts | undefined): string {
  const noun = s ? facts.sentences[s.index - 1]?.nouns[0] : undefined;
  return noun ? `the point about ${noun} before it` : "the sentence before it";
}

/** A joining word used as a linking adverb ("Although, the hills were steep"): a slip to fix, not a link to praise. */
const joinerAsAdverb = /^\W*(?:although|even though|though|because|since|while)\s*,/i;

function strengthOf(facts: EssayFacts): Finding | undefined {
  const canPraise = (s: SentenceFacts) => s.transition !== undefined && isModelSentence(s) && !joinerAsAdverb.test(s.text) && (facts.genre !== "narrative" || !conclusionOpening.test(s.text));
  const linked = bestSentence(facts, (s) => (s.transition ? 2 : 0) + (s.index > 0 ? 1 : 0) + Math.min(s.nouns.length, 2) * 0.1, canPraise);
  if (linked?.transition && !facts.avoid.has(linked.index)) {
    const word = named(linked.transition);
    const point = about(linked, 1);
    return withQuote(clause("you use", word, point ? `effectively to lead into the point ${point}:` : "effectively to link this point to the last:", "{q}"), quoted(facts, linked), clause("you use", word, "effectively to link your ideas"));
  }
  const opening = facts.sentences[0];
  const passage = quoted(facts, opening);
  // Only a noun the essay goes on to be about is its topic: "My friend Ethan Brooks and I think this." names none.
  const mainTopics = facts.topics.slice(0, 3);
  const topic = opening?.nouns.find((noun) => mainTopics.some((main) => sameNoun(main, noun)));
  if (!opening || !passage || facts.avoid.has(opening.index) || !topic || !isModelSentence(opening)) return undefined;
  return { note: clause(`you open clearly by naming your topic, ${topic}, in`, "{q}"), passage };
}

/** A list of three or more ("a mental break, physical break and to stay healthy"), or of two reasons named as such. */
const listOfThree = /\S[^,;]*,[^,;]+,?\s+(?:and|or)\s+\S/i;
const namedReasons = /\b(?:reasons?|because|why)\b[^.!?]*\s(?:and|also)\s/i;

/** The sentence of the opening (its first paragraph, or the first two sentences of a text in one) that lists what the rest will give. */
function openingList(facts: EssayFacts): SentenceFacts | undefined {
  const opening = facts.paragraphCount > 1 ? facts.sentences.filter((s) => s.paragraph === facts.sentences[0]?.paragraph) : facts.sentences.slice(0, 2);
  return opening.find((s) => listOfThree.test(s.text) || namedReasons.test(s.text));
}

/** Organization, structure, paragraphing, transitions. */
export function readOrganization(facts: EssayFacts): AspectReading {
  const strength = strengthOf(facts);
  reserve(facts, strength);
  const words = structure[facts.genre];
  const [first, second] = facts.topics;
  const withStrength = strength ? { strength } : {};

  // A short answer of a sentence or two is what the question asked for: its order is in the points it names, and
  // "no clear beginning, middle and end" was said to a right answer in one sentence.
  if (facts.sentences.length <= 2 && facts.genre === "answer") {
    const only = facts.sentences[0];
    return { ...withStrength, step: withQuote("after {q}, give each further point the question asks for a sentence of its own", quotedTail(facts, facts.sentences.at(-1)) ?? quoted(facts, only), "give each point the question asks for a sentence of its own") };
  }
  if (facts.sentences.length <= 2) {
    const only = facts.sentences[0];
    return {
      ...withStrength,
      problem: { note: clause("the whole answer", about(only) && `${about(only)}`, facts.sentences.length === 1 ? "is one sentence" : "is two sentences", ", so it has no clear beginning, middle and end yet") },
      step: withQuote(clause("break {q} into separate sentences: one for your main point", first ? `about ${first}` : "", "and one for each detail"), quoted(facts, only)),
    };
  }
  if (facts.paragraphCount <= 1 && facts.wordCount > oneBlockWords) {
    const split = bestSentence(facts, (s) => newIdeaScore(facts, s), (s) => s.index > 1 && s.index < facts.sentences.length - 1);
    return {
      ...withStrength,
      problem: { note: clause("everything is in one paragraph, so the move", first && second ? `from ${first} to ${second}` : "from one idea to the next", "is hard to see") },
      step: withQuote(clause(`start a new paragraph at {q}, and give each ${words.unit}`, first ? `about ${first}` : "", "its own paragraph"), quoted(facts, split), "start a new paragraph for each main idea"),
    };
  }
  // "Frist" and "Howevr" link ideas too: their spelling is the conventions comment's business.
  const linkedCount = facts.sentences.filter((s) => s.transition || s.misspelledTransition).length;
  if (facts.sentences.length >= 4 && linkedCount === 0) {
    // Not a sentence already opened by a joining word ("But ...", "After ..."), nor the last one, where "Another
    // reason is" was offered to a conclusion.
    const opensJoined = (s: SentenceFacts) => ["CCONJ", "SCONJ", "ADP"].includes(s.tokens.find((t) => t.isWord)?.pos ?? "");
    const target = bestSentence(facts, (s) => newIdeaScore(facts, s), (s) => s.index > 0 && s.index < facts.sentences.length - 1 && !opensJoined(s));
    return {
      ...withStrength,
      problem: { note: clause("your points", first ? `about ${topicsOf(facts, 3)}` : "", "follow one another without words that show how they connect") },
      step: withQuote(
        clause(`begin {q} with a phrase such as ${orNamed(words.links)}, so it follows on from`, previousPoint(facts, target)),
        quoted(facts, target),
        `link each new point to the one before with a phrase such as ${named(words.links[0]!)}`,
      ),
    };
  }
  const { closes: hasConclusion, last } = closes(facts, first);
  if (last && !hasConclusion && facts.sentences.length >= 4) {
    return {
      ...withStrength,
      problem: { note: clause(`the ${workNoun[facts.genre]} ends on the point`, about(last, 1) || "it was making", first ? `without coming back to ${first}` : "without a conclusion") },
      step: withQuote(clause(`after {q}, ${words.closing}`, first ? `about ${first}` : ""), quotedTail(facts, last), words.closingFallback),
    };
  }
  const opening = facts.sentences[0];
  // An opening that already lists what follows was told to preview it ("they need a mental break, physical break and
  // to stay healthy" came right after the sentence quoted): the step follows the list into the body instead.
  const listing = facts.genre === "argument" || facts.genre === "source" ? openingList(facts) : undefined;
  if (listing) {
    return {
      ...withStrength,
      step: withQuote(
        clause(`check that the ${facts.paragraphCount > 1 ? "paragraphs" : "sentences"} after {q} give each reason`, first ? `about ${first}` : "", "an example of its own"),
        quoted(facts, listing),
        "check that each reason your opening lists gets an example of its own",
      ),
    };
  }
  return {
    ...withStrength,
    step: withQuote(
      facts.genre === "argument" || facts.genre === "source"
        ? clause("make {q} preview the reasons", first ? `about ${topicsOf(facts, 2)}` : "", facts.paragraphCount > 1 ? "that the paragraphs go on to give" : `that the rest of the ${workNoun[facts.genre]} goes on to give`)
        : clause(`make {q} ${words.preview}`, first ? `of ${topicsOf(facts, 2)}` : ""),
      quoted(facts, opening),
      words.previewFallback,
    ),
  };
}
