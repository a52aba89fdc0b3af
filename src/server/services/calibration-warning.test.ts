import { describe, expect, it } from "vitest";
import { calibrationWarningOf } from "./calibration-warning";

const fit = {
  method: "leave-one-out" as const,
  sampleCount: 2,
  meanAbsoluteError: 13,
  exactAgreement: 0,
  withinTolerance: 0,
  tolerance: 2,
  samples: [
    { sampleIndex: 0, sampleId: "a", teacherScore: 19, engineScore: 6, difference: -13 },
    { sampleIndex: 1, sampleId: "b", teacherScore: 5, engineScore: 12, difference: 7 },
  ],
};
const criterion = (name: string) => ({ id: name, name, maxPoints: 10, descriptors: ["Weak.", "Strong."] });

describe("the calibration warning", () => {
  it("asks to check the samples when the rubric grades how the work is written", () => {
    const warning = calibrationWarningOf({ criteria: [criterion("Ideas"), criterion("Organization")], calibrationFit: fit, autoAcceptOverrideAt: null });
    expect(warning?.message).toBe(
      "Sample 1 (you gave 19, the grader predicts 6); sample 2 (you gave 5, the grader predicts 12): more than 4 points apart, a bigger miss than the 2 points the agreement figures count as close. Check those samples' scores or add more samples. Until then grades wait for your review instead of being accepted automatically.",
    );
  });

  it("does not blame the samples when the rubric grades right answers, which the grader cannot check", () => {
    const warning = calibrationWarningOf({ criteria: [criterion("Correct Answers"), criterion("Explanation")], calibrationFit: fit, autoAcceptOverrideAt: null });
    expect(warning?.message).toMatch(/: more than 4 points apart, a bigger miss than the 2 points the agreement figures count as close\. Your rubric grades whether answers are right, which the built-in grader cannot check/);
    expect(warning?.message).not.toContain("Check those samples");
  });
});
