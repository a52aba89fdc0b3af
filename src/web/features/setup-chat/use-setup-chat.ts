import { useCallback, useEffect, useRef, useState } from "react";
import { sanitizeSetupChatState, type SetupChatState } from "../../../core/assistant/setup-chat-state";
import { ApiError, describeError } from "../../lib/api";
import { confirmSetupImageText, describeImageProblem, fetchSetupProgress, sendSetupChatMessage, setupFailureMessage, uploadFailedMessage, uploadSetupImage } from "./api";
import { clearStoredSetupChat, freshSetupChat, readStoredSetupChat, writeStoredSetupChat } from "./storage";
import type { ChatAttachment, ChatTable, MessageStatus, SetupChatMessage, SetupChecklistView, StoredSetupChat } from "./types";
import type { TranscriptionToReview } from "./use-transcription-review";

/** Spec section 4: a reply with one of these phrases opens the review/save dialog. */
const reviewPhrases = /\b(?:all set|ready to get started|good to go)\b/i;
/** Said when the greeting cannot be fetched; the next message is read as the name, as the server would ask. */
const localGreeting = "Hi! I'll help you set up your grading profile: who you are, how you grade, your rubric and one graded sample. Let's start with you. What's your name?";
/** How much of the conversation goes with each message, for a model's context. */
const historySent = 30;


let counter = 0;
const newId = () => `m-${Date.now().toString(36)}-${(counter += 1)}`;
const now = () => new Date().toISOString();

export const isProfileComplete = (checklist: SetupChecklistView) => checklist.welcomeDone && checklist.preferencesSet >= 8;

/** Start Grading (spec sections 2 and 9): welcome, 8/8 preferences, at least 3 criteria, at least 1 sample, and a rubric the server accepts. */
export const canStartGrading = (checklist: SetupChecklistView) =>
  isProfileComplete(checklist) && checklist.criteriaCount >= 3 && checklist.sampleCount >= 1 && checklist.readyToGrade;

function rubricTable(state: SetupChatState): ChatTable {
  const isWeighted = state.rubric.kind === "weights";
  const total = state.rubric.criteria.reduce((sum, criterion) => sum + criterion.maxPoints, 0);
  return {
    caption: "Your rubric",
    columns: ["Criterion", isWeighted ? "Weight" : "Points"],
    rows: state.rubric.criteria.map((criterion) => [criterion.name, isWeighted ? `${criterion.maxPoints}%` : String(criterion.maxPoints)]),
    footer: ["Total", isWeighted ? `${total}%` : String(total)],
  };
}

function historyOf(messages: SetupChatMessage[]): { role: "user" | "assistant"; content: string }[] {
  return messages
    .filter((message): message is SetupChatMessage & { role: "user" | "assistant" } => (message.role === "user" || message.role === "assistant") && message.type !== "file_upload" && !message.isError && Boolean(message.content.trim()))
    .slice(-historySent)
    .map((message) => ({ role: message.role, content: message.content }));
}

export interface SetupChat {
  chat: StoredSetupChat;
  isPending: boolean;
  /** Counts up each time the review dialog should open by itself. */
  reviewRequests: number;
  /** Sends a message (text and/or uploaded images); empty with no images is ignored. Resolves false when not sent. */
  send: (text: string, attachments?: ChatAttachment[]) => Promise<boolean>;
  /** Uploads images one by one; each failure becomes a system message. Resolves with the ones that made it. */
  uploadImages: (files: File[]) => Promise<ChatAttachment[]>;
  uploadImage: (file: File) => Promise<ChatAttachment | undefined>;
  addSystemMessage: (content: string, isError?: boolean) => void;
  /** Reads the saved setup back from the server (after a save, or when the form may have changed it). */
  refresh: () => Promise<void>;
  /** Marks delivered answers as read once they have been on screen. */
  markRead: () => void;
  startOver: () => void;
}

/**
 * The chat setup's conversation: each message goes to the server with the state it answered last time, and the
 * answer (reply, quick actions, checklist, profile text, new state) is kept in local storage for this teacher.
 */
