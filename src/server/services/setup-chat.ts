import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { z } from "zod";
import type { setupChatRequest, SetupChatResponse } from "../../contracts/assistant";
import type { SetupProgress } from "../../contracts/setup-progress";
import { teacherProfileInput, type CalibrationResponse } from "../../contracts/teacher-profile";
import {
  buildChecklist,
  buildProfileText,
  extractProfileFacts,
  initialSetupChatState,
  nextSetupTurn,
  sanitizeSetupChatState,
  validateProfileFacts,
  type ExtractedFacts,
  type SetupChatState,
} from "../../core/assistant";
import { nextMissingField, stepForField } from "../../core/assistant/progress";
import type { SpellChecker } from "../../core/grading";
import { fromSavedSetup, rubricTotalOf, scaleScore, toSavedProfile, toSavedRubric } from "../../core/assistant/saved-setup";
import type { Db } from "../db/client";
import { sampleStudentWork, storedFiles } from "../db/schema";
import type { AiConfig } from "../integrations/ai";
import { extractFactsWithModel } from "../integrations/ai/extract-facts-model";
import { loadCalibration, upsertSetupRubric } from "./calibration";
import { upsertTeacherProfile } from "./teacher-profiles";

export interface SetupChatDeps {
  db: Db;
  logger: Logger;
  ai?: AiConfig;
  /** The English dictionary, to tell a teacher writing in another language what the built-in reader understands. */
  spellChecker: SpellChecker;
}

/**
 * One turn of the chat-based setup. The client's state is only a hint about where the conversation stands: the
 * values come from the teacher's saved setup, what the turn changes is saved at once, and the answer's state and
 * checklist are rebuilt from what was read back, so the chat shows exactly what is stored (and what the form saved).
 * Text read from attached images is taken from our own record of the teacher's uploads, not from the request.
 */
export async function answerSetupChat(deps: SetupChatDeps, teacherId: string, request: z.output<typeof setupChatRequest>): Promise<SetupChatResponse> {
  const hint = sanitizeSetupChatState(request.setupState);
  const state = fromSavedSetup(await loadCalibration(deps.db, teacherId), hint);
  const imageText = await readAttachedText(deps.db, teacherId, request.attachments ?? []);
  const message = [request.message, ...imageText].filter((part) => part.trim()).join("\n\n");
  const facts = deps.ai ? await factsFromModel(deps, message, state.askedField, state.currentStep) : undefined;
  const turn = nextSetupTurn(state, message, facts, { spellChecker: deps.spellChecker, hasModel: facts !== undefined });
  const saved = await saveSetupTurn(deps.db, teacherId, state, turn.state);
  const readBack = fromSavedSetup(saved, turn.state);
  if (turn.askedField) readBack.askedField = turn.askedField;
  return {
    reply: turn.reply,
    extractedData: turn.extractedData as Record<string, unknown>,
    nextStep: turn.nextStep,
    quickActions: turn.quickActions,
    profileText: buildProfileText(readBack),
    problems: turn.problems,
    ...(turn.askedField ? { askedField: turn.askedField } : {}),
    checklist: buildChecklist(readBack),
    state: readBack,
  };
}

/** Where the chat setup stands by what is saved: the page asks on load, so a setup finished by the form shows done. */
export async function loadSetupChatProgress(db: Db, teacherId: string): Promise<SetupProgress> {
  const state = fromSavedSetup(await loadCalibration(db, teacherId), initialSetupChatState);
  const next = nextMissingField(state);
  state.currentStep = stepForField(next);
  if (next) state.askedField = next;
  return { state, checklist: buildChecklist(state), profileText: buildProfileText(state), nextStep: state.currentStep, ...(next ? { askedField: next } : {}) };
}

/**
 * Saves what one turn changed, in one transaction: the profile fields it set, the rubric when it changed, and the
 * samples it added (earlier samples, and any files the form attached to them, are left as they are).
 */
async function saveSetupTurn(db: Db, teacherId: string, before: SetupChatState, after: SetupChatState): Promise<CalibrationResponse> {
  return db.transaction(async (tx) => {
    const previous = toSavedProfile(before);
    const changed = Object.fromEntries(Object.entries(toSavedProfile(after)).filter(([key, value]) => JSON.stringify(previous[key as keyof typeof previous]) !== JSON.stringify(value)));
    if (Object.keys(changed).length) await upsertTeacherProfile(tx, teacherId, teacherProfileInput.parse(changed));
    const rubric = toSavedRubric(after);
    const isRubricChanged = JSON.stringify(toSavedRubric(before)) !== JSON.stringify(rubric);
    let rubricId = isRubricChanged && rubric ? await upsertSetupRubric(tx, teacherId, { template: rubric.template, ...(rubric.weights ? { weights: rubric.weights } : {}), criteria: rubric.criteria }) : undefined;
    const added = after.samples.slice(before.samples.length);
    if (added.length) {
      rubricId ??= (await loadCalibration(tx, teacherId)).rubric?.id;
      const total = rubricTotalOf(after);
      for (const sample of added) {
        const score = total > 0 ? scaleScore(sample.score, sample.outOf, total) : sample.score;
        await tx.insert(sampleStudentWork).values({ teacherId, rubricId: rubricId ?? null, content: sample.content, score, feedback: sample.feedback, criteriaScores: {}, fileId: null });
      }
    }
    return loadCalibration(tx, teacherId);
  });
}

/** The model reads the message; whatever it returns goes through the same validation as the offline reader. */
async function factsFromModel(deps: SetupChatDeps, message: string, askedField: string | undefined, step: ExtractedFactsStep): Promise<ExtractedFacts | undefined> {
  if (!message.trim()) return undefined;
  const offline = extractProfileFacts(message, { step, ...(askedField ? { askedField: askedField as never } : {}) });
  // A pasted student essay is a sample or nothing, never settings: the model had read "it may be too late" in one as
  // a late policy. The offline reader's answer stands, and the model is not asked.
  if (offline.isStudentText) return offline;
  try {
    const modelFacts = validateProfileFacts(await extractFactsWithModel(deps.ai!, message, askedField));
    // What the offline reader is sure of stays; the model fills in what it could not read.
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
