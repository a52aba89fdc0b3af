/**
 * The three 0-100 preferences (strictness, grammar versus content, auto-accept threshold). A number is read only
 * when its clause is about the field ("strictness 70", "pretty strict, maybe 80") or when the assistant just asked
 * for that field and the message is little more than the number ("80", "maybe 75%").
 */
import { asPercent, blankOut, findNumbers, type NumberMention } from "./numbers";
import { isNegatedBefore, isQuestion, splitClauses, splitSentences, words } from "./text";
import type { ProfileField } from "./types";

export type NumericField = "strictness" | "grammarVsContent" | "autoAcceptThreshold";

export interface NumericReading {
  values: Partial<Record<NumericField, number>>;
  confidence: Partial<Record<NumericField, number>>;
  problems: string[];
}

export const percentLabels: Record<NumericField, string> = {
  strictness: "Strictness",
  grammarVsContent: "Grammar versus content",
  autoAcceptThreshold: "Auto-accept threshold",
};

/** "grammar" and "content" are two ends of one field: a content share is turned into the grammar share. */
type Topic = { field: NumericField; side?: "grammar" | "content"; start: number; end: number; word: string };

const topicPatterns: { field: NumericField; side?: "grammar" | "content"; pattern: RegExp }[] = [
  { field: "strictness", pattern: /\bstrict(?:ness|er|est|ly)?\b|\blenien(?:t|cy)\b|\b(?:harsh|tough|hard|easy)(?:er)? grader\b|\bstringent\b/gi },
  { field: "autoAcceptThreshold", pattern: /\bauto[- ]?accept\w*|\bautomatically accept\w*|\baccept\w* automatically\b|\bauto[- ]?approv\w*|\bconfiden(?:ce|t)\b|\b(?<!(?:plagiarism|similarity) )threshold\b/gi },
  { field: "grammarVsContent", side: "grammar", pattern: /\bgrammar\b|\bmechanics\b|\bconventions\b|\bspelling\b|\bpunctuation\b|\bsyntax\b/gi },
  { field: "grammarVsContent", side: "content", pattern: /\bcontent\b|\bideas\b|\bsubstance\b/gi },
];

function findTopics(clause: string): Topic[] {
  const topics: Topic[] = [];
  for (const { field, side, pattern } of topicPatterns) {
    for (const match of clause.matchAll(pattern)) {
      topics.push({ field, ...(side ? { side } : {}), start: match.index, end: match.index + match[0].length, word: match[0].toLowerCase() });
    }
  }
  return topics;
}

function distance(topic: Topic, mention: NumberMention): number {
  if (topic.start < 0) return Number.MAX_SAFE_INTEGER;
  return mention.start >= topic.end ? mention.start - topic.end : Math.max(0, topic.start - mention.end);
}

/**
 * The topic a number is said next to. A clause keeps one order throughout: when it names a topic before its first
 * number ("content 60 grammar 40") each number belongs to the topic before it, otherwise ("20% grammar, 80%
 * content") to the one after it. Only when that side has no topic does the nearest one count.
 */
function bindTopic(topics: Topic[], mentions: NumberMention[], mention: NumberMention): Topic {
  const nearest = (candidates: Topic[]) => [...candidates].sort((a, b) => distance(a, mention) - distance(b, mention) || (a.side === "grammar" ? -1 : 1))[0];
  const placed = topics.filter((topic) => topic.start >= 0);
  if (placed.length < topics.length || placed.length === 0) return nearest(topics)!;
  const firstNumber = Math.min(...mentions.map((candidate) => candidate.start));
  const namesFirst = Math.min(...placed.map((topic) => topic.start)) < firstNumber;
  const sameSide = namesFirst ? placed.filter((topic) => topic.end <= mention.start) : placed.filter((topic) => topic.start >= mention.end);
  return nearest(sameSide) ?? nearest(placed)!;
}

/**
 * "Content should count four times as much as grammar", "grammar matters half as much as content": a proportion
 * between the two ends of the scale, said in words. Number words are already digits here ("4 times", "50%").
 */
