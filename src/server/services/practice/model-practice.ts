import { AppError } from "../../http/app-error";
import type { AiConfig } from "../../integrations/ai";
import { createLanguageModel } from "../../integrations/ai/create-model";
import { generatePracticeWithModel } from "../../integrations/ai/practice-model";
import type { Flashcard, QuizItem } from "./engine";

type Generated = { items: (QuizItem | Flashcard)[]; notice: string | null };

export const modelUnavailable = "The AI service could not make practice just now. Try again in a minute, or paste the text of your lesson instead.";

/**
 * Practice from the school's AI service, whose items pass the same validators as the offline ones (an item that
 * fails is dropped inside generatePracticeWithModel). When the service fails or keeps nothing, a text source falls
 * back to the offline generator; a topic has nothing offline to fall back on, so it says so.
 */
export async function makeWithModel(config: AiConfig, request: { source: string; kind: "quiz" | "deck"; count?: number }, offline?: () => Generated): Promise<Generated> {
  try {
    const result = await generatePracticeWithModel(createLanguageModel(config), {
      ...request,
      sourceKind: offline ? "text" : "topic",
      ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
      ...(config.maxRetries === undefined ? {} : { maxRetries: config.maxRetries }),
    });
    if (result.items.length || !offline) return { items: result.items, notice: result.problem?.message ?? null };
  } catch {
    if (!offline) throw new AppError("unavailable", modelUnavailable, { source: modelUnavailable });
  }
  return offline();
}
