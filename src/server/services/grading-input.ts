import { gradedCriteria, sampleRubricMismatch, type GradingSettings as AssignmentSettings } from "../../contracts/assignments";
import type { GradingInput, GradingSample } from "../../core/grading";

export interface GradableAssignment {
  prompt: string;
  /** The assignment's type; the setup's profile has none. */
  type?: string;
  criteria: { id: string; name: string; maxPoints: number; descriptors: string[] }[];
  gradingSettings: AssignmentSettings;
}

/** Maps an assignment (or the setup's profile) onto the engine's input. */
export function toGradingInput(assignment: GradableAssignment, samples: GradingSample[], overrides: Partial<AssignmentSettings> = {}): GradingInput {
  const settings = { ...assignment.gradingSettings, ...overrides };
  // Without a rubric: one Overall criterion out of 100, the sample score's scale in the form.
  const criteria = gradedCriteria(assignment.criteria);
  return {
    prompt: assignment.prompt,
    ...(assignment.type ? { assignmentType: assignment.type } : {}),
    criteria,
    // A sample scored on an earlier rubric that this one cannot hold (a 30 where the rubric now totals 5) would pull
    // every grade off the scale: it is left out until the teacher uploads it again.
    samples: samples.filter((sample) => sampleRubricMismatch(assignment.criteria, sample) === null),
    settings: {
      tone: settings.tone,
      strictness: settings.strictness,
      feedbackLength: settings.feedbackLength,
      grammarVsContent: settings.grammarVsContent,
      gradingApproach: settings.holisticVsPoints,
      strengthsFirst: settings.strengthsFirst,
    },
    scoreRange: [0, criteria.reduce((total, item) => total + item.maxPoints, 0)],
  };
}
