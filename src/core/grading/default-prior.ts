import priorWeights from "./prior-weights.json";
import type { PriorModel } from "./prior.js";

/** The prior fitted by `npm run fit:grader` on the shared human-scored essays. */
export const defaultPrior = priorWeights as unknown as PriorModel;
