/**
 * "Make a quiz for this class", "make flashcards for period 3": the chat cannot make practice itself, so it says what
 * will, and where. Practice for a class comes from one assignment's graded work ("Make practice" on its page, decision
 * 020), which works offline; practice from a lesson comes from the Quizzes & Tests and Flashcards pages. The answer
 * names the teacher's own assignment when they named one, and asks which one when that is not clear.
 */
import { isGraded, type ClassAssignment, type ClassData } from "./class-data";
import { criterionAverages } from "./class-answers";
import { assignmentPath, bullets, quote } from "./class-format";
import { namedCriterion, scope } from "./class-scope";
import { link, markdownText } from "./links";
import { listInProse, normalizeMessage } from "./text";
import { plural } from "../language/plural.js";
import { minGradedEssays } from "../practice/class-minimum.js";

export type PracticeKind = "quiz" | "deck" | "practice";

const practiceThing = String.raw`(?:quiz(?:zes)?|flash ?cards?|(?:flashcard |study |revision )?decks?|practice(?: (?:quiz(?:zes)?|tests?|questions?|items?|sets?|activit(?:y|ies)|exercises?))?|(?:revision|review|quiz|practice|multiple[- ]choice) (?:questions|cards)|(?:practice |mini |short |quick |unit |spelling |vocab(?:ulary)? |multiple[- ]choice )?tests?(?! (?:assignments?|rubrics?|runs?|accounts?|submissions?|essays?|students?|scores?|results?|grades?|marks?|answers?|dates?|day|harder|easier|shorter|longer)\b))`;
/** Words between the verb and the thing, but not across a preposition: "build a rubric for the quiz" is no request. */
const gap = String.raw`(?:\s+(?!(?:for|on|about|of|from|to|in|with|by|after|before)\b)[\w'-]+){0,3}?`;
const requestPatterns = [
  new RegExp(String.raw`\b(?:make|making|create|creating|generate|generating|build|write|prepare|draft|produce|design|put together|set up|whip up|come up with|give (?:me|us|them|the class|my class))${gap}\s+${practiceThing}\b`),
  new RegExp(String.raw`\b(?:need|want|would like|i'd like)\s+(?:a|an|some|more|new|\d+)${gap}\s+${practiceThing}\b`),
];

export function recognizePracticeRequest(message: string): { kind: PracticeKind } | undefined {
  const text = normalizeMessage(message).toLowerCase().replace(/\s+/g, " ").trim();
  if (!requestPatterns.some((pattern) => pattern.test(text))) return undefined;
  const isDeck = /\bflash ?cards?\b|\bdecks?\b|\bcards\b/.test(text);
  const isQuiz = /\bquiz(?:zes)?\b|\btests?\b|\bquestions\b/.test(text);
  return { kind: isDeck === isQuiz ? "practice" : isDeck ? "deck" : "quiz" };
}

const what: Record<PracticeKind, string> = { quiz: "a quiz", deck: "flashcards", practice: "practice" };
const makePractice = "**Make practice**";
const makes = `It makes a quiz and a flashcard deck from the class's graded work, aimed at the two criteria they scored lowest on, with passages from their essays made anonymous, and opens the quiz for you to review before you share it.`;

const gradedCount = (a: ClassAssignment) => a.submissions.filter(isGraded).length;
const isReady = (a: ClassAssignment) => a.status !== "draft" && gradedCount(a) >= minGradedEssays;

/** The two criteria with the lowest share of their points so far: what Make practice will aim at. */
function lowestSoFar(a: ClassAssignment): string {
  const lowest = criterionAverages(a)
    .sort((x, y) => x.share - y.share)
    .slice(0, 2)
    .map((c) => c.name);
  return lowest.length ? `, lowest on ${listInProse(lowest)}` : "";
}

const describe = (a: ClassAssignment) => `${link(quote(a.title), assignmentPath(a))}: ${plural(gradedCount(a), "graded essay")}${isReady(a) ? lowestSoFar(a) : `, needs ${minGradedEssays}`}`;

