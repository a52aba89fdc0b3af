import { generateText, Output } from "ai";
import { z } from "zod";
import { verifyQuotes, type GradingInput, type GradingResult } from "../../../core/grading/index.js";
import type { AiConfig } from "./config.js";
import { createLanguageModel } from "./create-model.js";
import { buildGradingPrompt } from "./model-prompt.js";

export const modelAnswerSchema = z.object({
  criterionScores: z
    .array(
      z.object({
        criterionId: z.string(),
        score: z.number().finite(),
        rationale: z.string().default(""),
        quotes: z.array(z.string()).default([]),
      }),
    )
    .min(1),
  overallScore: z.number().finite(),
  feedback: z.string().min(1),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/** A provider call that did not give a usable grade; `reason` is written for the teacher and the logs. */
export class ModelGradingError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = "ModelGradingError";
  }
}

function clampToStep(value: number, min: number, max: number, step: number): number {
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

/**
 * Checks the model's answer against the rubric: every criterion present, scores clamped to their ranges,
 * quotes kept only when they occur verbatim in the student's text.
 */
export function validateModelAnswer(answer: ModelAnswer, input: GradingInput, text: string, builtin: GradingResult): Omit<GradingResult, "confidence" | "calibration" | "tolerance"> {
  const criterionScores = input.criteria.map((c) => {
    const given = answer.criterionScores.find((x) => x.criterionId === c.id);
    if (!given) throw new ModelGradingError(`The model's answer has no score for the criterion "${c.name}".`);
    const min = c.minPoints ?? 0;
    return {
      criterionId: c.id,
      score: clampToStep(given.score, min, c.maxPoints, 0.5),
      min,
      max: c.maxPoints,
      rationale: given.rationale.trim() || builtin.criterionScores.find((b) => b.criterionId === c.id)!.rationale,
      quotes: verifyQuotes(text, given.quotes),
    };
  });
  const [lo, hi] = builtin.scoreRange;
  const overallScore =
    input.settings.gradingApproach === "points"
      ? criterionScores.reduce((s, c) => s + c.score, 0)
      : clampToStep(answer.overallScore, lo, hi, 0.5);
  return { criterionScores, overallScore, scoreRange: builtin.scoreRange, feedback: answer.feedback.trim() };
}

function describeFailure(error: unknown, config: AiConfig): string {
  const e = error as { name?: string; message?: string; lastError?: unknown; statusCode?: number };
  const inner = (e.lastError ?? error) as { name?: string; message?: string; statusCode?: number };
  const name = inner.name ?? e.name ?? "";
  const message = inner.message ?? e.message ?? String(error);
  if (/timeout|abort/i.test(name) || /timed? ?out|aborted/i.test(message)) {
    return `The ${config.provider} model did not answer within ${config.timeoutMs} ms.`;
  }
  if (/NoObjectGenerated|TypeValidation|JSONParse/i.test(name)) {
    return `The ${config.provider} model's answer was not a valid grade (${message.slice(0, 160)}).`;
  }
  if (inner.statusCode) return `The ${config.provider} provider answered HTTP ${inner.statusCode}: ${message.slice(0, 160)}`;
  return `The ${config.provider} provider failed: ${message.slice(0, 200)}`;
}

function isRetryable(error: unknown): boolean {
  const e = error as { name?: string; message?: string; statusCode?: number; isRetryable?: boolean };
  if (/NoObjectGenerated|TypeValidation|JSONParse/i.test(e.name ?? "")) return false;
  if (e.statusCode !== undefined) return e.statusCode === 408 || e.statusCode === 429 || e.statusCode >= 500;
  return true;
}

const backoffMs = (attempt: number) => 200 * 2 ** attempt;

/**
 * Asks the model for a grade. Each attempt has its own timeout; failed attempts that may succeed on a retry
 * (timeouts, network errors, 408/429/5xx) are retried up to maxRetries times with exponential backoff.
 */
export async function gradeWithModel(input: GradingInput, text: string, builtin: GradingResult, config: AiConfig) {
  const { system, prompt } = buildGradingPrompt(input, text, builtin);
  const model = createLanguageModel(config);
  let answer: ModelAnswer | undefined;
  for (let attempt = 0; answer === undefined; attempt++) {
    try {
      const result = await generateText({
        model,
        system,
        prompt,
        output: Output.object({ schema: modelAnswerSchema, name: "grade" }),
        temperature: 0,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(config.timeoutMs),
      });
      answer = result.output;
    } catch (error) {
      if (attempt >= config.maxRetries || !isRetryable(error)) {
        throw new ModelGradingError(describeFailure(error, config), { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
  return validateModelAnswer(answer, input, text, builtin);
}
