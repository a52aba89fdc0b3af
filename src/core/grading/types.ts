import type { TextConcern } from "./text-checks.js";
/** Public types of the grading engine. */

export interface GradingRubricCriterion {
  id: string;
  name: string;
  maxPoints: number;
  /** Lowest possible score; 0 unless the rubric starts higher (e.g. 1-6 trait scales). */
  minPoints?: number;
  /** Level descriptors as the teacher wrote them; readers that need lowest first use levelsLowestFirst (core/rubric). */
  descriptors: string[];
}

export interface GradingSample {
  id?: string;
  text: string;
  /** Overall score on the assignment's scale. */
  score: number;
  criteriaScores?: Record<string, number>;
  feedback?: string;
}

export type FeedbackTone = "gentle" | "neutral" | "direct";
export type FeedbackLength = "short" | "standard" | "detailed";
export type GradingApproach = "holistic" | "points";

export interface GradingSettings {
  tone: FeedbackTone;
  /** 0-100; 50 grades as the samples do, higher is harsher. Raising it never raises a score. */
  strictness: number;
  feedbackLength: FeedbackLength;
  /** 0-100; 0 weighs content only in the holistic score, 100 conventions only, 50 leaves the balance as fitted. */
  grammarVsContent: number;
  gradingApproach: GradingApproach;
  strengthsFirst: boolean;
}

export interface GradingInput {
  prompt: string;
  sourceText?: string;
  /** The assignment's type (argumentative_essay, lab_report, creative_writing, reflection...): the feedback's words. */
  assignmentType?: string;
  criteria: GradingRubricCriterion[];
  samples: GradingSample[];
  settings: GradingSettings;
  /** Scale of the overall score for holistic grading; defaults to the rubric total (sum of criteria ranges). */
  scoreRange?: [number, number];
}

export interface CriterionScore {
  criterionId: string;
  score: number;
  max: number;
  min: number;
  rationale: string;
  /** Passages of the student's text; each occurs verbatim in it. */
  quotes: string[];
}

export interface CalibrationInfo {
  method: "prior-only" | "offset" | "scale-offset" | "nearest-sample";
  sampleCount: number;
  /** Shift (in fractions of the scale) that the samples moved the prior's overall estimate by. */
  overallOffset: number;
  overallScale: number;
  nearestSampleId?: string;
  nearestSampleSimilarity?: number;
}

/** One sentence of the feedback as the student reads it, with the passages of their text it quotes. */
export interface FeedbackSentenceView {
  role: "opening" | "strength" | "problem" | "step";
  text: string;
  quotes: string[];
}

/** The feedback text in its parts: an opening, then one section per criterion (or aspect) under a fixed heading. */
export interface FeedbackParts {
  opening?: FeedbackSentenceView;
  sections: Array<{
    label: string;
    criterionId?: string;
    /** Where the score sits: bottom third, middle or top third of its scale. */
    band: "low" | "middle" | "high";
    heading: string;
    sentences: FeedbackSentenceView[];
  }>;
}

export interface GradingResult {
  criterionScores: CriterionScore[];
  overallScore: number;
  scoreRange: [number, number];
  /** 0-100: the estimated chance that the teacher would give the same grade within tolerance. */
  confidence: number;
  /** Tolerance used by the confidence: 1 point on scales up to 6 points, else 10% of the range. */
  tolerance: number;
  /** What the teacher should check before the grade counts (text-checks.ts); empty for most texts. */
  concerns: TextConcern[];
  feedback: string;
  /** The same feedback in its parts (headings, sentences and their quotations). */
  feedbackParts: FeedbackParts;
  calibration: CalibrationInfo;
}

export const defaultGradingSettings: GradingSettings = {
  tone: "neutral",
  strictness: 50,
  feedbackLength: "standard",
  grammarVsContent: 50,
  gradingApproach: "holistic",
  strengthsFirst: true,
};
