import { Bot, LoaderCircle, SendHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/utils";
import { chatFailureMessage, sendChatMessage } from "../api";

type ChatMessage = { id: number; role: "teacher" | "assistant"; text: string; failed?: boolean };

/**
 * The dashboard's general AI chat box. Blank messages are ignored, nothing can be sent while an answer is
 * pending, Enter sends and Shift+Enter starts a new line; any failure shows the spec's apology.
 */
export function ChatPanel() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [isPending, setIsPending] = useState(false);
  const nextId = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, isPending]);

  const add = (message: Omit<ChatMessage, "id">) => {
    nextId.current += 1;
    const id = nextId.current;
    setMessages((current) => [...current, { ...message, id }]);
  };

  async function send() {
    const text = draft.trim();
    if (!text || isPending) return;
    add({ role: "teacher", text });
    setDraft("");
    setIsPending(true);
    try {
      add({ role: "assistant", text: await sendChatMessage(text) });
    } catch {
      add({ role: "assistant", text: chatFailureMessage, failed: true });
    } finally {
      setIsPending(false);
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

  return (
    <section aria-labelledby="chat-heading" className="flex flex-col rounded-2xl border border-border bg-surface shadow-card">
      <header className="flex items-center gap-3 border-b border-border px-5 py-4">
        <span className="grid size-9 place-items-center rounded-xl bg-accent-soft text-primary">
          <Bot aria-hidden className="size-5" />
        </span>
        <div>
          <h2 id="chat-heading" className="font-display text-lg font-semibold tracking-tight">
            Ask Markwise
          </h2>
          <p className="text-xs text-muted-foreground">Questions about grading, lessons or feedback.</p>
        </div>
      </header>
      <div ref={logRef} role="log" aria-label="Conversation" aria-live="polite" className="flex max-h-80 min-h-40 flex-col gap-3 overflow-y-auto px-5 py-4">
        {messages.length === 0 && !isPending ? (
          <p className="m-auto max-w-xs text-center text-sm text-muted-foreground">Ask anything, for example “How do I give feedback on a thesis statement?”</p>
        ) : null}
        {messages.map((message) => (
          <p
            key={message.id}
            className={cn(
              "max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed whitespace-pre-wrap",
              message.role === "teacher" ? "self-end rounded-br-md bg-primary text-primary-foreground" : "self-start rounded-bl-md bg-muted text-foreground",
              message.failed && "border border-destructive/25 bg-destructive-soft text-destructive",
            )}
          >
            <span className="sr-only">{message.role === "teacher" ? "You: " : "Markwise: "}</span>
            {message.text}
          </p>
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
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            aria-describedby="chat-hint"
            placeholder="Ask Markwise anything"
            className="min-h-11 flex-1 resize-none"
          />
          <Button type="submit" size="icon" disabled={isPending || !draft.trim()} aria-label="Send message">
            <SendHorizontal aria-hidden />
          </Button>
        </div>
        <p id="chat-hint" className="px-1 text-xs text-muted-foreground">
          Enter sends; Shift+Enter starts a new line.
        </p>
      </form>
    </section>
  );
}
