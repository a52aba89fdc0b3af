/**
 * Answers to questions about the teacher's classes, counted from the data given (class-data.ts): figures in plain
 * sentences, and a link to the page where each can be acted on, written [label](/path) for the chat to render.
 */
import { isGraded, outOf, simplifyName, studentNameMatcher, type ClassAssignment, type ClassData, type ClassSubmission } from "./class-data";
import { assignmentPath, bullets, gradebookPath, listNames, namesShown, percent, quote, reviewPath, round1 } from "./class-format";
import type { ClassQuestion } from "./class-questions";
import { namedCriterion, scope, unmatchedNote, type Scope } from "./class-scope";
import { dayInZone, daysBetween, dueDay, formatDay } from "./dates";
import { feedbackOpened } from "./feedback-answers";
import { link, markdownText } from "./links";
import { listInProse } from "./text";
import { mean, median, standardDeviation } from "../statistics";
import { plural } from "../language/plural.js";

const noAssignments = `You don't have any assignments yet. Create one on the ${link("New Assignment", "/assignments/new")} page.`;

function reviewQueue(assignments: ClassAssignment[], showAll: boolean): string {
  const waiting = assignments
    .map((a) => ({ a, count: a.submissions.filter((s) => s.status === "needs_review").length }))
    .filter((entry) => entry.count > 0)
    .sort((x, y) => y.count - x.count || x.a.title.localeCompare(y.a.title));
  const inQueue = assignments.reduce((sum, a) => sum + a.submissions.filter((s) => s.status === "queued" || s.status === "grading").length, 0);
  const still = inQueue ? ` ${plural(inQueue, "essay")} ${inQueue === 1 ? "is" : "are"} still being graded.` : "";
  if (!waiting.length) return `Nothing is waiting for your review.${still}`;
  const total = waiting.reduce((sum, entry) => sum + entry.count, 0);
  const lines = waiting.map(({ a, count }) => `${link(quote(a.title), reviewPath(a))}: ${count} waiting`);
  return `${plural(total, "essay")} ${total === 1 ? "is" : "are"} waiting for your review:\n${bullets(lines, showAll)}${still}`;
}

/** Roster entries with no submission, matched by the roster link made on upload or else by the name. */
function missingFrom(a: ClassAssignment): Array<{ id: string; name: string }> {
  const linked = new Set(a.submissions.map((s) => s.rosterStudentId).filter(Boolean));
  const names = new Set(a.submissions.map((s) => simplifyName(s.studentName)));
  return a.roster.filter((student) => !linked.has(student.id) && !names.has(simplifyName(student.name)));
}

function notSubmitted(assignments: ClassAssignment[], named: boolean, showAll: boolean): string {
  const withRoster = assignments.filter((a) => a.roster.length > 0);
  const withoutRoster = assignments.filter((a) => a.roster.length === 0 && a.status !== "draft");
  const noRosterNote = withoutRoster.length
    ? ` ${listInProse([...withoutRoster.slice(0, 3).map((a) => quote(a.title)), ...(withoutRoster.length > 3 ? [`${withoutRoster.length - 3} more`] : [])])} ${withoutRoster.length === 1 ? "has" : "have"} no roster, so I can't tell who is missing there: add one on the assignment page.`
    : "";
  if (!withRoster.length) return named || withoutRoster.length ? noRosterNote.trim() : "None of your assignments has a roster yet, so I can't tell who is missing. Add one on an assignment's page.";
  const lines = withRoster.map((a) => {
    const missing = missingFrom(a);
    if (!missing.length) return `${link(quote(a.title), assignmentPath(a))}: everyone on the roster (${a.roster.length}) has submitted.`;
    return `${link(quote(a.title), assignmentPath(a))}: ${missing.length} of ${a.roster.length} not submitted: ${listNames(missing.map((student) => markdownText(student.name)), showAll)}.`;
  });
  return `${named ? "" : "Who hasn't submitted, by assignment:\n"}${bullets(lines, showAll)}${noRosterNote}`.trim();
}

