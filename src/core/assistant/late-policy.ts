/**
 * The late policy from free text: "take 10% a day off late work", "5 points per day, up to 3 days", "no late penalty".
 * A per-day amount or an explicit "no penalty" decides the type; unstated numbers take the spec's defaults
 * (10 per day, 7 days).
 */
import { fieldsNamedIn } from "./grading-topics";
import { findNumbers, type NumberMention } from "./numbers";
import { isQuestion, splitSentences } from "./text";
import { defaultMaxLateDays, defaultPenaltyPerDay, type LatePolicy, type LatePolicyType } from "./types";

export interface LatePolicyReading {
  latePolicy?: LatePolicy;
  confidence?: number;
  problems: string[];
  /** Character spans (in the text given) of the numbers this reading used, so no other field reads them again. */
  used: [number, number][];
}

const lateTopic = /\blate\b|\btardy\b|\boverdue\b|\bpast the (?:due date|deadline)|\bafter the deadline|\bper day\b|\b(?:a|each|every) (?:school )?day\b|\bdaily\b|\bpenalt(?:y|ies)\b|\bdeduct/i;
const noPenalty =
  /\bno (?:late )?(?:penalty|penalties|deductions?|point deductions?)\b|\bno late policy\b|\b(?:don't|do not|never|won't|wont) (?:penalize|penalise|deduct|dock|take (?:anything|any points|points|marks|anything) off)\b|\blate work is (?:fine|ok|okay|accepted)\b|\baccept late work (?:without|with no) (?:a )?penalty\b|\bwithout (?:a |any )?penalty\b/i;
