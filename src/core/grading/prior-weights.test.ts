import { describe, expect, it } from "vitest";
import { criterionKinds } from "./criterion-kind.js";
import { defaultPrior } from "./default-prior.js";
import { featureNames } from "./features.js";

describe("the committed prior (prior-weights.json)", () => {
  it("was fitted on the features the engine computes, in the same order", () => {
    expect(defaultPrior.featureNames).toEqual([...featureNames]);
  });

  it("has a model for every kind of criterion with one weight per feature", () => {
    for (const kind of criterionKinds) {
      const target = defaultPrior.targets[kind];
      expect(target, kind).toBeDefined();
      expect(target!.weights).toHaveLength(featureNames.length);
      expect(target!.residualSd).toBeGreaterThan(0);
    }
  });
});
