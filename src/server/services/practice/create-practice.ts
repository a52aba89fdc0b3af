import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { defaultQuizSettings, practiceMessages, type CreatePracticeInput, type PracticeView, type StoredFlashcard, type StoredQuizItem } from "../../../contracts/practice";
import type { Db } from "../../db/client";
import { practiceSets, storedFiles } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { isUuid } from "../../http/validation";
import type { SpellChecker } from "../../../core/grading";
import type { AiConfig } from "../../integrations/ai";
import { generateDeck, generateQuiz, type Flashcard, type QuizItem } from "./engine";
import { makeWithModel } from "./model-practice";
import { toPracticeView, withIds } from "./records";

export interface CreatePracticeDeps {
  db: Db;
  publicUrl: string;
  /** The AI service, when the school has one: needed for a topic line, richer items otherwise. */
  ai?: AiConfig;
  /** The grader's dictionary: spelling items, and a source's own misspellings kept out of what students learn. */
  spellChecker: SpellChecker;
}

type Generated = { items: (QuizItem | Flashcard)[]; notice: string | null };

/** The source's text: pasted, or read from the teacher's own uploaded document (the readers rubrics and submissions use). */
async function sourceText(db: Db, teacherId: string, source: Exclude<CreatePracticeInput["source"], { kind: "topic" }>): Promise<{ text: string; name: string | null }> {
  if (source.kind === "text") return { text: source.text, name: null };
  if (!isUuid(source.fileId)) throw notFound("That document");
  const [file] = await db.select({ text: storedFiles.extractedText, name: storedFiles.originalName }).from(storedFiles).where(and(eq(storedFiles.id, source.fileId), eq(storedFiles.teacherId, teacherId)));
  if (!file) throw notFound("That document");
  return { text: file.text ?? "", name: file.name };
}

function generateOffline(kind: "quiz" | "deck", text: string, count: number | undefined, spellChecker: SpellChecker): Generated {
  const options = { seed: randomInt(2 ** 31), count, spellChecker };
  const result = kind === "quiz" ? generateQuiz(text, options) : generateDeck(text, options);
  return { items: result.items, notice: result.problem?.message ?? null };
}

function titleFor(input: CreatePracticeInput, text: string, documentName: string | null): string {
  if (input.title?.trim()) return input.title.trim();
  const noun = input.kind === "quiz" ? "Quiz" : "Flashcards";
  if (input.source.kind === "topic") return `${noun}: ${input.source.topic.trim()}`;
  if (documentName) return `${noun}: ${documentName.replace(/\.[a-z0-9]+$/i, "")}`;
  const opening = text.trim().split(/\s+/).slice(0, 6).join(" ");
  return `${noun}: ${opening.length > 60 ? `${opening.slice(0, 57)}...` : opening}`;
}

/**
 * Makes a quiz or deck from pasted text, a document or a topic line. Pasted text and documents are generated offline
 * (an AI service is used when there is one, under the same validation); a topic has nothing to read offline, so
 * without a service it says so and asks for text. Nothing is stored when nothing valid came out.
 */
export async function createPractice(deps: CreatePracticeDeps, teacherId: string, input: CreatePracticeInput): Promise<PracticeView> {
  let generated: Generated;
  let text = "";
  let documentName: string | null = null;
  if (input.source.kind === "topic") {
    if (!deps.ai) throw new AppError("unavailable", practiceMessages.topicOffline, { source: practiceMessages.topicOffline });
    generated = await makeWithModel(deps.ai, { source: input.source.topic, kind: input.kind, count: input.count });
  } else {
    ({ text, name: documentName } = await sourceText(deps.db, teacherId, input.source));
    generated = deps.ai ? await makeWithModel(deps.ai, { source: text, kind: input.kind, count: input.count }, () => generateOffline(input.kind, text, input.count, deps.spellChecker)) : generateOffline(input.kind, text, input.count, deps.spellChecker);
  }
  if (!generated.items.length) {
    const message = generated.notice ?? "No questions could be made from this source. Paste a longer passage with definitions and key terms.";
    throw new AppError("unprocessable", message, { source: message });
  }
  const [row] = await deps.db
    .insert(practiceSets)
    .values({
      teacherId,
      kind: input.kind,
      title: titleFor(input, text, documentName),
      items: withIds(generated.items as (StoredQuizItem | StoredFlashcard)[]),
      sourceKind: input.source.kind,
      notice: generated.notice,
      settings: defaultQuizSettings,
    })
    .returning();
  return toPracticeView(row!, { publicUrl: deps.publicUrl, attemptCount: 0, assignmentTitle: null });
}
