/**
 * What a student's sheet (their feedback page and the printed sheet) says per criterion. The grader's rationale is
 * written for the teacher from the same reading as the student's feedback, so beside that feedback it said each
 * comment twice. It is kept only when the feedback does not already say it (a model's own reasoning, or feedback
 * on the engine's aspects rather than the criteria).
 */

/** "Satisfactory organization (4/6): ", "Strong (4/6): " or "4/6: " before the comment. */
const scoreLead = /^(?:[^:\n]{1,80}? )?\(?\d+(?:\.\d+)?\/\d+(?:\.\d+)?\)?: /;
/** The passage added after the comment (` See "…".`), quoted in the feedback where it belongs. */
const evidenceTail = /\s+See ["“][\s\S]*$/;
/** The frame a tone puts before a step ("Next step: ", "Do this: "): the same step reads alike without it. */
const stepFrame = /^(?:next step|a next step you could try|do this|next|to go further,|if you want to take it further,)[:\s]\s*/i;

const comparable = (text: string) => text.replace(stepFrame, "").replace(/\s+/g, " ").trim().toLowerCase();

export function sheetRationale(rationale: string | null | undefined, feedback: string | null | undefined): string | null {
  if (!rationale?.trim()) return null;
  const comment = comparable(rationale.replace(scoreLead, "").replace(evidenceTail, ""));
  if (!comment) return null;
  return comparable(feedback ?? "").includes(comment.replace(/\.$/, "")) ? null : rationale;
}

/** The passages a printed criterion lists under "From your essay": those its feedback does not quote already. */
export function quotesNotInFeedback(quotes: readonly string[], feedback: string | null | undefined): string[] {
  return quotes.filter((quote) => !(feedback ?? "").includes(quote));
}
