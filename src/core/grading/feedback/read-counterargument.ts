import type { EssayFacts, SentenceFacts } from "./essay-facts.js";
import { quoted, quotedTail, reserve, withQuote, type AspectReading, type Finding } from "./reading.js";

/**
 * A criterion on the other side of an argument ("Counterargument", "Rebuttal", "Addresses opposing views"). Graded as
 * content, it was commented on as content: "Counterargument: you state your point clearly" said nothing about
 * whether the essay answers anyone who disagrees, and read like the Thesis comment beside it.
 */
export const asksForCounterargument = (label: string): boolean =>
  /counter[- ]?(?:argument|claim|point)|rebut|refut|opposing|opposition|objection|other side|concession|alternative (?:view|perspective)/i.test(label);

/**
 * A sentence that gives voice to another view than the writer's: someone saying, arguing or believing it. Verbs of
 * the writer's own points ("many students would benefit", "most students feel tired") are not enough.
 */
const otherView =
  /\b(?:(?:some|many|other|most) (?:people|students|parents|teachers|families|adults|critics|experts|readers)|others|critics|opponents|those who (?:disagree|oppose)|people who (?:disagree|oppose|are against))\b[^.!?]{0,40}\b(?:say|says|said|argue|argues|believe|believes|claim|claims|worry|worries|point out|object|disagree)\b|\bon the other hand\b|\bit is true that\b|\badmittedly\b|\bthe other side\b|\bone could argue\b|\bsome (?:may|might|would|could) (?:say|argue|think|object)\b|\b(?:some people|others|critics|opponents) (?:think|feel)\b/i;

/** The view is answered in its own sentence ("Although some say ..., ...", "Some say ..., but ...") or in the next. */
const answeredWithin = /^(?:although|though|even though|while)\b|[,;]\s*(?:but|yet|however|still)\b/i;
const answerOpening = /^(?:however|but|yet|still|even so|nevertheless|that said|this (?:is|ignores|overlooks|misses)|what (?:they|this) (?:forget|forgets|miss|misses|ignore|ignores))\b/i;

function replyTo(facts: EssayFacts, s: SentenceFacts): SentenceFacts | undefined {
  if (answeredWithin.test(s.text.trim())) return s;
  const next = facts.sentences[s.index + 1];
  return next && answerOpening.test(next.text.trim()) ? next : undefined;
}

export function readCounterargument(facts: EssayFacts): AspectReading {
  const raised = facts.sentences.find((s) => otherView.test(s.text) && quoted(facts, s));
  if (raised) {
    const reply = replyTo(facts, raised);
    if (reply) {
      const strength: Finding = withQuote("you raise the other side and answer it: {q}", quoted(facts, raised));
      reserve(facts, strength);
      const step = withQuote("after {q}, add a reason or an example that shows why your answer to the other side holds", quotedTail(facts, reply) ?? strength.passage);
      return { strength, step };
    }
    const strength: Finding = withQuote("you give the other side a voice in {q}", quoted(facts, raised));
    reserve(facts, strength);
    return {
      strength,
      problem: { note: "the objection is stated but not yet answered, so it can read as a point against your own view" },
      step: withQuote("right after {q}, add a sentence that answers this objection: why does your view still hold?", strength.passage),
    };
  }
  // Where the writer states the view is where an objection belongs.
  const claim = facts.sentences.find((s) => s.isClaim && quoted(facts, s)) ?? facts.sentences.find((s) => quoted(facts, s));
  return {
    problem: { note: "the essay does not yet consider what someone who disagrees would say" },
    step: withQuote("after {q}, add what someone who disagrees might say, and answer it", quotedTail(facts, claim)),
  };
}
