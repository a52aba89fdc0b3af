/**
 * The four choice preferences: tone, feedback length, grading approach and strengths first. Strong words count
 * anywhere ("be gentle", "holistic"); weaker ones ("warm", "long") only in a sentence about feedback or when the
 * assistant just asked, so "I'm short on time" or "as long as" set nothing.
 */
import { isNegatedBefore, isQuestion, splitSentences } from "./text";
import type { FeedbackLength, GradingApproach, ProfileField, Tone } from "./types";

export interface ChoiceReading {
  tone?: Tone;
  feedbackLength?: FeedbackLength;
  gradingApproach?: GradingApproach;
  strengthsFirst?: boolean;
  confidence: Partial<Record<"tone" | "feedbackLength" | "gradingApproach" | "strengthsFirst", number>>;
  /** Choices said both ways at once, for the teacher to settle. */
  problems: string[];
}

const bothApproachesProblem = "You said both holistic and points; which one should I use? Holistic gives one overall judgement; points scores each criterion and adds them up.";

type Cue<T> = { value: T; pattern: RegExp; isWeak?: boolean; whenNegated?: T };

const toneCues: Cue<Tone>[] = [
  { value: "gentle", pattern: /\bgentl[ey]\b|\bencouraging\b|\bsupportive\b|\bnurturing\b|\bcompassionate\b|\bgo easy on\b/i },
  { value: "gentle", pattern: /\bsoft(?:er)?\b|\bwarm\b|\bkind(?:ly)?\b(?! of)/i, isWeak: true },
  { value: "neutral", pattern: /\bneutral\b|\bmatter[- ]of[- ]fact\b|\beven[- ]handed\b/i },
  { value: "neutral", pattern: /\bbalanced\b|\bprofessional\b|\bobjective\b|\bin (?:the )?(?:middle|between)\b/i, isWeak: true },
  { value: "direct", pattern: /\bdirect(?:ly)?\b(?!\s+(?:quot|evidence|instruction|citation|object|link|message))|\bblunt(?:ly)?\b|\bno[- ]nonsense\b|\bdon't (?:sugar[- ]?coat|hold back)\b|\b(?:no|without) sugar[- ]?coating\b|\btell it like it is\b|\bstraight shooter\b/i },
  { value: "direct", pattern: /\bstraightforward\b|\bharsh(?:ly)?\b(?! grader)|\bfrank(?:ly)?\b|\b(?<!to be )honest\b|\bcandid\b/i, isWeak: true, whenNegated: "gentle" },
];

const lengthCues: Cue<FeedbackLength>[] = [
  { value: "short", pattern: /\bshort(?:er)?\b|\bbrief(?:er)?\b|\bconcise\b|\bsuccinct\b|\bquick\b|\bto the point\b|\ba (?:sentence|line) or two\b|\b(?:one|1) or (?:two|2) sentences\b|\bminimal\b|\bbare[- ]bones\b/i, isWeak: true },
  { value: "standard", pattern: /\bstandard\b|\bmedium(?:[- ]length)?\b|\bmoderate(?: length)?\b|\bnormal\b|\baverage length\b|\bregular\b|\ba paragraph\b|\bone paragraph\b/i, isWeak: true },
  { value: "detailed", pattern: /\bdetailed\b|\bthorough\b|\bin[- ]depth\b|\blengthy\b|\b(?<!as )long(?:er)?\b(?! as| time)|\bextensive\b|\bcomprehensive\b|\b(?:lots|a lot) of detail\b|\belaborate\b/i, isWeak: true, whenNegated: "short" },
];

const approachCues: Cue<GradingApproach>[] = [
  { value: "holistic", pattern: /\bholistic(?:ally)?\b|\boverall impression\b|\bone overall (?:score|grade)\b/i, whenNegated: "points" },
  { value: "points", pattern: /\b(?:use|using|with|by|on) points\b|\bpoints?[- ]based\b|\bpoint system\b|\banalytic(?:al|ally)?\b|\bcriterion by criterion\b|\bpoint by point\b|\badd(?:ing)? up (?:the )?points\b|\bpoints per criterion\b/i, whenNegated: "holistic" },
];

const strengthsCue = /\b(?:lead|start|begin|open)(?:s|ing)? (?:off )?with (?:the |their |a |some )?(?:strengths?|positives?|praise|something (?:positive|good|nice)|what (?:they|students|the student|he|she|kids) (?:did|do|got|have done) (?:well|right)|(?:a )?compliments?|the good)\b|\bstrengths? first\b|\bpositives? first\b|\bpraise first\b|\b(?:compliment|feedback|praise) sandwich\b|\bsandwich method\b|\bpraise before\b/i;
const weaknessesCue = /\b(?:get|go|cut) (?:straight |right )?to (?:the )?(?:problems|issues|weaknesses|what needs (?:work|fixing|improvement))\b|\b(?:lead|start|begin|open) with (?:the )?(?:problems|weaknesses|issues|areas for improvement|what needs (?:work|fixing|improvement)|criticism)\b|\bskip (?:the )?(?:praise|compliments|pleasantries|niceties)\b|\b(?:weaknesses|problems|issues) first\b/i;

const aboutFeedback = /\bfeedback\b|\bcomments?\b|\bnotes\b|\bwrite[- ]?ups?\b|\btone\b|\bkeep (?:it|them)\b|\bbe\b|\bsound\b|\bwith (?:them|students|kids|my students)\b/i;

function readCue<T>(sentence: string, cues: Cue<T>[], allowWeak: boolean): { value: T; confidence: number } | undefined {
  for (const cue of cues) {
    if (cue.isWeak && !allowWeak) continue;
    const match = cue.pattern.exec(sentence);
    if (!match) continue;
    if (isNegatedBefore(sentence, match.index, 3)) {
      if (cue.whenNegated !== undefined) return { value: cue.whenNegated, confidence: 0.7 };
      continue;
    }
    return { value: cue.value, confidence: cue.isWeak ? 0.8 : 1 };
  }
  return undefined;
}

/** Whether the sentence rules out a choice: a cue for it with a negation just before ("don't be too soft"). */
function isRuledOut<T>(sentence: string, cues: Cue<T>[], value: T, allowWeak: boolean): boolean {
  return cues.some((cue) => {
    if (cue.value !== value || (cue.isWeak && !allowWeak)) return false;
    const match = cue.pattern.exec(sentence);
    return match !== null && isNegatedBefore(sentence, match.index, 3);
  });
}

/** "Don't be harsh, but don't be too soft either": both ends ruled out leaves the middle. */
function readTone(sentence: string, allowWeak: boolean): { value: Tone; confidence: number } | undefined {
  if (isRuledOut(sentence, toneCues, "gentle", allowWeak) && isRuledOut(sentence, toneCues, "direct", allowWeak)) return { value: "neutral", confidence: 0.8 };
  return readCue(sentence, toneCues, allowWeak);
}

/** Holistic and points both said and neither negated ("both holistic and points"): the teacher must pick one. */
function isBothApproaches(sentence: string, isAsked: boolean): boolean {
  const holistic = approachCues[0]!.pattern.exec(sentence);
  if (!holistic || isNegatedBefore(sentence, holistic.index, 3)) return false;
  const points = approachCues[1]!.pattern.exec(sentence) ?? (isAsked || /\bboth\b/i.test(sentence) ? /\bpoints?\b/i.exec(sentence) : null);
  return points !== null && !isNegatedBefore(sentence, points.index, 3);
}

const yes = /^\s*(?:yes|yeah|yep|yup|sure|definitely|absolutely|of course|always|please do|i do|correct|ok|okay|sounds good)\b/i;
const no = /^\s*(?:no|nope|nah|not really|never|i don't|don't|not necessarily)\b/i;

export function readChoicePreferences(text: string, askedField?: ProfileField): ChoiceReading {
  const reading: ChoiceReading = { confidence: {}, problems: [] };
  for (const sentence of splitSentences(text)) {
    if (isQuestion(sentence)) continue;
    const isFeedbackSentence = aboutFeedback.test(sentence);
    const tone = readTone(sentence, isFeedbackSentence || askedField === "tone");
    if (tone && !reading.tone) {
      reading.tone = tone.value;
      reading.confidence.tone = tone.confidence;
    }
    // "medium length" is a length however it is asked: the word says what it is about.
    const lengthContext = /\bfeedback\b|\bcomments?\b|\bnotes\b|\bwrite[- ]?ups?\b|\bkeep (?:it|them)\b|\blength\b/i.test(sentence);
    const length = readCue(sentence, lengthCues, lengthContext || askedField === "feedbackLength");
    if (length && !reading.feedbackLength) {
      reading.feedbackLength = length.value;
      reading.confidence.feedbackLength = length.confidence;
    }
    const isBoth = isBothApproaches(sentence, askedField === "gradingApproach");
    if (isBoth && !reading.problems.includes(bothApproachesProblem)) reading.problems.push(bothApproachesProblem);
    const approach = isBoth ? undefined : (readCue(sentence, approachCues, true) ?? (askedField === "gradingApproach" && /\bpoints?\b/i.test(sentence) ? { value: "points" as const, confidence: 0.9 } : undefined));
    if (approach && !reading.gradingApproach) {
      reading.gradingApproach = approach.value;
      reading.confidence.gradingApproach = approach.confidence;
    }
    if (reading.strengthsFirst === undefined) {
      const strengths = strengthsCue.exec(sentence);
      if (strengths) {
        reading.strengthsFirst = !isNegatedBefore(sentence, strengths.index, 3);
        reading.confidence.strengthsFirst = reading.strengthsFirst ? 1 : 0.9;
      } else if (weaknessesCue.test(sentence)) {
        reading.strengthsFirst = false;
        reading.confidence.strengthsFirst = 0.9;
      }
    }
  }
  if (askedField === "strengthsFirst" && reading.strengthsFirst === undefined) {
    if (yes.test(text)) reading.strengthsFirst = true;
    else if (no.test(text) || /\b(?:get|go) (?:straight |right )?to (?:it|the point)\b/i.test(text)) reading.strengthsFirst = false;
    if (reading.strengthsFirst !== undefined) reading.confidence.strengthsFirst = 0.9;
  }
  return reading;
}
