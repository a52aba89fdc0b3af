import { z } from "zod";
// The parser's own lists (types.ts has no parsing code, so the client bundle stays small).
import { readingKinds, skipReasons } from "../core/rubric/types";
import { criterion } from "./teacher-profile";

/** What the rubric import read in a document: shown under the criteria it produced so the teacher can check it. */
export const rubricImportReport = z.object({
  reading: z.enum([...readingKinds, "model", "none"]),
  /** Share of the document's rubric lines (titles and instructions aside) the reading used, 0..1. */
  score: z.number().min(0).max(1),
  /** The document gave no points: each criterion got its number of levels, for the teacher to confirm. */
  pointsAssumed: z.boolean(),
  /** The AI model's reading when the offline one scored low; every name it gives was found in the document. */
  proposal: z.array(criterion.omit({ id: true })).optional(),
  /** What no criterion shows: each weight found in the document, applied (points × weight) or not, and a scan read by OCR. */
  notices: z.array(z.string()),
  skipped: z.array(
    z.object({
      lineNumber: z.number().int().min(0),
      text: z.string(),
      reason: z.enum(skipReasons),
    }),
  ),
});
export type RubricImportReport = z.infer<typeof rubricImportReport>;

/** The first notice of a rubric read from a scanned PDF. */
export const scannedRubricNotice = "This rubric was read from a scan by text recognition (OCR): check each criterion's name and points against the paper.";

export const rubricReadingLabels: Record<RubricImportReport["reading"], string> = {
  table: "a table of criteria and levels",
  "table-levels-as-rows": "a table with the levels as rows",
  sections: "headed sections and lists",
  "table-and-sections": "headed sections, with a summary table that repeats them",
  model: "the AI model, every criterion name checked against the document",
  none: "nothing",
};

export const skipReasonLabels: Record<RubricImportReport["skipped"][number]["reason"], string> = {
  title: "Title",
  instructions: "Instructions",
  total: "Total",
  "no-points": "A criterion without points, while the others have them",
  "not-understood": "Not understood",
};