/** Why an assignment cannot give practice yet, or how it will: `lead` says the chat itself makes nothing. */
function forAssignment(a: ClassAssignment, kind: PracticeKind, lead = "I can't make it from the chat, but one button on the assignment does:"): string {
  if (a.status === "draft") return `${quote(a.title)} is still a draft, so it has no graded work to make ${what[kind]} from. Finish it on ${link("its page", assignmentPath(a))} and grade the class's work first.`;
  const graded = gradedCount(a);
  if (graded < minGradedEssays) return `${quote(a.title)} has ${plural(graded, "graded essay")}: ${makePractice} needs at least ${minGradedEssays} to see what the class found hard. Grade more on ${link("its page", assignmentPath(a))}, then press ${makePractice} there.`;
  return `${lead} open ${link(quote(a.title), assignmentPath(a))} (${plural(graded, "graded essay")}${lowestSoFar(a)}) and press ${makePractice}. ${makes}`;
}

/** Practice from the teacher's own lesson: the page for the kind asked for (a topic line needs a model). */
function fromLesson(kind: PracticeKind, hasModel: boolean): string {
  const pages = kind === "deck" ? link("Flashcards", "/flashcards") : kind === "quiz" ? link("Quizzes & Tests", "/quizzes") : `${link("Quizzes & Tests", "/quizzes")} or ${link("Flashcards", "/flashcards")}`;
  return `To make ${what[kind]} from a lesson of your own instead, paste its text or upload a document on the ${pages} page${hasModel ? ", or give a topic" : ""}.`;
}

export function answerPracticeRequest(request: { kind: PracticeKind }, message: string, data: ClassData, options: { hasModel: boolean }): string {
  const { kind } = request;
  const lesson = fromLesson(kind, options.hasModel);
  if (!data.assignments.length) return `Practice for a class is made from an assignment's graded work, and you have no assignments yet. ${lesson}`;
  const found = scope(message, data.assignments);
  if (found.named) return `${forAssignment(found.named, kind)}\n\n${lesson}`;
  const said = ` ${message.toLowerCase().replace(/[^a-z0-9 ]+/g, " ")} `;
  const criterion = data.assignments.map((a) => namedCriterion(a, said)).find(Boolean);
  const criterionNote = criterion ? ` ${makePractice} chooses the criteria itself from the grades; for practice on ${markdownText(criterion.name)} alone, use a lesson about it.` : "";
  if (found.unmatched?.candidates.length) {
    return `Which assignment should the practice come from? ${quote(found.unmatched.said)} matches ${plural(found.unmatched.candidates.length, "assignment")}:\n${bullets(found.unmatched.candidates.map(describe))}\nOpen the one you mean and press ${makePractice}.${criterionNote}\n\n${lesson}`;
  }
  const notFound = found.unmatched ? `I found no assignment called ${quote(found.unmatched.said)}. ` : "";
  const ready = found.assignments.filter(isReady);
  if (!ready.length) {
    return `${notFound}I can't make ${what[kind]} from the chat, and none of your assignments has enough graded work for ${makePractice} yet: it needs at least ${minGradedEssays} graded essays on one assignment. Grade a class's work, then press ${makePractice} on that assignment's page.\n\n${lesson}`;
  }
  if (ready.length === 1) {
    const lead = `I can't make ${what[kind]} from the chat, but your one assignment with enough graded work has a button that does:`;
    return `${notFound}${forAssignment(ready[0]!, kind, lead)}${criterionNote}\n\n${lesson}`;
  }
  return `${notFound}Which assignment should the practice come from? I can't make it from the chat: ${makePractice} on an assignment's page makes it from that class's graded work. These have enough graded work:\n${bullets(ready.map(describe))}\nOpen the one you mean and press ${makePractice}. ${makes}${criterionNote}\n\n${lesson}`;
}
