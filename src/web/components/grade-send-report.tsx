import { listInProse } from "../../core/assistant/text";
import { earlierRubricNotSentSentence } from "../../contracts/earlier-rubric";

export interface GradeSendReportProps {
  /** "School LMS: 2 grades sent, 1 unchanged." */
  summary: string;
  /** Where the students should be: "the course on School LMS", "English 9 on Google Classroom". */
  course: string;
  /** Reviewed, but matched to no one in the course. */
  notMatched: string[];
  /** Whether the roster was ever imported from this course: only then is "import the roster" no advice. */
  isRosterImported: boolean;
  /** Reviewed on an earlier rubric: not sent until reviewed again on the current one. */
  onEarlierRubric: string[];
  failed: Array<{ studentName: string; message: string }>;
}

/** The sentence for grades that found no student in the course, with the one step that can fix it. */
export function notMatchedSentence({ course, notMatched, isRosterImported }: Pick<GradeSendReportProps, "course" | "notMatched" | "isRosterImported">): string {
  if (!isRosterImported) return `Not sent, not matched to anyone in the course: ${notMatched.join(", ")}. Import the roster first.`;
  const one = notMatched.length === 1;
  return `${listInProse(notMatched)} ${one ? "is" : "are"} not in ${course}: add them there, or check the ${one ? "name on the submission" : "names on their submissions"}.`;
}

/**
 * What the last "Send grades" did, kept in the panel until the next send: the summary, then what was not sent and why.
 * A toast at a time would let the first problem hide the summary (and the next problem hide the first).
 */
export function GradeSendReport({ summary, course, notMatched, isRosterImported, onEarlierRubric, failed }: GradeSendReportProps) {
  const hasProblems = notMatched.length > 0 || onEarlierRubric.length > 0 || failed.length > 0;
  return (
    <div role="status" className="grid gap-1 rounded-xl border border-border bg-muted/40 p-3 text-sm">
      <p className="font-medium">{summary}</p>
      {hasProblems ? (
        <ul className="grid gap-1 text-destructive">
          {notMatched.length ? <li>{notMatchedSentence({ course, notMatched, isRosterImported })}</li> : null}
          {onEarlierRubric.length ? <li>{earlierRubricNotSentSentence(onEarlierRubric)}</li> : null}
          {failed.map((failure) => (
            <li key={`${failure.studentName}-${failure.message}`}>{`${failure.studentName}: ${failure.message}`}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
