/**
 * Answers to questions about the teacher's classes, counted from the data given (class-data.ts): figures in plain
 * sentences, and a link to the page where each can be acted on, written [label](/path) for the chat to render.
 */
import { findAssignments } from "./answers";
import { isGraded, outOf, simplifyName, type ClassAssignment, type ClassData, type ClassSubmission } from "./class-data";
import type { ClassQuestion } from "./class-questions";
import { dayInZone, daysBetween, dueDay, formatDay } from "./dates";
import { link } from "./links";
import { listInProse } from "./text";
import { mean, median, standardDeviation } from "../statistics";
import { plural } from "../language/plural.js";

const listLimit = 10;
const namesShown = 12;
const quote = (title: string) => `\u201c${title}\u201d`;
const round1 = (value: number) => String(Math.round(value * 10) / 10);
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "-");

const assignmentPath = (a: ClassAssignment) => `/assignments/${encodeURIComponent(a.id)}`;
const reviewPath = (a: ClassAssignment, submission?: ClassSubmission) =>
  `${assignmentPath(a)}/review${submission ? `?submission=${encodeURIComponent(submission.id)}` : ""}`;
const gradebookPath = (a: ClassAssignment) => `${assignmentPath(a)}/gradebook`;

const bullets = (lines: string[]) => {
  const shown = lines.slice(0, listLimit).map((line) => `\u2022 ${line}`);
  if (lines.length > listLimit) shown.push(`\u2026and ${lines.length - listLimit} more on the ${link("Assignments page", "/assignments")}.`);
  return shown.join("\n");
};

const noAssignments = `You don't have any assignments yet. Create one on the ${link("New Assignment", "/assignments/new")} page.`;

interface Scope {
  assignments: ClassAssignment[];
  named?: ClassAssignment;
  /** A title the teacher wrote that matches no assignment, or more than one: the answer says so before the rest. */
  unmatched?: { said: string; candidates: ClassAssignment[] };
}

/**
 * A title the teacher meant, as opposed to "the class" or "my students": written with a capital, a digit or quotes.
 * Only such a fragment that matches nothing is worth saying so.
 */
