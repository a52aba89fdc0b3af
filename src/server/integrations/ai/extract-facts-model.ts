import { z } from "zod";
import { askForObject } from "./ask-for-object";
import type { AiConfig } from "./config";

/** The shape asked of the model; the result is checked again by the same rules as the offline extraction. */
const factsSchema = z.object({
  name: z.string().optional(),
  school: z.string().optional(),
  course: z.string().optional(),
  tone: z.enum(["gentle", "neutral", "direct"]).optional(),
  strictness: z.number().optional(),
  feedbackLength: z.enum(["short", "standard", "detailed"]).optional(),
  grammarVsContent: z.number().optional(),
  gradingApproach: z.enum(["holistic", "points"]).optional(),
  latePolicy: z.object({ type: z.enum(["none", "percentage", "points"]), penaltyPerDay: z.number(), maxLateDays: z.number() }).optional(),
  strengthsFirst: z.boolean().optional(),
  autoAcceptThreshold: z.number().optional(),
  criteria: z.array(z.object({ name: z.string(), weight: z.number().optional(), points: z.number().optional() })).optional(),
  sample: z.object({ content: z.string(), score: z.number(), maxScore: z.number().optional(), feedback: z.string() }).optional(),
});

/** Reads profile facts from a teacher's message with the configured model (structured output). */
export async function extractFactsWithModel(config: AiConfig, message: string, askedField: string | undefined): Promise<unknown> {
  return askForObject(config, factsSchema, {
    system:
      "Extract only what the teacher states about how they grade. Leave out anything not stated. strictness, grammarVsContent and autoAcceptThreshold are 0-100. " +
      "A sample is a pasted student text with the score the teacher gave and their feedback.",
    prompt: `${askedField ? `The assistant just asked about: ${askedField}.\n` : ""}Teacher's message:\n${message}`,
  });
}