export function useSetupChat(owner: string, reviewTranscription: (item: TranscriptionToReview) => Promise<string | undefined>): SetupChat {
  const [chat, setChat] = useState<StoredSetupChat>(() => readStoredSetupChat(owner) ?? freshSetupChat(owner));
  const [isPending, setIsPending] = useState(false);
  const [reviewRequests, setReviewRequests] = useState(0);
  const chatRef = useRef(chat);
  const pendingRef = useRef(false);
  const greeted = useRef(chat.messages.length > 0);

  const update = useCallback((change: (current: StoredSetupChat) => StoredSetupChat) => {
    const next = change(chatRef.current);
    chatRef.current = next;
    setChat(next);
    // Written at once rather than after rendering, so a message added just before leaving the page is kept too.
    if (next.messages.length) writeStoredSetupChat(next);
  }, []);

  const setStatus = useCallback(
    (id: string | undefined, status: MessageStatus) => {
      if (!id) return;
      update((current) => ({ ...current, messages: current.messages.map((message) => (message.id === id ? { ...message, status } : message)) }));
    },
    [update],
  );

  const addSystemMessage = useCallback(
    (content: string, isError = false) => {
      update((current) => ({ ...current, messages: [...current.messages, { id: newId(), timestamp: now(), role: "system", type: "system", content, ...(isError ? { isError } : {}) }] }));
    },
    [update],
  );

  const exchange = useCallback(
    async (text: string, attachments: ChatAttachment[]): Promise<boolean> => {
      if (pendingRef.current) return false;
      const isGreeting = !text && attachments.length === 0;
      pendingRef.current = true;
      setIsPending(true);
      const before = chatRef.current;
      let sentId: string | undefined;
      if (!isGreeting) {
        sentId = newId();
        const message: SetupChatMessage = { id: sentId, timestamp: now(), role: "user", type: "text", content: text, status: "sending", ...(attachments.length ? { attachments } : {}) };
        update((current) => ({ ...current, messages: [...current.messages, message] }));
      }
      try {
        const answer = await sendSetupChatMessage(
          {
            message: text,
            setupState: before.state,
            conversationHistory: historyOf(before.messages),
            attachments: attachments.map((attachment) => ({ ...attachment, filename: attachment.name })),
          },
          () => setStatus(sentId, "sent"),
        );
        const state = sanitizeSetupChatState(answer.state);
        const added: SetupChatMessage[] = [
          {
            id: newId(),
            timestamp: now(),
            role: "assistant",
            type: answer.quickActions.length ? "interactive" : "text",
            content: answer.reply,
            ...(answer.quickActions.length ? { quickActions: answer.quickActions } : {}),
          },
        ];
        if (state.rubric.criteria.length && JSON.stringify(state.rubric.criteria) !== JSON.stringify(before.state.rubric.criteria)) {
          added.push({ id: newId(), timestamp: now(), role: "assistant", type: "table", content: "Your rubric", table: rubricTable(state) });
        }
        const asked = answer.askedField;
        if ((asked === "rubric" || asked === "sample") && before.askedField !== asked) {
          const purpose = asked;
          const content = purpose === "rubric" ? "Or upload a photo of your rubric" : "Or upload photos of a graded essay";
          added.push({ id: newId(), timestamp: now(), role: "assistant", type: "file_upload", content, upload: { purpose } });
        }
        update((current) => ({
          ...current,
          state,
          checklist: answer.checklist,
          profileText: answer.profileText,
          ...(asked ? { askedField: asked } : { askedField: undefined }),
          messages: [...current.messages.map((message) => (message.id === sentId ? { ...message, status: "delivered" as const } : message)), ...added],
        }));
        const becameComplete = !isProfileComplete(before.checklist) && isProfileComplete(answer.checklist);
        if (becameComplete || reviewPhrases.test(answer.reply)) setReviewRequests((count) => count + 1);
        return true;
      } catch (error) {
        // Too many messages, or one too long, is said as the server says it; anything else gets the spec's apology.
        const refusal = error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.serverMessage : undefined;
        if (isGreeting) {
          update((current) => ({ ...current, messages: [...current.messages, { id: newId(), timestamp: now(), role: "assistant", type: "text", content: localGreeting }] }));
        } else {
          update((current) => ({
            ...current,
            messages: [
              ...current.messages.map((message) => (message.id === sentId && message.status === "sending" ? { ...message, status: "sent" as const } : message)),
              { id: newId(), timestamp: now(), role: "assistant", type: "text", content: refusal ?? setupFailureMessage, isError: true },
            ],
          }));
        }
        return true;
      } finally {
        pendingRef.current = false;
        setIsPending(false);
      }
    },
    [setStatus, update],
  );

  const refresh = useCallback(async () => {
    try {
      const progress = await fetchSetupProgress();
      // An answer on its way carries the same saved state; it is not overwritten by an older reading.
      if (pendingRef.current) return;
      update((current) => ({
        ...current,
        state: sanitizeSetupChatState({ ...(progress.state as object), lastField: current.state.lastField }),
        checklist: progress.checklist,
        profileText: progress.profileText,
        ...(progress.askedField ? { askedField: progress.askedField } : { askedField: undefined }),
      }));
    } catch (error) {
      // The checklist then shows this browser's last answer until the next message reads the saved setup again.
      console.warn("Could not read the saved setup", error);
    }
  }, [update]);

  // The checklist shows what is saved, which the form setup may have changed since this conversation was kept; a new
  // conversation's greeting reads it anyway.
  const refreshed = useRef(chat.messages.length === 0);
  useEffect(() => {
    if (refreshed.current || !chat.messages.length) return;
    refreshed.current = true;
    void refresh();
  }, [refresh, chat.messages.length]);

  // A new conversation opens with the server's greeting and first question.
  useEffect(() => {
    if (greeted.current || chat.messages.length) return;
    greeted.current = true;
    void exchange("", []);
  }, [exchange, chat.messages.length]);

  const send = useCallback(
    async (text: string, attachments: ChatAttachment[] = []) => {
      const trimmed = text.trim();
      if (!trimmed && attachments.length === 0) return false;
      return exchange(trimmed, attachments);
    },
    [exchange],
  );

  const uploadImage = useCallback(
    async (file: File) => {
      const problem = describeImageProblem(file);
      if (problem) {
        addSystemMessage(`${uploadFailedMessage}: ${problem}`, true);
        return undefined;
      }
      try {
        const uploaded = await uploadSetupImage(file);
        const name = uploaded.filename || file.name;
        // Said once per conversation (e.g. that offline reading covers printed text only), not under every photo.
        if (uploaded.notice && !chatRef.current.messages.some((message) => message.content === uploaded.notice)) addSystemMessage(uploaded.notice);
        if (uploaded.needsConfirmation) {
          // A model's reading is used only as the teacher confirms or corrects it; the server keeps that text.
          const confirmed = await reviewTranscription({ name, imageUrl: uploaded.dataUrl, text: uploaded.text });
          if (confirmed === undefined) {
            addSystemMessage(`${name} was not attached: its text was discarded.`);
            return undefined;
          }
          await confirmSetupImageText(uploaded.url, confirmed);
        }
        // The server keeps the text of the image and adds it to the conversation itself.
        return { url: uploaded.url, mimeType: uploaded.mimeType, name };
      } catch (error) {
        const reason = error instanceof ApiError ? describeError(error, "") : "";
        addSystemMessage(reason ? `${uploadFailedMessage}: ${reason}` : uploadFailedMessage, true);
        return undefined;
      }
    },
    [addSystemMessage, reviewTranscription],
  );

  const uploadImages = useCallback(
    async (files: File[]) => {
      const uploaded: ChatAttachment[] = [];
      for (const file of files) {
        const attachment = await uploadImage(file);
        if (attachment) uploaded.push(attachment);
      }
      return uploaded;
    },
    [uploadImage],
  );

  const markRead = useCallback(() => {
    if (!chatRef.current.messages.some((message) => message.status === "delivered")) return;
    update((current) => ({ ...current, messages: current.messages.map((message) => (message.status === "delivered" ? { ...message, status: "read" as const } : message)) }));
  }, [update]);

  const startOver = useCallback(() => {
    clearStoredSetupChat();
    const fresh = freshSetupChat(owner);
    chatRef.current = fresh;
    greeted.current = false;
    setChat(fresh);
  }, [owner]);

  return { chat, isPending, reviewRequests, send, uploadImages, uploadImage, addSystemMessage, refresh, markRead, startOver };
}