function overdue(assignments: ClassAssignment[], data: ClassData, showAll: boolean): string {
  const today = dayInZone(data.now, data.timeZone);
  const past = assignments
    .map((a) => ({ a, day: dueDay(a.dueDate, data.timeZone) }))
    .filter((entry): entry is { a: ClassAssignment; day: string } => entry.day !== undefined && entry.day < today && entry.a.status !== "archived")
    .sort((x, y) => y.day.localeCompare(x.day));
  if (!past.length) return "Nothing is overdue: none of your assignments has a due date before today.";
  const lines = past.map(({ a, day }) => {
    const parts = [`due ${formatDay(day, today)} (${plural(daysBetween(day, today), "day")} ago)`, plural(a.submissions.length, "submission")];
    if (a.roster.length) parts.push(`${missingFrom(a).length} of ${a.roster.length} on the roster not submitted`);
    const late = a.submissions.filter((s) => s.late).length;
    if (late) parts.push(`${late} handed in late`);
    return `${link(quote(a.title), assignmentPath(a))}: ${parts.join(", ")}`;
  });
  return `Past their due date:\n${bullets(lines, showAll)}`;
}

function progress(assignments: ClassAssignment[], showAll: boolean): string {
  const withWork = assignments.filter((a) => a.submissions.length > 0);
  if (!withWork.length) return "No work has been uploaded yet, so there is nothing to grade.";
  const count = (a: ClassAssignment, ...statuses: ClassSubmission["status"][]) => a.submissions.filter((s) => statuses.includes(s.status)).length;
  const total = withWork.reduce((sum, a) => sum + a.submissions.length, 0);
  const graded = withWork.reduce((sum, a) => sum + count(a, "needs_review", "accepted"), 0);
  const lines = withWork.map((a) => {
    const parts = [`${count(a, "needs_review", "accepted")} of ${a.submissions.length} graded`];
    const inQueue = count(a, "queued", "grading");
    const review = count(a, "needs_review");
    const failed = count(a, "failed");
    if (review) parts.push(`${review} waiting for review`);
    if (inQueue) parts.push(`${inQueue} still being graded`);
    if (failed) parts.push(`${failed} failed`);
    return `${link(quote(a.title), assignmentPath(a))}: ${parts.join(", ")}`;
  });
  return `Grading so far: ${graded} of ${total} essays graded (${percent(graded, total)}).\n${bullets(lines, showAll)}`;
}

function describeScores(scores: number[], max: number): string {
  const spread = scores.length > 1 ? `, spread (standard deviation) ${round1(standardDeviation(scores))}, from ${round1(Math.min(...scores))} to ${round1(Math.max(...scores))}` : "";
  return `average ${round1(mean(scores))} of ${round1(max)} (${percent(mean(scores), max)}), median ${round1(median(scores))}${spread}`;
}

/** Each criterion's mean over the graded work, and its share of the criterion's points. */
export function criterionAverages(a: ClassAssignment): Array<{ name: string; average: number; max: number; share: number }> {
  const graded = a.submissions.filter(isGraded);
  return a.criteria
    .map((criterion) => {
      const values = graded.map((s) => s.criteriaScores?.[criterion.id]).filter((v): v is number => typeof v === "number");
      return values.length && criterion.maxPoints > 0 ? { name: criterion.name, average: mean(values), max: criterion.maxPoints, share: mean(values) / criterion.maxPoints } : undefined;
    })
    .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined);
}

function averages(assignments: ClassAssignment[], byCriterion: boolean, named: boolean, showAll: boolean): string {
  const graded = assignments.filter((a) => a.submissions.some(isGraded));
  if (!graded.length) return named ? `${quote(assignments[0]!.title)} has no graded work yet.` : "None of your assignments has graded work yet.";
  const showCriteria = byCriterion || named;
  const lines = graded.map((a) => {
    // Grades given on an earlier rubric are out of another total: averaged with these they would read as out of this one.
    const graded = a.submissions.filter(isGraded);
    const scores = graded.filter((s) => s.earlierTotal === undefined).map((s) => s.finalScore);
    const onEarlier = graded.length - scores.length;
    const earlierText = onEarlier ? ` (${plural(onEarlier, "grade")} given on the earlier rubric left out)` : "";
    const criteria = showCriteria ? criterionAverages(a) : [];
    const criteriaText = criteria.length ? `\n   By criterion: ${criteria.map((c) => `${markdownText(c.name)} ${round1(c.average)} of ${round1(c.max)} (${Math.round(c.share * 100)}%)`).join("; ")}.` : "";
    const figures = scores.length ? `${describeScores(scores, a.maxScore)}, over ${plural(scores.length, "graded essay")}` : "no grades on the current rubric yet";
    return `${link(quote(a.title), gradebookPath(a))}: ${figures}${earlierText}${criteriaText}`;
  });
  return `Class results (grades after any late penalty):\n${bullets(lines, showAll)}`;
}