const looksLikeTitle = (fragment: string) => /[A-Z0-9"“”]/.test(fragment);

/** The assignments a question is about: the one it names, else every assignment that is not archived. */
function scope(message: string, data: ClassData, assignment?: string): Scope {
  const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();
  const said = ` ${simple(message)} `;
  const byTitle = data.assignments.filter((a) => simple(a.title).length > 2 && said.includes(` ${simple(a.title)} `));
  const longest = byTitle.sort((a, b) => b.title.length - a.title.length)[0];
  if (longest) return { assignments: [longest], named: longest };
  const fragment = assignment ?? /\b(?:for|in|on|of|from|with)\s+(?:the\s+|my\s+)?(.+?)\s*(?:assignment|essay|task)?\s*[?.!]*$/i.exec(message)?.[1];
  const matches = fragment ? findAssignments(fragment, data.assignments) : [];
  if (matches.length === 1) {
    const [only] = matches as [ClassAssignment];
    return { assignments: [only], named: only };
  }
  const all = data.assignments.filter((a) => a.status !== "archived");
  // Answering for every assignment as if for the one named gave a teacher figures of the wrong class.
  const wanted = fragment?.trim().replace(/[?.!]+$/, "");
  // "Who struggled with Evidence?" names a criterion, and "in Grade 7" a class: no title was meant.
  const namesCriterion = (text: string) => data.assignments.some((a) => namedCriterion(a, ` ${text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ")} `));
  const isClassWord = (text: string) => /^(?:grade|year|period|class|block|section|form)\s*\d+$/i.test(text);
  if (wanted && (assignment || (looksLikeTitle(wanted) && !namesCriterion(wanted) && !isClassWord(wanted)))) return { assignments: matches.length ? matches : all, unmatched: { said: wanted, candidates: matches } };
  return { assignments: all };
}

function unmatchedNote({ said, candidates }: NonNullable<Scope["unmatched"]>): string {
  if (candidates.length) return `${quote(said)} matches ${plural(candidates.length, "assignment")}: ${listInProse(candidates.map((a) => quote(a.title)))}. Here they are side by side; name one to see it alone.`;
  return `I found no assignment called ${quote(said)}, so this is for every assignment that is not archived. Ask again with its title as it is on your assignment list.`;
}

function reviewQueue(assignments: ClassAssignment[]): string {
  const waiting = assignments
    .map((a) => ({ a, count: a.submissions.filter((s) => s.status === "needs_review").length }))
    .filter((entry) => entry.count > 0)
    .sort((x, y) => y.count - x.count || x.a.title.localeCompare(y.a.title));
  const inQueue = assignments.reduce((sum, a) => sum + a.submissions.filter((s) => s.status === "queued" || s.status === "grading").length, 0);
  const still = inQueue ? ` ${plural(inQueue, "essay")} ${inQueue === 1 ? "is" : "are"} still being graded.` : "";
  if (!waiting.length) return `Nothing is waiting for your review.${still}`;
  const total = waiting.reduce((sum, entry) => sum + entry.count, 0);
  const lines = waiting.map(({ a, count }) => `${link(quote(a.title), reviewPath(a))}: ${count} waiting`);
  return `${plural(total, "essay")} ${total === 1 ? "is" : "are"} waiting for your review:\n${bullets(lines)}${still}`;
}

/** Roster entries with no submission, matched by the roster link made on upload or else by the name. */
function missingFrom(a: ClassAssignment): Array<{ id: string; name: string }> {
  const linked = new Set(a.submissions.map((s) => s.rosterStudentId).filter(Boolean));
  const names = new Set(a.submissions.map((s) => simplifyName(s.studentName)));
  return a.roster.filter((student) => !linked.has(student.id) && !names.has(simplifyName(student.name)));
}

function notSubmitted(assignments: ClassAssignment[], named: boolean): string {
  const withRoster = assignments.filter((a) => a.roster.length > 0);
  const withoutRoster = assignments.filter((a) => a.roster.length === 0 && a.status !== "draft");
  const noRosterNote = withoutRoster.length
    ? ` ${listInProse([...withoutRoster.slice(0, 3).map((a) => quote(a.title)), ...(withoutRoster.length > 3 ? [`${withoutRoster.length - 3} more`] : [])])} ${withoutRoster.length === 1 ? "has" : "have"} no roster, so I can't tell who is missing there: add one on the assignment page.`
    : "";
  if (!withRoster.length) return named || withoutRoster.length ? noRosterNote.trim() : "None of your assignments has a roster yet, so I can't tell who is missing. Add one on an assignment's page.";
  const lines = withRoster.map((a) => {
    const missing = missingFrom(a);
    if (!missing.length) return `${link(quote(a.title), assignmentPath(a))}: everyone on the roster (${a.roster.length}) has submitted.`;
    const shown = missing.slice(0, namesShown).map((student) => student.name);
    const more = missing.length > namesShown ? ` and ${missing.length - namesShown} more` : "";
    return `${link(quote(a.title), assignmentPath(a))}: ${missing.length} of ${a.roster.length} not submitted: ${listInProse(shown)}${more}.`;
  });
  return `${named ? "" : "Who hasn't submitted, by assignment:\n"}${bullets(lines)}${noRosterNote}`.trim();
}

function overdue(assignments: ClassAssignment[], data: ClassData): string {
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
  return `Past their due date:\n${bullets(lines)}`;
}

function progress(assignments: ClassAssignment[]): string {
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
  return `Grading so far: ${graded} of ${total} essays graded (${percent(graded, total)}).\n${bullets(lines)}`;
}

function describeScores(scores: number[], max: number): string {
  const spread = scores.length > 1 ? `, spread (standard deviation) ${round1(standardDeviation(scores))}, from ${round1(Math.min(...scores))} to ${round1(Math.max(...scores))}` : "";
  return `average ${round1(mean(scores))} of ${round1(max)} (${percent(mean(scores), max)}), median ${round1(median(scores))}${spread}`;
}

function criterionAverages(a: ClassAssignment): Array<{ name: string; average: number; max: number; share: number }> {
  const graded = a.submissions.filter(isGraded);
  return a.criteria
    .map((criterion) => {
      const values = graded.map((s) => s.criteriaScores?.[criterion.id]).filter((v): v is number => typeof v === "number");
      return values.length && criterion.maxPoints > 0 ? { name: criterion.name, average: mean(values), max: criterion.maxPoints, share: mean(values) / criterion.maxPoints } : undefined;
    })
    .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined);
}

