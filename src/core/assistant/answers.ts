/**
 * Answers for the dashboard assistant without a model: only from the teacher's own data given here and the
 * product's help text. When the data has no answer it says so; it never fills a gap with a guess.
 */
import { listLimit, quote } from "./class-format";
import { addDays, dayInZone, daysBetween, dueDay, formatDay } from "./dates";
import type { AssistantIntent, DueWindow } from "./intents";
import { link, markdownText } from "./links";
import { listInProse } from "./text";
import type { Tone } from "./types";
import { plural } from "../language/plural.js";

export interface AssistantAssignment {
  id: string;
  title: string;
  dueDate: string | null;
  status: string;
  sampleCount: number;
  autogradingEnabled: boolean;
}

export interface AssistantData {
  now: Date;
  timeZone?: string;
  assignments: AssistantAssignment[];
  profile: { strictness?: number; tone?: Tone; calibrated?: boolean } | null;
}

export type AssistantAction = { type: "setStrictness"; value: number } | { type: "setTone"; value: Tone } | { type: "navigate"; to: string };

export interface AssistantAnswer {
  message: string;
  action?: AssistantAction;
}

/**
 * Said to a teacher, who cannot set the server's environment: who can, and where to see what is set. The settings
 * themselves are for whoever runs Markwise (README, Configuration), not for the chat.
 */
export const providerHelp = `Open conversation needs an AI provider, and none is connected to this Markwise. Whoever runs it for your school can connect one (the ${link("System", "/app/system")} page shows what is set up). Until then I answer from your classes' data.`;

export const capabilities =
  "I can answer questions like \u201cWhat needs my review?\u201d, \u201cWho hasn't submitted?\u201d, \u201cWhat's overdue?\u201d, \u201cWhat's the class average per criterion?\u201d, \u201cWhat's the weakest criterion?\u201d, \u201cHow is Maya doing?\u201d, \u201cHow far has grading got?\u201d, \u201cWhich grades did I change?\u201d, \u201cWho hasn't opened their feedback?\u201d and \u201cWhat's due this week?\u201d. I can also list or open your assignments, count their graded samples, set your default strictness or tone, and explain how to calibrate, where to upload a rubric and where to make a quiz or flashcards for a class.";

const noAssignments = `You don't have any assignments yet. Create one on the ${link("New Assignment", "/assignments/new")} page.`;

/** Assignments whose title matches a fragment: exact title first, then containing it, then sharing all its words. */
export function findAssignments<T extends { title: string }>(fragment: string, assignments: T[]): T[] {
  const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();
  const wanted = simplify(fragment);
  if (!wanted) return [];
  const exact = assignments.filter((assignment) => simplify(assignment.title) === wanted);
  if (exact.length) return exact;
  const containing = assignments.filter((assignment) => simplify(assignment.title).includes(wanted));
  if (containing.length) return containing;
  const words = wanted.split(" ").filter((word) => !/^(?:the|a|an|my|of|on|for|and|assignment)$/.test(word));
  if (!words.length) return [];
  return assignments.filter((assignment) => {
    const titleWords = new Set(simplify(assignment.title).split(" "));
    return words.every((word) => titleWords.has(word) || titleWords.has(word.replace(/s$/, "")));
  });
}

function describeDue(assignment: AssistantAssignment, day: string, today: string): string {
  const distance = daysBetween(today, day);
  const relative = distance === 0 ? " (today)" : distance === 1 ? " (tomorrow)" : "";
  const draft = assignment.status === "draft" ? ", still a draft" : "";
  return `${markdownText(assignment.title)}: ${formatDay(day, today)}${relative}${draft}`;
}