function weakest(assignments: ClassAssignment[], showAll: boolean): string {
  const lines = assignments
    .map((a) => ({ a, criteria: criterionAverages(a) }))
    .filter((entry) => entry.criteria.length > 1)
    .map(({ a, criteria }) => {
      const sorted = [...criteria].sort((x, y) => x.share - y.share);
      const low = sorted[0]!;
      const others = mean(sorted.slice(1).map((c) => c.share));
      return `${link(quote(a.title), gradebookPath(a))}: ${markdownText(low.name)}, average ${round1(low.average)} of ${round1(low.max)} (${Math.round(low.share * 100)}%, against ${Math.round(others * 100)}% on the other criteria)`;
    });
  if (!lines.length) return "I need graded work on a rubric with at least two criteria to say which one is weakest, and none of these assignments has that yet.";
  return `The weakest criterion, by average share of its points:\n${bullets(lines, showAll)}`;
}

/** Below this share of the points a student is named as struggling; with nobody below it, the lowest few are. */
const strugglingShare = 0.5;
const lowestShown = 3;

/**
 * The students who scored lowest, on the criterion the question names ("Who struggled with evidence?") or else
 * overall: each with their score and a link to their work, lowest first.
 */
function strugglingStudents(assignments: ClassAssignment[], message: string, showAll: boolean): string {
  const said = ` ${message.toLowerCase().replace(/[^a-z0-9 ]+/g, " ")} `;
  const blocks = assignments
    .filter((a) => a.submissions.some(isGraded))
    .map((a) => {
      const criterion = namedCriterion(a, said);
      const maxOf = (s: ClassSubmission) => (criterion ? criterion.maxPoints : outOf(a, s));
      const scored = a.submissions
        .filter(isGraded)
        .flatMap((s) => {
          const value = criterion ? s.criteriaScores?.[criterion.id] : s.finalScore;
          return typeof value === "number" && maxOf(s) > 0 ? [{ s, value, share: value / maxOf(s) }] : [];
        })
        .sort((x, y) => x.share - y.share || x.s.studentName.localeCompare(y.s.studentName));
      const below = scored.filter((entry) => entry.share < strugglingShare);
      const shown = below.length ? below : scored.slice(0, lowestShown);
      const on = criterion ? ` on ${markdownText(criterion.name)}` : "";
      const lead = below.length
        ? `${plural(below.length, "student")} scored under half the points${on}`
        : `Nobody scored under half the points${on}; the lowest were`;
      const names = shown.map(({ s, value }) => `${link(markdownText(s.studentName), reviewPath(a, s))} ${round1(value)} of ${round1(maxOf(s))}`);
      return `${link(quote(a.title), gradebookPath(a))}: ${lead}: ${listNames(names, showAll, (items) => items.join(", "))}.`;
    });
  if (!blocks.length) return "None of these assignments has graded work yet, so I can't say who struggled.";
  return `Lowest scores first, after any late penalty:\n${bullets(blocks, showAll)}`;
}

function studentGrades(name: string, data: ClassData, showAll: boolean): string | undefined {
  const matchesName = studentNameMatcher(name);
  const people = new Set<string>();
  const rows: string[] = [];
  for (const a of data.assignments) {
    if (a.status === "archived") continue;
    const own = a.submissions.filter((s) => matchesName(s.studentName));
    own.forEach((s) => people.add(s.studentName));
    const onRoster = a.roster.filter((student) => matchesName(student.name));
    onRoster.forEach((student) => people.add(student.name));
    for (const s of own) {
      const state = isGraded(s)
        ? `${round1(s.finalScore)} of ${round1(outOf(a, s))} (${percent(s.finalScore, outOf(a, s))}), ${s.status === "needs_review" ? "waiting for your review" : s.reviewed ? "reviewed" : "accepted automatically"}${s.earlierTotal === undefined ? "" : ", given on the earlier rubric"}`
        : s.status === "failed"
          ? "grading failed"
          : "still being graded";
      rows.push(`${link(quote(a.title), reviewPath(a, s))}: ${state}${s.late ? ", handed in late" : ""}`);
    }
    if (!own.length && onRoster.length) rows.push(`${quote(a.title)}: not submitted`);
  }
  if (!people.size) return undefined;
  if (people.size > 1) return `Several students match ${quote(name)}: ${listInProse([...people].slice(0, namesShown).map(markdownText))}. Ask with the full name.`;
  return `${markdownText([...people][0]!)}:\n${bullets(rows, showAll)}`;
}

