/**
 * Who has opened the feedback returned to them (decision 019): per assignment, how many links went out, how many were
 * opened and who has not opened theirs; or one student's. Counted from the live links, as the Return to students
 * panel shows them, so the chat and the assignment page agree.
 */
import { studentNameMatcher, type ClassAssignment, type ClassData, type ClassSubmission } from "./class-data";
import { assignmentPath, bullets, listNames, percent, quote } from "./class-format";
import { dayInZone, formatDay } from "./dates";
import { link, markdownText } from "./links";
import { listInProse } from "./text";
import { plural } from "../language/plural.js";

type Returned = ClassSubmission & { feedbackLink: NonNullable<ClassSubmission["feedbackLink"]> };
const isReturned = (s: ClassSubmission): s is Returned => s.feedbackLink !== null;
const isOpened = (s: Returned) => s.feedbackLink.openCount > 0;

/** Why work has no link yet: only accepted grades are returned (decision 019). */
const notReturned: Record<ClassSubmission["status"], string> = {
  queued: "still being graded",
  grading: "still being graded",
  failed: "grading failed",
  needs_review: "waiting for your review, not returned yet",
  accepted: "not returned yet",
};

export interface FeedbackQuestion {
  named: boolean;
  student?: string;
  showAll: boolean;
}

export function feedbackOpened(assignments: ClassAssignment[], data: ClassData, question: FeedbackQuestion): string {
  if (question.student) return studentFeedback(question.student, assignments, data);
  const returned = assignments.map((a) => ({ a, links: a.submissions.filter(isReturned) })).filter((entry) => entry.links.length);
  if (!returned.length) {
    const [only] = assignments;
    if (question.named && only) return `You haven't returned feedback on ${quote(only.title)} to students yet: use Return to students on ${link("its page", assignmentPath(only))}. Once you have, I can tell you who has opened it.`;
    // Archiving hides an assignment from these answers, not its links from students (decision 019's addendum).
    const archived = data.assignments.filter((a) => a.status === "archived" && a.submissions.some(isReturned));
    if (archived.length) {
      const titles = listInProse(archived.map((a) => link(quote(a.title), assignmentPath(a))));
      return `None of your current assignments has feedback returned to students. Archived, with links still open: ${titles}. Ask about one by its title, as in “who opened their feedback on ${markdownText(archived[0]!.title)}”.`;
    }
    return "You haven't returned feedback to students yet. Use Return to students on an assignment's page; once you have, I can tell you who has opened it.";
  }
  const lines = returned.map(({ a, links }) => {
    const unopened = links.filter((s) => !isOpened(s)).sort((x, y) => x.studentName.localeCompare(y.studentName));
    const expired = (s: Returned) => (s.feedbackLink.expiresAt <= data.now ? " (link expired)" : "");
    const names = listNames(unopened.map((s) => `${markdownText(s.studentName)}${expired(s)}`), question.showAll);
    const opened = links.length - unopened.length;
    const state = !unopened.length ? "all opened" : opened ? `opened by ${opened} (${percent(opened, links.length)}); not opened: ${names}` : `none opened yet: ${names}`;
    return `${link(quote(a.title), assignmentPath(a))}: returned to ${plural(links.length, "student")}, ${state}.`;
  });
  const total = returned.reduce((sum, entry) => sum + entry.links.length, 0);
  const opened = returned.reduce((sum, entry) => sum + entry.links.filter(isOpened).length, 0);
  return `Students have opened ${opened} of the ${plural(total, "feedback link")} you returned (${percent(opened, total)}):\n${bullets(lines, question.showAll)}`;
}

function studentFeedback(asked: string, assignments: ClassAssignment[], data: ClassData): string {
  const matches = studentNameMatcher(asked);
  const own = assignments.flatMap((a) => a.submissions.filter((s) => matches(s.studentName)).map((s) => ({ a, s })));
  const people = [...new Set(own.map(({ s }) => s.studentName))];
  if (!people.length) return `I couldn't find work by a student called ${quote(asked)} in your assignments.`;
  if (people.length > 1) return `Several students match ${quote(asked)}: ${listInProse(people.map(markdownText))}. Ask with the full name.`;
  const today = dayInZone(data.now, data.timeZone);
  const day = (instant: Date) => formatDay(dayInZone(instant, data.timeZone), today);
  const rows = own.map(({ a, s }) => {
    const title = link(quote(a.title), assignmentPath(a));
    if (!isReturned(s)) return `${title}: ${notReturned[s.status]}`;
    const { openCount, firstOpenedAt, returnedAt, expiresAt } = s.feedbackLink;
    if (openCount > 0 && firstOpenedAt) return `${title}: opened ${plural(openCount, "time")}, first on ${day(firstOpenedAt)}`;
    return `${title}: returned on ${day(returnedAt)}, not opened yet${expiresAt <= data.now ? "; the link has expired" : ""}`;
  });
  return `${markdownText(people[0]!)}'s feedback:\n${bullets(rows, true)}`;
}
