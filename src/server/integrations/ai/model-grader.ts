import { loadAiSdk } from "./load-ai-sdk";
import { z } from "zod";
import {
  assembleFeedback,
  checkModelComment,
  frameStep,
  phraseOpening,
  quotationsOf,
  toFeedbackParts,
  type FeedbackAspect,
  type GradingInput,
  type GradingResult,
  type ModelComment,
  type PhrasedAspect,
  type TextSource,
} from "../../../core/grading/index.js";
import type { AiConfig } from "./config.js";
import { createLanguageModel } from "./create-model.js";
import { buildGradingPrompt, buildRewritePrompt } from "./model-prompt.js";

const commentParts = {
  strength: z.string().default(""),
  problem: z.string().default(""),
  nextStep: z.string().default(""),
};

export const modelAnswerSchema = z.object({
  criteria: z
    .array(z.object({ criterionId: z.string(), score: z.number().finite(), rationale: z.string().default(""), ...commentParts }))
    .min(1),
  overallScore: z.number().finite(),
  opening: z.string().default(""),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const rewriteSchema = z.object({ criteria: z.array(z.object({ criterionId: z.string(), ...commentParts })) });

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

/** The model's scores checked against the rubric: every criterion present, each clamped to its range. */
function scoresOf(answer: ModelAnswer, input: GradingInput): Array<{ criterion: GradingInput["criteria"][number]; score: number; given: ModelAnswer["criteria"][number] }> {
  return input.criteria.map((criterion) => {
    const given = answer.criteria.find((x) => x.criterionId === criterion.id);
    if (!given) throw new ModelGradingError(`The model's answer has no score for the criterion "${criterion.name}".`);
    return { criterion, score: clampToStep(given.score, criterion.minPoints ?? 0, criterion.maxPoints, 0.5), given };
  });
}

export interface ModelGrade extends Omit<GradingResult, "confidence" | "calibration" | "tolerance" | "concerns"> {
  /** Criteria whose comments still quote nothing verifiable after one more request: the teacher should look. */
  feedbackWarnings: string[];
}

/**
 * Checks the model's answer against the rubric and the essay: scores inside their ranges, every quotation verbatim
 * (a part quoting words the essay does not contain is dropped), and the same selection by score band and length as
 * the built-in feedback, so a low score is never praised whoever wrote the words.
 */
export function validateModelAnswer(
  answer: ModelAnswer,
  input: GradingInput,
  text: string,
  builtin: GradingResult,
  rewrites: ModelComment[] = [],
): ModelGrade {
  const scored = scoresOf(answer, input);
  const { tone } = input.settings;
  const feedbackWarnings: string[] = [];
  const phrased: PhrasedAspect[] = scored.map(({ criterion, score, given }) => {
    const first = checkModelComment(text, given);
    const rewrite = rewrites.find((r) => r.criterionId === criterion.id);
    const checked = !first.hasQuotation && rewrite ? checkModelComment(text, rewrite) : first;
    if (!checked.hasQuotation) feedbackWarnings.push(`The model's comment on "${criterion.name}" quotes nothing from the essay that could be checked; read it before returning it.`);
    const min = criterion.minPoints ?? 0;
    const aspect: FeedbackAspect = { label: criterion.name, kind: "overall", criterionId: criterion.id, fraction: criterion.maxPoints > min ? (score - min) / (criterion.maxPoints - min) : 0, score: { score, max: criterion.maxPoints } };
    return { aspect, ...(checked.strength ? { strength: checked.strength } : {}), ...(checked.problem ? { problem: checked.problem } : {}), ...(checked.step ? { step: frameStep(tone, checked.step) } : {}) };
  });
  const opening = checkModelComment(text, { criterionId: "", strength: answer.opening, problem: "", nextStep: "" }).strength;
  const assembled = assembleFeedback(phrased, input.settings, (ranking) => (opening ? { ...opening, role: "opening" } : phraseOpening(tone, "", ranking)));
  const criterionScores = scored.map(({ criterion, score, given }, i) => ({
    criterionId: criterion.id,
    score,
    min: criterion.minPoints ?? 0,
    max: criterion.maxPoints,
    rationale: given.rationale.trim() || builtin.criterionScores.find((b) => b.criterionId === criterion.id)!.rationale,
    quotes: [...new Set([phrased[i]!.strength, phrased[i]!.problem, phrased[i]!.step].flatMap((x) => x?.quotes ?? []))],
  }));
  const [lo, hi] = builtin.scoreRange;
  const overallScore = input.settings.gradingApproach === "points" ? criterionScores.reduce((sum, c) => sum + c.score, 0) : clampToStep(answer.overallScore, lo, hi, 0.5);
  return { criterionScores, overallScore, scoreRange: builtin.scoreRange, feedback: assembled.text, feedbackParts: toFeedbackParts(assembled), feedbackWarnings };
}

/** The criteria whose comments need one more request, with the quotations that were not in the text. */
function needingRewrite(answer: ModelAnswer, input: GradingInput, text: string) {
  return scoresOf(answer, input)
    .filter(({ given }) => !checkModelComment(text, given).hasQuotation)
    .map(({ criterion, score, given }) => ({
      criterionId: criterion.id,
      name: criterion.name,
      score,
      max: criterion.maxPoints,
      invalid: [given.strength, given.problem, given.nextStep].flatMap(quotationsOf).filter((q) => !text.includes(q)),
    }));
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
 * One structured request with its own timeout; failures that may succeed on a retry (timeouts, network errors,
 * 408/429/5xx) are retried up to maxRetries times with exponential backoff.
 */
async function askModel<T>(config: AiConfig, request: { system: string; prompt: string }, schema: z.ZodType<T>, name: string): Promise<T> {
  const { generateText, Output } = await loadAiSdk();
  const model = createLanguageModel(config);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await generateText({
        model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema, name }),
        temperature: 0,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(config.timeoutMs),
      });
      return result.output as T;
    } catch (error) {
      if (attempt >= config.maxRetries || !isRetryable(error)) throw new ModelGradingError(describeFailure(error, config), { cause: error });
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/**
 * Asks the model for a grade. Criteria whose comments quote nothing the essay says are asked for once more; if the
 * second answer fails or still quotes nothing, the grade keeps what could be checked and carries a warning.
 */
export async function gradeWithModel(input: GradingInput, text: string, builtin: GradingResult, config: AiConfig, source: TextSource = {}): Promise<ModelGrade> {
  const answer = await askModel(config, buildGradingPrompt(input, text, builtin, source), modelAnswerSchema, "grade");
  const failures = needingRewrite(answer, input, text);
  let rewrites: ModelComment[] = [];
  if (failures.length > 0) {
    try {
      rewrites = (await askModel(config, buildRewritePrompt(text, failures), rewriteSchema, "comments")).criteria;
    } catch (error) {
      if (!(error instanceof ModelGradingError)) throw error;
    }
  }
  return validateModelAnswer(answer, input, text, builtin, rewrites);
}
