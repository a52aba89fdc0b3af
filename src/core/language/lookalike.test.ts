import { describe, expect, it } from "vitest";
import { commonerLookalike } from "./lookalike";

describe("a real word written for a commoner one", () => {
  it("finds the everyday word a rare one is a letter or two from", () => {
    expect(commonerLookalike("impotent")).toBe("important");
    expect(commonerLookalike("siting")).toBe("sitting");
    expect(commonerLookalike("emergence")).toBe("emergency");
    expect(commonerLookalike("Minuets")).toBe("minute");
  });

  it("leaves rare words that stand on their own, and words grown from a commoner one by a suffix", () => {
    for (const word of ["cautious", "vivid", "diligent", "meticulous", "exhilarating", "beneficial", "reluctant", "scenery", "thirds"]) {
      expect(commonerLookalike(word), word).toBeUndefined();
    }
  });
});
