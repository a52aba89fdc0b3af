import type { ChatResponse } from "../../../contracts/assistant";
import { apiRequest, getJson, throwIfNotOk } from "../../lib/api";

/** Spec section 8: what the chat says whenever an answer cannot be had. */
export const chatFailureMessage = "I apologize, but I'm having trouble responding right now. Please try again later.";

/** The most a message may hold (the server refuses longer ones with its own sentence). */
export const chatMessageMax = 2000;

export const chatHistoryQueryKey = ["/api/chat"] as const;

export type ChatAction = NonNullable<ChatResponse["action"]>;
export type ChatAnswer = ChatResponse;
export type StoredChatMessage = { id: string; role: "user" | "assistant"; content: string; createdAt: string };

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function isAction(value: unknown): value is ChatAction {
  if (typeof value !== "object" || value === null || !("type" in value)) return false;
  const action = value as Record<string, unknown>;
  if (action.type === "setStrictness") return typeof action.value === "number";
  if (action.type === "setTone") return action.value === "gentle" || action.value === "neutral" || action.value === "direct";
  if (action.type === "navigate") return typeof action.to === "string";
  return false;
}

const incompleteAnswer = "Failed to get response";

function answerFrom(record: Record<string, unknown>): ChatAnswer {
  if (typeof record.message !== "string" || !record.message.trim()) throw new Error(incompleteAnswer);
  return {
    message: record.message,
    source: record.source === "model" ? "model" : "builtin",
    ...(isAction(record.action) ? { action: record.action } : {}),
  };
}

/**
 * Asks the general assistant with the teacher's time zone (so "this week" is their week) and reads the answer as it
 * is written: `onText` gets each piece of text as it arrives; resolves with the whole answer. Throws an ApiError for
 * a refused request and an Error when the answer fails or ends without being complete.
 */
export async function streamChatMessage(message: string, onText: (text: string) => void): Promise<ChatAnswer> {
  const timeZone = browserTimeZone();
  const response = await throwIfNotOk(
    await fetch("/api/chat/stream", {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/x-ndjson", "Content-Type": "application/json" },
      body: JSON.stringify(timeZone ? { message, timeZone } : { message }),
    }),
  );
  if (!response.body) throw new Error(incompleteAnswer);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffered += value ?? "";
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      const event: unknown = JSON.parse(line);
      const record = typeof event === "object" && event !== null ? (event as Record<string, unknown>) : {};
      if (record.type === "text" && typeof record.text === "string") onText(record.text);
      else if (record.type === "done") {
        await reader.cancel();
        return answerFrom(record);
      } else if (record.type === "error") throw new Error(typeof record.message === "string" ? record.message : incompleteAnswer);
    }
    if (done) throw new Error(incompleteAnswer);
  }
}

/** The teacher's kept conversation, oldest first. */
export async function fetchChatHistory(): Promise<StoredChatMessage[]> {
  const body = await getJson<{ messages?: StoredChatMessage[] }>("/api/chat");
  return Array.isArray(body.messages) ? body.messages : [];
}

export async function clearChatHistory(): Promise<void> {
  await apiRequest("DELETE", "/api/chat");
}
