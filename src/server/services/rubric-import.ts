import type { Logger } from "pino";
import { checkProposedReading, importRubric, type ParsedCriterion, type RubricDocument, type RubricImport } from "../../core/rubric";
import { scannedRubricNotice } from "../../contracts/rubric-import";
import type { AiConfig } from "../integrations/ai";
import { proposeRubricWithModel } from "../integrations/ai/propose-rubric-model";

/** Below this share of its rubric lines understood, a configured model is asked for its reading too. */
export const lowReadingScore = 0.8;

export interface RubricDocumentReading extends RubricImport {
  /** The model's reading, when the parser's scored low and every name the model gave is in the document. */
  proposal?: ParsedCriterion[];
}

/**
 * Reads a rubric document offline; with an AI service and a low score, the model proposes a reading that is offered
 * only after checkProposedReading found each of its names in the text. When the parser found nothing at all, a
 * checked proposal becomes the reading. A model that fails or answers badly changes nothing.
 */
export async function readRubricDocument(deps: { ai?: AiConfig; logger?: Logger }, document: RubricDocument & { ocr?: true }): Promise<RubricDocumentReading> {
  const parsed = importRubric(document);
  // OCR misreads digits and letters ("10" as "lO"): a teacher checks a scanned rubric's criteria against the paper.
  const reading = document.ocr && parsed.criteria.length ? { ...parsed, notices: [scannedRubricNotice, ...parsed.notices] } : parsed;
  // A document that reads as an essay is refused as one: a model asked to find a rubric in it might make one up.
  if (!deps.ai || reading.score >= lowReadingScore || reading.notARubric) return reading;
  let proposal: ParsedCriterion[] | undefined;
  try {
    proposal = checkProposedReading(document.text, await proposeRubricWithModel(deps.ai, document.text));
  } catch (error) {
    deps.logger?.warn({ err: error }, "the model's rubric reading failed; the offline reading stands");
  }
  if (!proposal) return reading;
  if (reading.criteria.length === 0) return { ...reading, criteria: proposal, reading: "model", pointsAssumed: false };
  return { ...reading, proposal };
}