const perDayAfter = /^\s*(?:off\s+)?(?:(?:a|per|each|every|for each|for every)\s+(?:school\s+)?day|\/\s*day|daily)\b/i;
const perDayBefore = /\b(?:per|each|every|a)\s+(?:school\s+)?day(?:\s+late)?\s*(?:is|,|:|-)?\s*(?:minus\s+|lose\s+|loses\s+)?$/i;
const letterGradePerDay = /\ba (?:full )?letter grade (?:a|per|each|every) (?:school )?day\b/i;
const maxDaysPatterns = [
  /\bup to (\d{1,4}) (?:school )?days?\b/i,
  /\b(?:max(?:imum)?|at most|no more than|cap(?:ped)? at|limit(?:ed)? to|for) (?:of )?(\d{1,4}) (?:school )?days?\b/i,
  /\b(\d{1,4}) (?:school )?days? (?:max(?:imum)?|tops|at most|late at most)\b/i,
  /\bafter (\d{1,4}) (?:school )?days?\b(?: late)?,? (?:it's |its |it is |they get |i give |it becomes |becomes |it gets |gets )?(?:a )?(?:zero|0\b|not accepted|no credit)/i,
  /\b(?:don't|do not|won't|wont|no longer|stop) accept(?:ing)? (?:it |late work |anything |work )?(?:after|past|beyond) (\d{1,4}) (?:school )?days?\b/i,
];

function isPerDay(text: string, mention: NumberMention): boolean {
  return perDayAfter.test(text.slice(mention.end, mention.end + 40)) || perDayBefore.test(text.slice(Math.max(0, mention.start - 40), mention.start));
}

function readMaxDays(text: string): { days: number; span: [number, number] } | undefined {
  for (const pattern of maxDaysPatterns) {
    const match = pattern.exec(text);
    if (match?.[1]) return { days: Number(match[1]), span: [match.index, match.index + match[0].length] };
  }
  return undefined;
}

/** "Don't deduct for spelling" names a deduction, but for grammar: it is no late policy. */
function isAboutGrammarOnly(sentence: string): boolean {
  const fields = fieldsNamedIn(sentence);
  return fields.includes("grammarVsContent") && !fields.includes("latePolicy");
}

/** Reads the late policy from the whole message; isAsked means the assistant just asked about it. */
export function readLatePolicy(text: string, isAsked: boolean): LatePolicyReading {
  const reading: LatePolicyReading = { problems: [], used: [] };
  const sentences = splitSentences(text).filter((sentence) => !isQuestion(sentence) && !isAboutGrammarOnly(sentence));
  const aboutLate = isAsked || sentences.some((sentence) => lateTopic.test(sentence));
  if (!aboutLate) return reading;

  let type: LatePolicyType | undefined;
  let penalty: number | undefined;
  let maxDays: number | undefined;
  let confidence = 1;
  let searchFrom = 0;

  for (const sentence of sentences) {
    const found = text.indexOf(sentence, searchFrom);
    // Spans are only recorded when the sentence can be located; reading still works without them.
    const offset = found;
    if (found >= 0) searchFrom = found + sentence.length;
    const days = readMaxDays(sentence);
    if (days) {
      maxDays = days.days;
      if (offset >= 0) reading.used.push([offset + days.span[0], offset + days.span[1]]);
    }
    if (noPenalty.test(sentence)) {
      type = "none";
      continue;
    }
    if (letterGradePerDay.test(sentence)) {
      type = "percentage";
      penalty = 10;
      continue;
    }
    for (const mention of findNumbers(sentence)) {
      if (mention.isUnrelated || mention.unit === "days") continue;
      if (days && mention.start >= days.span[0] && mention.end <= days.span[1]) continue;
      if (!isPerDay(sentence, mention)) continue;
      type = mention.unit === "points" ? "points" : "percentage";
      penalty = mention.value;
      if (offset >= 0) reading.used.push([offset + mention.start, offset + mention.end]);
      break;
    }
    if (type) continue;
    if (/\bpercent(?:age)?\b|%/i.test(sentence) && lateTopic.test(sentence)) type = "percentage";
    else if (/\bpoints?\b/i.test(sentence) && lateTopic.test(sentence)) type = "points";
  }

  if (!type && isAsked) {
    ({ type, penalty, confidence } = readBareAnswer(text, reading));
  }
  if (!type) return reading;
  if (penalty === undefined && type !== "none") confidence = Math.min(confidence, 0.8);

  const penaltyPerDay = type === "none" || penalty === undefined ? defaultPenaltyPerDay : penalty;
  const maxLateDays = maxDays === undefined ? defaultMaxLateDays : Math.round(maxDays);
  if (penaltyPerDay < 0) reading.problems.push("Penalty per day cannot be negative");
  else if (type === "percentage" && penaltyPerDay > 100) reading.problems.push("Penalty per day must be at most 100");
  else if (maxLateDays > 365) reading.problems.push("Maximum late days must be at most 365");
  else {
    reading.latePolicy = penaltyPerDay === 0 ? { type: "none", penaltyPerDay: defaultPenaltyPerDay, maxLateDays } : { type, penaltyPerDay, maxLateDays };
    reading.confidence = confidence;
  }
  return reading;
}

/**
 * "no", "none", "nope, nothing": the whole answer. A message that only opens with "no" ("no I don't want to start with
 * strengths") answers something else.
 */
const noneAnswer = /^(?:none|no|nope|nah|nothing|zero|0)(?:[\s,.!]+(?:none|nothing|no penalty|penalty|at all|thanks|thank you))*[\s.!]*$/;

/** Answers to "How do you handle late work?": "none", "percentage", "5 points", "10%". */
function readBareAnswer(text: string, reading: LatePolicyReading): { type?: LatePolicyType; penalty?: number; confidence: number } {
  const answer = text.trim().toLowerCase();
  if (noneAnswer.test(answer)) return { type: "none", confidence: 1 };
  const mention = findNumbers(text).find((candidate) => !candidate.isUnrelated && candidate.unit !== "days");
  if (mention && answer.replace(/[^a-z ]/g, "").split(/\s+/).filter((word) => word && !/^(?:percent|pct|points?|pts?|off|maybe|about|around|say|i'd|lets|let's|per|a|day|each|take)$/.test(word)).length === 0) {
    reading.used.push([mention.start, mention.end]);
    return { type: mention.unit === "points" ? "points" : "percentage", penalty: mention.value, confidence: mention.unit ? 0.9 : 0.6 };
  }
  // "Don't take off points for spelling" answers the grammar question; "points" is also how a late penalty is given.
  if (fieldsNamedIn(answer).some((field) => field !== "latePolicy" && field !== "gradingApproach")) return { confidence: 1 };
  if (/\bpercent(?:age)?\b/.test(answer)) return { type: "percentage", confidence: 0.8 };
  if (/\bpoints?\b/.test(answer)) return { type: "points", confidence: 0.8 };
  return { confidence: 1 };
}
