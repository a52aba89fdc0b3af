/**
 * The words that name each thing the setup asks about. One list serves three readers, so they cannot drift apart:
 * what a teacher's question is about, whether a short welcome answer is really a grading preference ("strictness
 * eighty five" is no name), and whether a long paste is the teacher talking or a student's essay.
 */
import type { ProfileField } from "./types";

/** In the order a question is matched: the first field named is the one explained. */
export const fieldTopics: readonly [ProfileField, RegExp][] = [
  ["strictness", /\bstrict|\blenien(?:t|cy)\b|\bgrader\b/i],
  ["autoAcceptThreshold", /\bauto|\bconfiden|\bthreshold/i],
  ["grammarVsContent", /\bgrammar|\bconventions|\bcontent|\bspelling\b|\bpunctuation\b|\bmechanics\b/i],
  ["latePolicy", /\blate\b|\bpenalt/i],
  ["strengthsFirst", /\bstrengths?\b/i],
  ["gradingApproach", /\bholistic|\bpoints\b|\bapproach/i],
  ["feedbackLength", /\blength\b|\bshort\b|\bdetailed\b|\bstandard\b/i],
  ["tone", /\btone\b|\bgentle|\bneutral|\bdirect\b/i],
  ["rubric", /\brubric|\bcriteri|\bweights?\b/i],
  ["sample", /\bsample/i],
];

/** Every field the text names, in the order above. */
export function fieldsNamedIn(text: string): ProfileField[] {
  return fieldTopics.filter(([, pattern]) => pattern.test(text)).map(([field]) => field);
}

/** The teacher speaking of themselves, their classes and their feedback: an essay's sentences rarely do. */
const teacherSelf = /\b(?:i teach|i'm teaching|i grade|i'm grading|call me|my (?:name|school|class(?:es)?|course|students|kids|rubric|grading)|feedback)\b/i;

/** Whether a sentence is the teacher talking about their setup rather than a line of a student's text. */
export function isTeacherTalk(sentence: string): boolean {
  return teacherSelf.test(sentence) || fieldsNamedIn(sentence).length > 0;
}
