import { levelsLowestFirst } from "../../rubric/level-order.js";
import type { CriterionScore, GradingRubricCriterion } from "../types.js";
import type { ScoreBand } from "./compose.js";

const bandWords: Record<ScoreBand, string> = { low: "Limited", middle: "Developing", high: "Strong" };

/** Longer than this, a level's descriptor is a description, not a name to put before a score. */
const maxLevelWords = 8;

/**
 * The word before a criterion's score in its rationale ("Satisfactory organization (4/6)"). A rubric with one
 * descriptor per score has the teacher's own name for each level, and the engine's band word beside it contradicted
 * it ("Strong (4/6)" next to "Satisfactory organization"): the teacher's wording is used, or none when it is a long
 * description. Only a rubric without levels per score gets the engine's word.
 */
export function levelWordOf(criterion: GradingRubricCriterion, score: CriterionScore, band: ScoreBand): string | undefined {
  const min = criterion.minPoints ?? 0;
  const levels = levelsLowestFirst(criterion.descriptors.map((d) => d.trim()).filter(Boolean));
  if (levels.length !== criterion.maxPoints - min + 1) return bandWords[band];
  const descriptor = Number.isInteger(score.score) ? levels[score.score - min] : undefined;
  // "Proficient (3): clear thesis" is named by its label; "Satisfactory organization" by itself.
  const name = descriptor?.split(/:\s/)[0]?.replace(/\s*\([^)]*\)\s*$/, "").replace(/[.;]$/, "").trim();
  return name && name.split(/\s+/).length <= maxLevelWords ? name : undefined;
}

/** "Satisfactory organization (4/6): ", or "4/6: " when the level has no short name. */
export function scoreLead(criterion: GradingRubricCriterion, score: CriterionScore, band: ScoreBand): string {
  const word = levelWordOf(criterion, score, band);
  return word ? `${word} (${score.score}/${score.max}): ` : `${score.score}/${score.max}: `;
}