function answerDue(when: DueWindow, data: AssistantData): string {
  if (data.assignments.length === 0) return noAssignments;
  const today = dayInZone(data.now, data.timeZone);
  const dated = data.assignments
    .filter((assignment) => assignment.status !== "archived")
    .map((assignment) => ({ assignment, day: dueDay(assignment.dueDate, data.timeZone) }))
    .filter((entry): entry is { assignment: AssistantAssignment; day: string } => entry.day !== undefined)
    .sort((a, b) => a.day.localeCompare(b.day) || a.assignment.title.localeCompare(b.assignment.title));
  const upcoming = dated.filter((entry) => entry.day >= today);

  if (when === "next") {
    const first = upcoming[0];
    if (!first) return "Nothing is coming up: none of your assignments has a due date from today on.";
    const same = upcoming.filter((entry) => entry.day === first.day);
    const distance = daysBetween(today, first.day);
    const when = distance === 0 ? "today" : distance === 1 ? "tomorrow" : `${formatDay(first.day, today)} (in ${distance} days)`;
    return `Next up, due ${when}: ${listInProse(same.map((entry) => markdownText(entry.assignment.title)))}.`;
  }

  const [start, end, label] =
    when === "today" ? [today, today, `today (${formatDay(today)})`] : when === "tomorrow" ? [addDays(today, 1), addDays(today, 1), `tomorrow (${formatDay(addDays(today, 1))})`] : [today, addDays(today, 6), `this week (${formatDay(today)} to ${formatDay(addDays(today, 6), today)})`];
  const due = dated.filter((entry) => entry.day >= start && entry.day <= end);
  if (due.length === 0) {
    const later = upcoming.find((entry) => entry.day > end);
    const hint = later ? ` The next one is ${markdownText(later.assignment.title)}, due ${formatDay(later.day, today)}.` : "";
    return `Nothing is due ${label}.${hint}`;
  }
  return `Due ${label}:\n${due.map((entry) => `\u2022 ${describeDue(entry.assignment, entry.day, today)}`).join("\n")}`;
}

function noMatch(fragment: string, data: AssistantData): string {
  if (data.assignments.length === 0) return `I couldn't find ${quote(fragment)}: ${noAssignments.charAt(0).toLowerCase()}${noAssignments.slice(1)}`;
  const titles = data.assignments.slice(0, 5).map((assignment) => assignment.title);
  const more = data.assignments.length > 5 ? `, and ${data.assignments.length - 5} more` : "";
  return `I couldn't find an assignment matching ${quote(fragment)}. Your assignments include ${listInProse(titles.map(quote))}${more}.`;
}

function answerSampleCount(fragment: string, data: AssistantData): string {
  if (data.assignments.length === 0) return noAssignments;
  const describe = (assignment: AssistantAssignment) => `${markdownText(assignment.title)} (${plural(assignment.sampleCount, "sample")})`;
  if (!fragment) {
    const shown = data.assignments.slice(0, listLimit).map(describe);
    return `Graded samples per assignment: ${shown.join("; ")}${data.assignments.length > listLimit ? `; and ${data.assignments.length - listLimit} more` : ""}.`;
  }
  const matches = findAssignments(fragment, data.assignments);
  if (matches.length === 0) return noMatch(fragment, data);
  if (matches.length > 1) return `Several assignments match ${quote(fragment)}: ${matches.slice(0, listLimit).map(describe).join("; ")}.`;
  const [assignment] = matches as [AssistantAssignment];
  const advice = assignment.sampleCount === 0 ? " Add 1-2 graded samples in step 3 (Sample Work) of the assignment wizard to calibrate it." : "";
  return `${quote(assignment.title)} has ${plural(assignment.sampleCount, "graded sample")}.${advice}`;
}

function answerOpen(fragment: string, data: AssistantData): AssistantAnswer {
  const matches = findAssignments(fragment, data.assignments);
  if (matches.length === 0) return { message: noMatch(fragment, data) };
  if (matches.length > 1) {
    return { message: `Several assignments match ${quote(fragment)}: ${listInProse(matches.slice(0, listLimit).map((assignment) => quote(assignment.title)))}. Which one should I open?` };
  }
  const [assignment] = matches as [AssistantAssignment];
  return { message: `Opening ${quote(assignment.title)}.`, action: { type: "navigate", to: `/assignments/${encodeURIComponent(assignment.id)}` } };
}

