import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, Bot, Check, LoaderCircle, SendHorizontal, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/utils";
import { teacherProfileQueryKey } from "../../assignments/api";
import { calibrationQueryKey } from "../../calibration/api";
import { isInternalPath } from "../message-parts";
import { MessageText } from "./message-text";
import { chatFailureMessage, chatMessageMax, clearChatHistory, fetchChatHistory, streamChatMessage, type ChatAction } from "../api";

type ChatMessage = {
  id: string;
  role: "teacher" | "assistant";
  text: string;
  failed?: boolean;
  /** Only answers given in this visit carry these; the kept history has text alone. */
  source?: "builtin" | "model";
  action?: ChatAction;
};

type HistoryState = { status: "loading" } | { status: "ready"; messages: ChatMessage[] } | { status: "unavailable" };

/** The counter appears once a message nears the limit, so short questions stay uncluttered. */
const counterFrom = Math.floor(chatMessageMax * 0.8);
const sourceLabels = { builtin: "Built-in assistant", model: "AI model" } as const;

/** The pages an answer may offer to open, named for the button. */
function pageLabel(to: string): string {
  const path = to.split(/[?#]/)[0] ?? to;
  if (path === "/assignments/new") return "Open New Assignment";
  if (path === "/assignments") return "Open Assignments";
  if (path.startsWith("/assignments/")) return "Open the assignment";
  if (path === "/setup") return "Open Form Setup";
  if (path === "/setup-wizard") return "Open Chat Setup";
  if (path === "/app/settings") return "Open Settings";
  if (path === "/videos") return "Open Videos";
  return "Open the page";
}


/**
 * The dashboard's general AI chat box. The conversation is kept per teacher on the server and loaded on mount.
 * Blank messages are ignored, nothing can be sent while an answer is pending, Enter sends and Shift+Enter starts
 * a new line; a refused message (too long, too many) shows the server's sentence and keeps the draft; any other
 * failure shows the spec's apology. A changed default refreshes the profile; a suggested page is offered, never opened.
 */
export function ChatPanel() {
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<HistoryState>({ status: "loading" });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [isPending, setIsPending] = useState(false);
  const [isClearing, setIsClearing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const nextId = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    fetchChatHistory()
      .then((stored) => {
        if (cancelled) return;
        setHistory({
          status: "ready",
          messages: stored.map((message) => ({ id: `history-${message.id}`, role: message.role === "user" ? "teacher" : "assistant", text: message.content })),
        });
      })
      .catch(() => {
        // Without the kept conversation the panel still works; it just starts empty.
        if (!cancelled) setHistory({ status: "unavailable" });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const shown = [...(history.status === "ready" ? history.messages : []), ...messages];

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown.length, shown.at(-1)?.text.length, isPending, history.status]);

  const add = (message: Omit<ChatMessage, "id">): string => {
    nextId.current += 1;
    const id = `local-${nextId.current}`;
    setMessages((current) => [...current, { ...message, id }]);
    return id;
  };

  async function send() {
    const text = draft.trim();
    if (!text || isPending) return;
    setNotice(undefined);
    const sentId = add({ role: "teacher", text });
    setDraft("");
    setIsPending(true);
    // The answer's bubble appears with its first words and grows as the rest is written.
    let answerId: string | undefined;
    const settle = (message: Omit<ChatMessage, "id">) => {
      const id = answerId;
      if (id) setMessages((current) => current.map((item) => (item.id === id ? { ...message, id } : item)));
      else answerId = add(message);
    };
    try {
      const answer = await streamChatMessage(text, (piece) => {
        const id = answerId;
        if (id) setMessages((current) => current.map((item) => (item.id === id ? { ...item, text: item.text + piece } : item)));
        else answerId = add({ role: "assistant", text: piece });
      });
      settle({ role: "assistant", text: answer.message, source: answer.source, ...(answer.action ? { action: answer.action } : {}) });
      if (answer.action?.type === "setStrictness" || answer.action?.type === "setTone") {
        void queryClient.invalidateQueries({ queryKey: calibrationQueryKey });
        void queryClient.invalidateQueries({ queryKey: teacherProfileQueryKey });
      }
    } catch (error) {
      // A refused message (too long, too many at once) is the teacher's to fix: it goes back into the box with the reason.
      const refusal = error instanceof ApiError && (error.status === 400 || error.status === 429) ? (error.fields?.message ?? error.serverMessage) : undefined;
      if (refusal) {
        setMessages((current) => current.filter((message) => message.id !== sentId));
        setDraft((current) => (current.trim() ? current : text));
        setNotice(refusal);
      } else {
        // Words already shown from an answer that then failed are not kept: the apology takes their place.
        settle({ role: "assistant", text: chatFailureMessage, failed: true });
      }
    } finally {
      setIsPending(false);
    }
  }

  async function clear() {
    if (isPending || isClearing) return;
    setIsClearing(true);
    setNotice(undefined);
    try {
      await clearChatHistory();
      setHistory({ status: "ready", messages: [] });
      setMessages([]);
    } catch {
      setNotice("The conversation could not be cleared. Try again.");
    } finally {
      setIsClearing(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  const isOverLimit = draft.length > chatMessageMax;

  return (
    <section aria-labelledby="chat-heading" className="flex flex-col rounded-2xl border border-border bg-surface shadow-card">
      <header className="flex items-center gap-3 border-b border-border px-5 py-4">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-primary">
          <Bot aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="chat-heading" className="font-display text-lg font-semibold tracking-tight">
            Ask Markwise
          </h2>
          <p className="text-xs text-muted-foreground">Questions about grading, lessons or feedback.</p>
        </div>
        {shown.length > 0 ? (
          <Button variant="ghost" size="icon" onClick={() => void clear()} disabled={isPending || isClearing} aria-label="Clear conversation" title="Clear conversation">
            {isClearing ? <LoaderCircle aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />}
          </Button>
        ) : null}
      </header>
      <div ref={logRef} role="log" aria-label="Conversation" aria-live="polite" className="relative flex max-h-96 min-h-40 flex-col gap-3 overflow-y-auto px-5 py-4">
        {history.status === "loading" ? (
          <p className="m-auto inline-flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
            Loading your conversation...
          </p>
        ) : null}
        {history.status !== "loading" && shown.length === 0 && !isPending ? (
          <p className="m-auto max-w-xs text-center text-sm text-muted-foreground">Ask anything, for example “What needs my review?”, “Who hasn’t submitted?” or “Set my strictness to 70”.</p>
        ) : null}
        {shown.map((message) => (
          <div key={message.id} className={cn("flex max-w-[85%] flex-col gap-1", message.role === "teacher" ? "self-end items-end" : "self-start items-start")}>
            <p
              className={cn(
                "rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap",
                message.role === "teacher" ? "rounded-br-md bg-primary text-primary-foreground" : "rounded-bl-md bg-muted text-foreground",
                message.failed && "border border-destructive/25 bg-destructive-soft text-destructive",
              )}
            >
              <span className="sr-only">{message.role === "teacher" ? "You: " : "Markwise: "}</span>
              {message.role === "assistant" ? <MessageText text={message.text} /> : message.text}
            </p>
            {message.action ? <ActionNote action={message.action} /> : null}
            {message.source ? <span className="px-1 text-[0.7rem] text-muted-foreground">{sourceLabels[message.source]}</span> : null}
          </div>
        ))}
        {isPending ? (
          <p className="inline-flex items-center gap-2 self-start text-sm text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
            Markwise is typing...
          </p>
        ) : null}
      </div>
      <form onSubmit={handleSubmit} className="grid gap-1.5 border-t border-border p-3">
        <div className="flex items-end gap-2">
          <label htmlFor="chat-message" className="sr-only">
            Message Markwise
          </label>
          <Textarea
            id="chat-message"
            rows={1}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (notice) setNotice(undefined);
            }}
            onKeyDown={handleKeyDown}
            aria-describedby={notice ? "chat-hint chat-notice" : "chat-hint"}
            aria-invalid={isOverLimit || Boolean(notice) || undefined}
            placeholder="Ask Markwise anything"
            className="min-h-11 flex-1 resize-none"
          />
          <Button type="submit" size="icon" disabled={isPending || !draft.trim()} aria-label="Send message">
            <SendHorizontal aria-hidden />
          </Button>
        </div>
        {notice ? (
          <p id="chat-notice" role="alert" className="px-1 text-sm text-destructive">
            {notice}
          </p>
        ) : null}
        <p id="chat-hint" className="flex flex-wrap justify-between gap-x-3 px-1 text-xs text-muted-foreground">
          <span>Enter sends; Shift+Enter starts a new line.</span>
          {draft.length >= counterFrom ? (
            <span className={cn("tabular-nums", isOverLimit && "font-medium text-destructive")}>
              {draft.length.toLocaleString("en-US")}/{chatMessageMax.toLocaleString("en-US")} characters
            </span>
          ) : null}
        </p>
      </form>
    </section>
  );
}

function ActionNote({ action }: { action: ChatAction }) {
  if (action.type === "navigate") {
    if (!isInternalPath(action.to)) return null;
    return (
      <Button asChild variant="outline" size="sm" className="h-8">
        <Link to={action.to}>
          {pageLabel(action.to)}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    );
  }
  const text = action.type === "setStrictness" ? `Saved: strictness ${action.value}` : `Saved: tone ${action.value}`;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-strong">
      <Check aria-hidden className="size-3.5" />
      {text}
    </span>
  );
}
