import { postJson } from "../../lib/api";

/** Spec section 8: what the chat says whenever an answer cannot be had. */
export const chatFailureMessage = "I apologize, but I'm having trouble responding right now. Please try again later.";

/** Asks the general assistant; resolves with its text answer, throws for any failure. */
export async function sendChatMessage(message: string): Promise<string> {
  const response = await postJson("/api/chat", { message });
  const body: unknown = await response.json();
  const text = typeof body === "object" && body !== null && "message" in body ? body.message : undefined;
  if (typeof text !== "string" || !text.trim()) throw new Error("Failed to get response");
  return text;
}
