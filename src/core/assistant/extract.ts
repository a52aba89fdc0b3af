/**
 * Everything a chat message says about the teacher's profile. Each reader is narrow on purpose: a number counts
 * only when its sentence is about a field or the assistant just asked for that field, and questions tell nothing.
 * The same validation applies whether the facts come from here or from a model's structured output.
 */
import { readChoicePreferences } from "./choice-preferences";
import { readLatePolicy } from "./late-policy";
import { blankOut, digitizeNumberWords } from "./numbers";
import { readNumericPreferences } from "./numeric-preferences";
import { readRubricLines } from "./rubric-lines";
import { readSample } from "./sample";
import { normalizeMessage } from "./text";
import type { ExtractedFacts, ExtractionContext, FactName, ProfileFacts } from "./types";
import { readWelcomeFacts } from "./welcome";

/** Longer messages are cut here: a pasted essay is the longest thing a teacher sends, and setup needs no more. */
const maxMessageLength = 50_000;

function record<K extends FactName>(result: ExtractedFacts, name: K, value: ProfileFacts[K] | undefined, confidence = 1): void {
  if (value === undefined || result.facts[name] !== undefined) return;
  result.facts[name] = value;
  result.confidence[name] = confidence;
}

export function extractProfileFacts(message: string, context: ExtractionContext): ExtractedFacts {
  const result: ExtractedFacts = { facts: {}, problems: [], confidence: {} };
  const text = normalizeMessage(message.slice(0, maxMessageLength)).replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").trim();
  if (!text) return result;

  const isSampleAsked = context.step === "samples" || context.askedField === "sample";
  const sample = readSample(text, isSampleAsked);
  if (sample.sample) {
    record(result, "sample", sample.sample);
    result.isStudentText = true;
    return result;
  }
  result.problems.push(...sample.problems);
  // A student's text says nothing about the teacher at any step: "it maybe too late" in an essay is no late policy.
  if (sample.isStudentText) {
    result.isStudentText = true;
    return result;
  }

  const welcome = readWelcomeFacts(text, context.askedField, context.step === "welcome");
  for (const field of ["name", "school", "course", "coursePreset"] as const) record(result, field, welcome[field], welcome.confidence[field]);

  let rest = digitizeNumberWords(text);
  const rubric = readRubricLines(rest, context.step === "rubric" || context.askedField === "rubric", context.rubricKind);
  if (rubric.criteria.length) record(result, "criteria", rubric.criteria);
  result.problems.push(...rubric.problems);
  for (const [start, end] of rubric.used) rest = blankOut(rest, start, end);

  const late = readLatePolicy(rest, context.askedField === "latePolicy");
  record(result, "latePolicy", late.latePolicy, late.confidence);
  result.problems.push(...late.problems);
  for (const [start, end] of late.used) rest = blankOut(rest, start, end);

  const numeric = readNumericPreferences(rest, context.askedField);
  for (const field of ["strictness", "grammarVsContent", "autoAcceptThreshold"] as const) record(result, field, numeric.values[field], numeric.confidence[field]);
  result.problems.push(...numeric.problems);

  const choices = readChoicePreferences(rest, context.askedField);
  for (const field of ["tone", "feedbackLength", "gradingApproach", "strengthsFirst"] as const) record(result, field, choices[field], choices.confidence[field]);
  result.problems.push(...choices.problems);

  result.problems = [...new Set(result.problems)];
  return result;
}
