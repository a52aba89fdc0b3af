import { describe, expect, it } from "vitest";
import { featureNames } from "./features.js";
import { featureGroups } from "./feature-groups.js";

describe("feature groups (the bench's ablation)", () => {
  it("gives every feature of the prior a group, once", () => {
    const grouped = Object.values(featureGroups).flat();
    expect([...grouped].sort()).toEqual([...featureNames].sort());
  });
});