function averages(assignments: ClassAssignment[], byCriterion: boolean, named: boolean): string {
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
    const criteriaText = criteria.length ? `\n   By criterion: ${criteria.map((c) => `${c.name} ${round1(c.average)} of ${round1(c.max)} (${Math.round(c.share * 100)}%)`).join("; ")}.` : "";
    const figures = scores.length ? `${describeScores(scores, a.maxScore)}, over ${plural(scores.length, "graded essay")}` : "no grades on the current rubric yet";
    return `${link(quote(a.title), gradebookPath(a))}: ${figures}${earlierText}${criteriaText}`;
  });
  return `Class results (grades after any late penalty):\n${bullets(lines)}`;
}

function weakest(assignments: ClassAssignment[]): string {
  const lines = assignments
    .map((a) => ({ a, criteria: criterionAverages(a) }))
    .filter((entry) => entry.criteria.length > 1)
    .map(({ a, criteria }) => {
      const sorted = [...criteria].sort((x, y) => x.share - y.share);
      const low = sorted[0]!;
      const others = mean(sorted.slice(1).map((c) => c.share));
      return `${link(quote(a.title), gradebookPath(a))}: ${low.name}, average ${round1(low.average)} of ${round1(low.max)} (${Math.round(low.share * 100)}%, against ${Math.round(others * 100)}% on the other criteria)`;
    });
  if (!lines.length) return "I need graded work on a rubric with at least two criteria to say which one is weakest, and none of these assignments has that yet.";
  return `The weakest criterion, by average share of its points:\n${bullets(lines)}`;
}

/** Words of a criterion's name that say nothing of which one it is ("Engagement with Sources" is not "with"). */
const criterionStopWords = new Set(["with", "from", "that", "this", "your", "their", "about", "into", "over", "and", "the", "use", "uses", "of"]);
const criterionWords = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 3 && !criterionStopWords.has(word));

/** The criterion a question names: the one with the most of its words in it, none when no word matches. */
function namedCriterion(a: ClassAssignment, said: string): ClassAssignment["criteria"][number] | undefined {
  const ranked = a.criteria
    .map((criterion) => {
      const words = criterionWords(criterion.name);
      const hits = words.filter((word) => said.includes(` ${word} `)).length;
      return { criterion, hits, share: words.length ? hits / words.length : 0 };
    })
    .filter((entry) => entry.hits > 0)
    .sort((x, y) => y.share - x.share || y.hits - x.hits);
  return ranked[0]?.criterion;
}

/** Below this share of the points a student is named as struggling; with nobody below it, the lowest few are. */
const strugglingShare = 0.5;
const lowestShown = 3;

/**
 * The students who scored lowest, on the criterion the question names ("Who struggled with evidence?") or else
 * overall: each with their score and a link to their work, lowest first.
 */