const proportion = /\b(twice|thrice|double|(\d+(?:\.\d+)?)\s*(?:x|times)|(\d{1,3})\s*%)\s+(?:as\s+)?(?:much|more|heavily|important|strongly|high)\s+(?:as|than)\s+(?:the\s+)?(?:student'?s\s+)?(\w+)/i;

function readProportion(sentence: string): { grammar: number; start: number; end: number } | undefined {
  const match = proportion.exec(sentence);
  if (!match) return undefined;
  const sideOf = (word: string) => findTopics(word).find((topic) => topic.field === "grammarVsContent")?.side;
  const subject = findTopics(sentence.slice(0, match.index)).filter((topic) => topic.field === "grammarVsContent").pop()?.side;
  const object = sideOf(match[4]!);
  if (!subject || !object || subject === object) return undefined;
  const word = match[1]!.toLowerCase();
  const factor = word === "twice" || word === "double" ? 2 : word === "thrice" ? 3 : match[2] ? Number(match[2]) : Number(match[3]) / 100;
  if (!(factor > 0)) return undefined;
  const subjectShare = factor / (1 + factor);
  const grammar = subject === "grammar" ? subjectShare : 1 - subjectShare;
  return { grammar: Math.round(grammar * 100), start: match.index, end: match.index + match[0].length };
}

/** The field's value from one number, or undefined when the number cannot mean it (a ratio for strictness). */
function valueFor(topic: Topic, mention: NumberMention, clause: string): number | undefined {
  if (mention.ratio) {
    if (topic.field !== "grammarVsContent") return undefined;
    const grammarAt = clause.search(/\bgrammar|\bmechanics|\bconventions|\bspelling/i);
    const contentAt = clause.search(/\bcontent|\bideas|\bsubstance/i);
    const grammarFirst = grammarAt >= 0 && (contentAt < 0 || grammarAt < contentAt);
    if (grammarAt < 0 && contentAt < 0) return Math.min(...mention.ratio);
    return grammarFirst ? mention.ratio[0] : mention.ratio[1];
  }
  const percent = asPercent(mention);
  if (percent === undefined) return undefined;
  return topic.side === "content" ? 100 - percent : percent;
}

/** "very strict" and "lenient" without a number still say something; read with lower confidence. */
function qualitativeStrictness(sentence: string): number | undefined {
  const lenient = /\b(very |really |super |quite )?(?:lenient|easy grader|easygoing grader)\b/i.exec(sentence);
  if (lenient) return lenient[1] ? 20 : 30;
  const tough = /\b(?:harsh|tough|hard) grader\b/i.exec(sentence);
  if (tough) return 80;
  const strict = /\b((?:very|really|super|extremely|incredibly|quite|pretty|fairly|rather|somewhat|moderately|kind of|kinda|a bit|a little|not very|not too|not that|not overly)\s+)?strict\b/i.exec(sentence);
  if (!strict) return undefined;
  const qualifier = (strict[1] ?? "").trim().toLowerCase();
  if (qualifier.startsWith("not") || isNegatedBefore(sentence, strict.index)) return 35;
  if (/^(?:very|really|super|extremely|incredibly|quite)$/.test(qualifier)) return 85;
  if (/^(?:somewhat|moderately|kind of|kinda|a bit|a little)$/.test(qualifier)) return 60;
  return 75;
}

const bareFillers = new Set(
  ("maybe about around roughly approximately say i'd id let's lets go with make it set put me at i think guess probably like um uh ok okay " +
    "please sure hmm fine is works sounds good or so ish for now call just a an the above over anything more than higher greater least " +
    "% percent pct i'm im am pretty fairly quite very really somewhere out of on scale my answer would be number mostly yes yeah that's that " +
    "firm balanced lenient strict strictness preset grammar content confidence auto-accept threshold").split(" "),
);

/** The message is just the asked-for number, with at most a few filler words around it. */
function readBareNumber(message: string, field: NumericField): { value: number; mention: NumberMention } | undefined {
  const mentions = findNumbers(message).filter((mention) => !mention.isUnrelated && mention.unit !== "days" && mention.unit !== "points");
  if (mentions.length !== 1) return undefined;
  const mention = mentions[0]!;
  const rest = words(message.slice(0, mention.start) + " " + message.slice(mention.end)).filter((word) => !bareFillers.has(word));
  if (rest.length > 0) return undefined;
  const topic: Topic = { field, ...(field === "grammarVsContent" ? { side: "grammar" as const } : {}), start: -1, end: -1, word: "" };
  const value = valueFor(topic, mention, message);
  return value === undefined ? undefined : { value, mention };
}

function accept(reading: NumericReading, field: NumericField, value: number, confidence: number): void {
  if (reading.values[field] !== undefined) return;
  if (value < 0 || value > 100) {
    const problem = `${percentLabels[field]} must be from 0 to 100`;
    if (!reading.problems.includes(problem)) reading.problems.push(problem);
    return;
  }
  reading.values[field] = Math.round(value);
  reading.confidence[field] = confidence;
}

/**
 * "Don't take off points for spelling or grammar at all", "grammar doesn't count": a grammar share of 0. Not caring
 * ("I don't care about spelling") says no number, so it is not read.
 */
const grammarNotCounted =
  /\b(?:don't|do not|never|won't|no)\b(?:\s+\w+){0,3}?\s+(?:take (?:any )?(?:points |marks )?(?:off|away)|deduct|dock|penali[sz]e|mark (?:down|off)|points? off|marks? off)\b[^.!?\d]{0,40}\b(?:grammar|spelling|mechanics|conventions|punctuation)\b|\b(?:grammar|spelling|mechanics|conventions)\b[^.!?\d]{0,30}\b(?:doesn't|don't|does not|do not|shouldn't|won't) count\b/i;

export function readNumericPreferences(text: string, askedField?: ProfileField): NumericReading {
  const reading: NumericReading = { values: {}, confidence: {}, problems: [] };
  const neverAutoAccept = /\b(?:never|don't|do not|won't|no)\b[^.!?\d]{0,30}\bauto[- ]?(?:accept|approv)|\b(?:i want to|i'd rather|i'll|i will) review (?:everything|every (?:grade|paper|essay)|them all|all of them)\b/i;

  for (const said of splitSentences(text)) {
    if (isQuestion(said) || /\bplagiari|\bsimilarity\b/i.test(said)) continue;
    let sentence = said;
    const ratio = readProportion(sentence);
    if (ratio) {
      accept(reading, "grammarVsContent", ratio.grammar, 1);
      sentence = blankOut(sentence, ratio.start, ratio.end);
    }
    let carried: Topic[] = [];
    for (const clause of splitClauses(sentence)) {
      let topics = findTopics(clause);
      const mentions = findNumbers(clause).filter((mention) => !mention.isUnrelated && mention.unit !== "days");
      const isCarried = topics.length === 0 && carried.length > 0;
      if (isCarried) topics = carried.map((topic) => ({ ...topic, start: -1, end: -1 }));
      if (topics.length === 0) continue;
      if (mentions.length === 0) {
        carried = topics;
        continue;
      }
      carried = [];
      const taken = new Set<NumericField>();
      // A grammar number outranks a content number for the same field.
      const ordered = mentions
        .map((mention) => ({ mention, topic: bindTopic(topics, mentions, mention) }))
        .sort((a, b) => (a.topic.side === "content" ? 1 : 0) - (b.topic.side === "content" ? 1 : 0));
      for (const { mention, topic } of ordered) {
        if (taken.has(topic.field)) continue;
        const value = valueFor(topic, mention, clause);
        if (value === undefined) continue;
        taken.add(topic.field);
        accept(reading, topic.field, value, isCarried ? 0.9 : 1);
      }
    }
    if (reading.values.strictness === undefined && !reading.problems.some((problem) => problem.startsWith("Strictness"))) {
      const guess = qualitativeStrictness(sentence);
      if (guess !== undefined) accept(reading, "strictness", guess, 0.6);
    }
    if (reading.values.grammarVsContent === undefined && /\b(?:grammar|mechanics|conventions)\b.*\b(?:equal(?:ly)?|evenly|the same|same weight)\b|\b(?:equal(?:ly)?|evenly)\b.*\bgrammar\b/i.test(sentence)) {
      accept(reading, "grammarVsContent", 50, 0.9);
    }
    if (reading.values.grammarVsContent === undefined && grammarNotCounted.test(sentence)) accept(reading, "grammarVsContent", 0, 0.9);
    if (reading.values.autoAcceptThreshold === undefined && neverAutoAccept.test(sentence)) accept(reading, "autoAcceptThreshold", 100, 0.8);
  }

  if (askedField === "strictness" || askedField === "grammarVsContent" || askedField === "autoAcceptThreshold") {
    if (reading.values[askedField] === undefined && !reading.problems.length) {
      const bare = readBareNumber(text, askedField);
      if (bare) accept(reading, askedField, bare.value, 0.9);
      else if (askedField === "autoAcceptThreshold" && /^\s*(?:never|no|none|nope|don't|no thanks)\b/i.test(text)) accept(reading, askedField, 100, 0.8);
      else if (askedField === "grammarVsContent" && /^\s*(?:equal(?:ly)?|evenly|same|50\/50)\b/i.test(text)) accept(reading, askedField, 50, 0.9);
    }
  }
  return reading;
}
