import type { ChatResponse } from "../../../contracts/assistant";
import { apiRequest, getJson, postJson } from "../../lib/api";

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

/**
 * Asks the general assistant with the teacher's time zone (so "this week" is their week); resolves with its answer,
 * throws an ApiError for a refused request and "Failed to get response" for an answer without text.
 */
export async function sendChatMessage(message: string): Promise<ChatAnswer> {
  const timeZone = browserTimeZone();
  const response = await postJson("/api/chat", timeZone ? { message, timeZone } : { message });
  const body: unknown = await response.json();
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof record.message !== "string" || !record.message.trim()) throw new Error("Failed to get response");
  return {
    message: record.message,
    source: record.source === "model" ? "model" : "builtin",
    ...(isAction(record.action) ? { action: record.action } : {}),
  };
}

/** The teacher's kept conversation, oldest first. */
export async function fetchChatHistory(): Promise<StoredChatMessage[]> {
  const body = await getJson<{ messages?: StoredChatMessage[] }>("/api/chat");
  return Array.isArray(body.messages) ? body.messages : [];
}

export async function clearChatHistory(): Promise<void> {
  await apiRequest("DELETE", "/api/chat");
}
