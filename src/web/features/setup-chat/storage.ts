import { sanitizeSetupChatState, initialSetupChatState } from "../../../core/assistant/setup-chat-state";
import { emptyChecklist, type SetupChatMessage, type SetupChecklistView, type StoredSetupChat } from "./types";

/** The chat setup's browser storage key (spec section 4: "a setup-chat key"); the form setup uses setup_wizard_state. */
export const setupChatStorageKey = "setup_chat_state";

/** Enough to scroll back through a whole setup; older messages are dropped so storage stays small. */
const keptMessages = 300;

const messageRoles = ["user", "assistant", "system"];
const messageTypes = ["text", "interactive", "file_upload", "table", "system"];
const statuses = ["sending", "sent", "delivered", "read"];

function readMessage(value: unknown): SetupChatMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (typeof message.id !== "string" || typeof message.content !== "string" || typeof message.timestamp !== "string") return undefined;
  if (!messageRoles.includes(message.role as string) || !messageTypes.includes(message.type as string)) return undefined;
  const restored = { ...(message as unknown as SetupChatMessage) };
  if (restored.status !== undefined && !statuses.includes(restored.status)) delete restored.status;
  // A message that was on its way when the page closed did leave the browser, but its answer is lost.
  if (restored.status === "sending") restored.status = "sent";
  return restored;
}

function readChecklist(value: unknown): SetupChecklistView {
  if (typeof value !== "object" || value === null) return emptyChecklist;
  const checklist = value as Record<string, unknown>;
  const count = (field: unknown) => (typeof field === "number" && Number.isFinite(field) && field >= 0 ? field : 0);
  return {
    welcomeDone: checklist.welcomeDone === true,
    preferencesSet: Math.min(count(checklist.preferencesSet), 8),
    criteriaCount: count(checklist.criteriaCount),
    sampleCount: count(checklist.sampleCount),
    readyToGrade: checklist.readyToGrade === true,
  };
}

/**
 * The stored conversation, or undefined when there is none for this teacher. It carries the e-mail of the teacher it
 * belongs to (as the form setup's does), so on a shared computer one teacher's chat never opens in another's setup.
 */
export function readStoredSetupChat(owner: string): StoredSetupChat | undefined {
  try {
    const raw = window.localStorage.getItem(setupChatStorageKey);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const stored = parsed as Record<string, unknown>;
    if (stored.owner !== owner) return undefined;
    const messages = Array.isArray(stored.messages) ? stored.messages.map(readMessage).filter((message): message is SetupChatMessage => Boolean(message)) : [];
    if (messages.length === 0) return undefined;
    return {
      owner,
      messages,
      state: sanitizeSetupChatState(stored.state),
      checklist: readChecklist(stored.checklist),
      profileText: typeof stored.profileText === "string" ? stored.profileText : "",
      ...(typeof stored.askedField === "string" ? { askedField: stored.askedField } : {}),
    };
  } catch {
    return undefined;
  }
}

export function writeStoredSetupChat(chat: StoredSetupChat): void {
  try {
    window.localStorage.setItem(setupChatStorageKey, JSON.stringify({ ...chat, messages: chat.messages.slice(-keptMessages) }));
  } catch (error) {
    // A full or disabled storage only costs the restore after a reload; the page keeps working.
    console.warn("Could not keep the setup chat in this browser", error);
  }
}

export function clearStoredSetupChat(): void {
  try {
    window.localStorage.removeItem(setupChatStorageKey);
  } catch {
    // Nothing stored can be removed from a disabled storage either.
  }
}

export const freshSetupChat = (owner: string): StoredSetupChat => ({ owner, messages: [], state: initialSetupChatState, checklist: emptyChecklist, profileText: "" });
