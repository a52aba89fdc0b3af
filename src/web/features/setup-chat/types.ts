import type { SetupChatState } from "../../../core/assistant/setup-chat-state";

/** Spec section 3, Chat message: the statuses a teacher's message goes through. */
export type MessageStatus = "sending" | "sent" | "delivered" | "read";
export type MessageType = "text" | "interactive" | "file_upload" | "table" | "system";

export interface ChatAttachment {
  url: string;
  mimeType: string;
  name: string;
}

export interface ChatTable {
  caption: string;
  columns: string[];
  rows: string[][];
  footer?: string[];
}

export interface SetupChatMessage {
  id: string;
  timestamp: string;
  role: "user" | "assistant" | "system";
  type: MessageType;
  content: string;
  status?: MessageStatus;
  attachments?: ChatAttachment[];
  quickActions?: string[];
  /** For the assistant's failure text and system errors. */
  isError?: boolean;
  /** file_upload items: what the photos are of (as many may be chosen as go with one message, imageLimits). */
  upload?: { purpose: "rubric" | "sample" };
  table?: ChatTable;
}

export interface SetupChecklistView {
  welcomeDone: boolean;
  preferencesSet: number;
  criteriaCount: number;
  sampleCount: number;
  readyToGrade: boolean;
}

/** What the page keeps in local storage and restores after a reload. */
export interface StoredSetupChat {
  owner: string;
  messages: SetupChatMessage[];
  /** The server's sanitized state from the last answer, sent back with the next message. */
  state: SetupChatState;
  checklist: SetupChecklistView;
  profileText: string;
  askedField?: string;
}

export const emptyChecklist: SetupChecklistView = { welcomeDone: false, preferencesSet: 0, criteriaCount: 0, sampleCount: 0, readyToGrade: false };