function strugglingStudents(assignments: ClassAssignment[], message: string): string {
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
      const shown = (below.length ? below : scored.slice(0, lowestShown)).slice(0, namesShown);
      const on = criterion ? ` on ${criterion.name}` : "";
      const lead = below.length
        ? `${plural(below.length, "student")} scored under half the points${on}`
        : `Nobody scored under half the points${on}; the lowest were`;
      const names = shown.map(({ s, value }) => `${link(s.studentName, reviewPath(a, s))} ${round1(value)} of ${round1(maxOf(s))}`);
      const more = below.length > shown.length ? ` and ${below.length - shown.length} more` : "";
      return `${link(quote(a.title), gradebookPath(a))}: ${lead}: ${names.join(", ")}${more}.`;
    });
  if (!blocks.length) return "None of these assignments has graded work yet, so I can't say who struggled.";
  return `Lowest scores first, after any late penalty:\n${bullets(blocks)}`;
}

function studentGrades(name: string, data: ClassData): string | undefined {
  const wanted = simplifyName(name);
  const matchesName = (candidate: string) => {
    const simple = simplifyName(candidate);
    return simple === wanted || simple.split(" ")[0] === wanted || simple.split(" ").slice(-1)[0] === wanted;
  };
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
  if (people.size > 1) return `Several students match ${quote(name)}: ${listInProse([...people].slice(0, namesShown))}. Ask with the full name.`;
  return `${[...people][0]}:\n${bullets(rows)}`;
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
    if (before !== undefined && after !== undefined && !isSameScore(before, after)) changes.push(`${criterion.name} ${round1(before)} \u2192 ${round1(after)}`);
  }
  if (s.isFeedbackRewritten) changes.push("feedback rewritten");
  if (changes.length && !isTotalChanged) changes.unshift(`total kept at ${round1(s.rawScore)}`);
  return changes;
}

function changedAfterReview(assignments: ClassAssignment[]): string {
  const changed = assignments
    .flatMap((a) => a.submissions.map((s) => ({ a, s, changes: reviewChanges(a, s) })).filter((item) => item.changes.length))
    .sort((x, y) => (y.s.reviewedAt?.getTime() ?? 0) - (x.s.reviewedAt?.getTime() ?? 0));
  const reviewed = assignments.reduce((sum, a) => sum + a.submissions.filter((s) => s.reviewed).length, 0);
  if (!reviewed) return "You haven't reviewed any grades yet, so none has changed.";
  if (!changed.length) return `None: you kept the grader's scores and feedback on ${reviewed === 1 ? "the grade" : `all ${plural(reviewed, "grade")}`} you reviewed.`;
  const lines = changed.map(({ a, s, changes }) => `${link(`${s.studentName}, ${quote(a.title)}`, reviewPath(a, s))}: ${changes.join("; ")}`);
  return `You changed ${plural(changed.length, "grade")} of the ${reviewed} you reviewed (most recent first):\n${bullets(lines)}`;
}

export function answerClassQuestion(question: ClassQuestion, message: string, data: ClassData): string {
  if (!data.assignments.length) return noAssignments;
  const found = scope(message, data, question.assignment);
  const answer = answerFor(question, found, data, message);
  return found.unmatched && question.kind !== "studentGrades" ? `${unmatchedNote(found.unmatched)}\n\n${answer}` : answer;
}

function answerFor(question: ClassQuestion, { assignments, named }: Scope, data: ClassData, message: string): string {
  switch (question.kind) {
    case "reviewQueue":
      return reviewQueue(assignments);
    case "notSubmitted":
      return notSubmitted(assignments, Boolean(named));
    case "overdue":
      return overdue(assignments, data);
    case "progress":
      return progress(assignments);
    case "averages":
      return averages(assignments, question.byCriterion ?? false, Boolean(named));
    case "weakestCriterion":
      return weakest(assignments);
    case "strugglingStudents":
      return strugglingStudents(assignments, `${message} ${question.criterion ?? ""}`);
    case "changedAfterReview":
      return changedAfterReview(assignments);
    case "studentGrades": {
      const answer = studentGrades(question.student ?? "", data);
      if (answer) return answer;
      // "Grades for Persuasive Essay": a title, not a name.
      if (named) return averages(assignments, true, true);
      return `I couldn't find a student called ${quote(question.student ?? "")} in your assignments' rosters or submissions.`;
    }
  }
}
