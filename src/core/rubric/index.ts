export { importRubric, type RubricImport, type SkippedLine, type SkipReason } from "./import-rubric.js";
export { readingKinds, skipReasons } from "./types.js";
export { parseRubric, type ParsedCriterion, type RubricDocument } from "./parse-rubric.js";
export { checkProposedReading, type ProposedCriterion } from "./check-proposal.js";
export { levelsLowestFirst } from "./level-order.js";