/** Hundredths: a score the teacher kept reads as kept, whatever the float arithmetic did to it. */
const isSameScore = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * What the teacher's review changed of the grader's grade: the total, each criterion's score, the feedback. In
 * holistic grading the total may stay while the criteria and the feedback are the teacher's own.
 */
function reviewChanges(a: ClassAssignment, s: ClassSubmission): string[] {
  if (!s.reviewed || s.engineScore === null || s.rawScore === null) return [];
  const changes: string[] = [];
  const isTotalChanged = !isSameScore(s.rawScore, s.engineScore);
  if (isTotalChanged) changes.push(`${round1(s.engineScore)} \u2192 ${round1(s.rawScore)}`);
  for (const criterion of a.criteria) {
    const before = s.engineCriteriaScores?.[criterion.id];
    const after = s.criteriaScores?.[criterion.id];
    if (before !== undefined && after !== undefined && !isSameScore(before, after)) changes.push(`${markdownText(criterion.name)} ${round1(before)} \u2192 ${round1(after)}`);
  }
  if (s.isFeedbackRewritten) changes.push("feedback rewritten");
  if (changes.length && !isTotalChanged) changes.unshift(`total kept at ${round1(s.rawScore)}`);
  return changes;
}

function changedAfterReview(assignments: ClassAssignment[], showAll: boolean): string {
  const changed = assignments
    .flatMap((a) => a.submissions.map((s) => ({ a, s, changes: reviewChanges(a, s) })).filter((item) => item.changes.length))
    .sort((x, y) => (y.s.reviewedAt?.getTime() ?? 0) - (x.s.reviewedAt?.getTime() ?? 0));
  const reviewed = assignments.reduce((sum, a) => sum + a.submissions.filter((s) => s.reviewed).length, 0);
  if (!reviewed) return "You haven't reviewed any grades yet, so none has changed.";
  if (!changed.length) return `None: you kept the grader's scores and feedback on ${reviewed === 1 ? "the grade" : `all ${plural(reviewed, "grade")}`} you reviewed.`;
  const lines = changed.map(({ a, s, changes }) => `${link(`${markdownText(s.studentName)}, ${quote(a.title)}`, reviewPath(a, s))}: ${changes.join("; ")}`);
  return `You changed ${plural(changed.length, "grade")} of the ${reviewed} you reviewed (most recent first):\n${bullets(lines, showAll)}`;
}

export function answerClassQuestion(question: ClassQuestion, message: string, data: ClassData): string {
  if (!data.assignments.length) return noAssignments;
  const found = scope(message, data.assignments, question.assignment);
  const answer = answerFor(question, found, data, message);
  return found.unmatched && question.kind !== "studentGrades" ? `${unmatchedNote(found.unmatched)}\n\n${answer}` : answer;
}

function answerFor(question: ClassQuestion, { assignments, named }: Scope, data: ClassData, message: string): string {
  const showAll = question.showAll ?? false;
  switch (question.kind) {
    case "reviewQueue":
      return reviewQueue(assignments, showAll);
    case "notSubmitted":
      return notSubmitted(assignments, Boolean(named), showAll);
    case "overdue":
      return overdue(assignments, data, showAll);
    case "progress":
      return progress(assignments, showAll);
    case "averages":
      return averages(assignments, question.byCriterion ?? false, Boolean(named), showAll);
    case "weakestCriterion":
      return weakest(assignments, showAll);
    case "strugglingStudents":
      return strugglingStudents(assignments, `${message} ${question.criterion ?? ""}`, showAll);
    case "changedAfterReview":
      return changedAfterReview(assignments, showAll);
    case "feedbackOpened":
      return feedbackOpened(assignments, data, { named: Boolean(named), student: question.student, showAll });
    case "studentGrades": {
      const answer = studentGrades(question.student ?? "", data, showAll);
      if (answer) return answer;
      // "Grades for Persuasive Essay": a title, not a name.
      if (named) return averages(assignments, true, true, showAll);
      return `I couldn't find a student called ${quote(question.student ?? "")} in your assignments' rosters or submissions.`;
    }
  }
}