function answerList(data: AssistantData): string {
  if (data.assignments.length === 0) return noAssignments;
  const today = dayInZone(data.now, data.timeZone);
  const lines = data.assignments.slice(0, listLimit).map((assignment) => {
    const day = dueDay(assignment.dueDate, data.timeZone);
    const details = [assignment.status, day ? `due ${formatDay(day, today)}` : "no due date", plural(assignment.sampleCount, "sample")];
    if (assignment.autogradingEnabled) details.push("auto-grading on");
    return `\u2022 ${markdownText(assignment.title)}: ${details.join(", ")}`;
  });
  const more = data.assignments.length > listLimit ? `\n\u2026and ${data.assignments.length - listLimit} more on the ${link("Assignments page", "/assignments")}.` : "";
  return `You have ${plural(data.assignments.length, "assignment")}:\n${lines.join("\n")}${more}`;
}

const setupLinks = `${link("Chat Setup", "/setup-wizard")} or ${link("Form Setup", "/setup")}`;
const noProfile = `You haven't set up a teacher profile yet, so there are no defaults to change. Set one up with ${setupLinks}.`;
const defaultsNote = "New assignments start from your profile's defaults; existing assignments keep their own settings.";

function answerStrictness(value: number, data: AssistantData): AssistantAnswer {
  if (!Number.isFinite(value) || value < 0 || value > 100) return { message: "Strictness must be from 0 to 100. Try, for example, \u201cset my strictness to 70\u201d." };
  if (!Number.isInteger(value)) return { message: "Strictness must be a whole number from 0 to 100." };
  if (!data.profile) return { message: noProfile };
  if (data.profile.strictness === value) return { message: `Your strictness is already ${value}.` };
  const was = data.profile.strictness === undefined ? "" : ` (it was ${data.profile.strictness})`;
  return { message: `Your default strictness is now ${value}${was}. ${defaultsNote}`, action: { type: "setStrictness", value } };
}

function answerTone(value: Tone, data: AssistantData): AssistantAnswer {
  if (!data.profile) return { message: noProfile };
  if (data.profile.tone === value) return { message: `Your feedback tone is already ${value}.` };
  const was = data.profile.tone === undefined ? "" : ` (it was ${data.profile.tone})`;
  return { message: `Your default feedback tone is now ${value}${was}. ${defaultsNote}`, action: { type: "setTone", value } };
}

function answerCalibrate(data: AssistantData): string {
  const status = !data.profile
    ? "You haven't set up a profile yet, so start there."
    : data.profile.calibrated
      ? "Your profile is already calibrated; use Recalibrate on the dashboard to start it again."
      : "Your profile isn't calibrated yet.";
  return [
    status,
    `To calibrate: 1) complete your profile with ${setupLinks}: tone, strictness, rubric and at least one graded sample;`,
    `2) for each assignment, in the ${link("assignment wizard", "/assignments/new")}, upload 1-2 samples you have graded in step 3 (Sample Work), with the score and your feedback;`,
    "3) in step 4 (Calibration Preview), pick a sample, adjust strictness, tone and feedback length, and press Generate Preview to compare the predicted scores and feedback with yours.",
  ].join(" ");
}

const rubricHelp = `Rubrics go in step 2 (Assignment Rubric) of the ${link("new-assignment wizard", "/assignments/new")}: upload a .txt, .doc, .docx or .pdf file, or build the criteria by hand with a name, maximum points and performance levels. Your profile's default rubric is set in the rubric step of ${setupLinks}.`;

export function answerIntent(intent: AssistantIntent, data: AssistantData): AssistantAnswer {
  switch (intent.type) {
    case "whatIsDue":
      return { message: answerDue(intent.when, data) };
    case "sampleCount":
      return { message: answerSampleCount(intent.assignment, data) };
    case "setStrictness":
      return answerStrictness(intent.value, data);
    case "setTone":
      return answerTone(intent.value, data);
    case "howToCalibrate":
      return { message: answerCalibrate(data) };
    case "whereToUploadRubric":
      return { message: rubricHelp };
    case "openAssignment":
      return answerOpen(intent.assignment, data);
    case "listAssignments":
      return { message: answerList(data) };
    case "help":
      return { message: `${capabilities} Try \u201cWhat's due this week?\u201d or \u201cSet my strictness to 70\u201d. ${providerHelp}` };
    case "unknown":
      return { message: `I can't answer that without an AI model. ${capabilities} ${providerHelp}` };
  }
}
