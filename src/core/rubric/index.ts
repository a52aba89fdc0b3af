export { parseRubric, type ParsedCriterion, type RubricDocument } from "./parse-rubric.js";
