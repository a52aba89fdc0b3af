import { z } from "zod";
import type { ProposedCriterion } from "../../../core/rubric/check-proposal";
import { askForObject } from "./ask-for-object";
import type { AiConfig } from "./config";

const readingSchema = z.object({
  criteria: z.array(z.object({ name: z.string(), maxPoints: z.number(), descriptors: z.array(z.string()) })),
});

/** The longest document text sent: rubrics are short; a longer upload is cut rather than sent whole. */
const maxCharacters = 20_000;

/** Asks the configured model how it reads a rubric document; the caller checks the answer against the text. */
export async function proposeRubricWithModel(config: AiConfig, text: string): Promise<ProposedCriterion[]> {
  const output = await askForObject(config, readingSchema, {
    system:
      "You read grading rubrics. List the criteria of the rubric below exactly as the document names them (copy each name " +
      "word for word), with the maximum points of each (when the document gives none, the number of levels), and the " +
      "level descriptors copied word for word. Titles, instructions and totals are not criteria.",
    prompt: text.slice(0, maxCharacters),
  });
  return output.criteria;
}
