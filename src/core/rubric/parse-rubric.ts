import { importRubric } from "./import-rubric.js";
import type { ParsedCriterion, RubricDocument } from "./types.js";

export type { ParsedCriterion, RubricDocument } from "./types.js";

/** The criteria of a rubric document (see importRubric for the reading chosen and the lines it skipped). */
export function parseRubric(doc: RubricDocument): ParsedCriterion[] {
  return importRubric(doc).criteria;
}
