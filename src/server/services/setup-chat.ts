import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { z } from "zod";
import type { setupChatRequest, SetupChatResponse } from "../../contracts/assistant";
import { extractProfileFacts, nextSetupTurn, sanitizeSetupChatState, validateProfileFacts, type ExtractedFacts } from "../../core/assistant";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";
import type { AiConfig } from "../integrations/ai";
import { extractFactsWithModel } from "../integrations/ai/extract-facts-model";

export interface SetupChatDeps {
  db: Db;
  logger: Logger;
  ai?: AiConfig;
}

/**
 * One turn of the chat-based setup. The client's state is only a hint: it is sanitized before use, and text read
 * from attached images is taken from our own record of the teacher's uploads, not from the request.
 */
export async function answerSetupChat(deps: SetupChatDeps, teacherId: string, request: z.output<typeof setupChatRequest>): Promise<SetupChatResponse> {
  const state = sanitizeSetupChatState(request.setupState);
  const imageText = await readAttachedText(deps.db, teacherId, request.attachments ?? []);
  const message = [request.message, ...imageText].filter((part) => part.trim()).join("\n\n");
  const facts = deps.ai ? await factsFromModel(deps, message, state.askedField, state.currentStep) : undefined;
  const turn = nextSetupTurn(state, message, facts);
  return {
    reply: turn.reply,
    extractedData: turn.extractedData as Record<string, unknown>,
    nextStep: turn.nextStep,
    quickActions: turn.quickActions,
    profileText: turn.profileText,
    problems: turn.problems,
    ...(turn.askedField ? { askedField: turn.askedField } : {}),
    checklist: turn.checklist,
    state: turn.state,
  };
}

/** The model reads the message; whatever it returns goes through the same validation as the offline reader. */
async function factsFromModel(deps: SetupChatDeps, message: string, askedField: string | undefined, step: ExtractedFactsStep): Promise<ExtractedFacts | undefined> {
  if (!message.trim()) return undefined;
  try {
    const modelFacts = validateProfileFacts(await extractFactsWithModel(deps.ai!, message, askedField));
    // What the offline reader is sure of stays; the model fills in what it could not read.
    const offline = extractProfileFacts(message, { step, ...(askedField ? { askedField: askedField as never } : {}) });
    return { facts: { ...modelFacts.facts, ...offline.facts }, problems: [...offline.problems, ...modelFacts.problems], confidence: { ...modelFacts.confidence, ...offline.confidence } };
  } catch (error) {
    deps.logger.warn({ err: error }, "model extraction failed; using the built-in reader");
    return undefined;
  }
}

type ExtractedFactsStep = ReturnType<typeof sanitizeSetupChatState>["currentStep"];

async function readAttachedText(db: Db, teacherId: string, attachments: { url: string }[]): Promise<string[]> {
  const ids = attachments.map((attachment) => attachment.url.match(/\/api\/documents\/([0-9a-f-]{36})$/i)?.[1]).filter((id): id is string => Boolean(id));
  if (!ids.length) return [];
  const rows = await db
    .select({ text: storedFiles.extractedText })
    .from(storedFiles)
    .where(and(eq(storedFiles.teacherId, teacherId), inArray(storedFiles.id, ids)));
  return rows.map((row) => row.text ?? "").filter(Boolean);
}
