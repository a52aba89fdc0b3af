import { ImagePlus, LoaderCircle, SendHorizontal, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/utils";
import type { ChatAttachment } from "../types";
import { imageLimits } from "../../../../contracts/assistant";
import { ImagePicker, tooManyFilesMessage } from "./file-picker";

type Draft = { key: string; name: string; previewUrl: string; attachment?: ChatAttachment };

let draftCounter = 0;

/**
 * The message box: Enter sends, Shift+Enter breaks the line, blank messages are ignored and nothing is sent while an
 * answer is pending. Images attached here upload at once and go with the next message.
 */
export function Composer({
  isPending,
  onSend,
  uploadImage,
}: {
  isPending: boolean;
  onSend: (text: string, attachments: ChatAttachment[]) => Promise<boolean>;
  uploadImage: (file: File) => Promise<ChatAttachment | undefined>;
}) {
  const [text, setText] = useState("");
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  useEffect(() => () => draftsRef.current.forEach((draft) => URL.revokeObjectURL(draft.previewUrl)), []);

  // The box grows with a pasted essay up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const box = textRef.current;
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${Math.min(box.scrollHeight + 2, 192)}px`;
  }, [text]);

  const isUploading = drafts.some((draft) => !draft.attachment);
  const ready = drafts.flatMap((draft) => (draft.attachment ? [draft.attachment] : []));
  const canSend = !isPending && !isUploading && (Boolean(text.trim()) || ready.length > 0);

  function attach(files: File[]) {
    if (drafts.length + files.length > imageLimits.maxPerMessage) {
      window.alert(tooManyFilesMessage(imageLimits.maxPerMessage));
      return;
    }
    for (const file of files) {
      draftCounter += 1;
      const draft: Draft = { key: `draft-${draftCounter}`, name: file.name, previewUrl: URL.createObjectURL(file) };
      setDrafts((current) => [...current, draft]);
      void uploadImage(file).then((attachment) => {
        if (attachment) {
          setDrafts((current) => current.map((item) => (item.key === draft.key ? { ...item, attachment } : item)));
        } else {
          URL.revokeObjectURL(draft.previewUrl);
          setDrafts((current) => current.filter((item) => item.key !== draft.key));
        }
      });
    }
  }

  function remove(key: string) {
    setDrafts((current) => {
      const found = current.find((item) => item.key === key);
      if (found) URL.revokeObjectURL(found.previewUrl);
      return current.filter((item) => item.key !== key);
    });
    textRef.current?.focus();
  }

  async function submit() {
    if (!canSend) return;
    const message = text;
    const sentDrafts = drafts;
    setText("");
    setDrafts([]);
    const sent = await onSend(message, ready);
    if (sent) {
      sentDrafts.forEach((draft) => URL.revokeObjectURL(draft.previewUrl));
    } else {
      setText((current) => current || message);
      setDrafts((current) => (current.length ? current : sentDrafts));
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-2 border-t border-border bg-surface p-3">
      {drafts.length ? (
        <ul aria-label="Images to send" className="flex flex-wrap gap-2">
          {drafts.map((draft) => (
            <li key={draft.key} className="relative">
              <img src={draft.previewUrl} alt={draft.name} className={cn("size-16 rounded-lg border border-border object-cover", !draft.attachment && "opacity-50")} />
              {draft.attachment ? null : (
                <span className="absolute inset-0 grid place-items-center">
                  <LoaderCircle aria-hidden className="size-5 animate-spin text-primary" />
                  <span className="sr-only">Uploading {draft.name}</span>
                </span>
              )}
              <button
                type="button"
                onClick={() => remove(draft.key)}
                aria-label={`Remove ${draft.name}`}
                className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full border border-border bg-surface text-muted-foreground shadow-xs hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <ImagePicker maxFiles={imageLimits.maxPerMessage} label="Images to attach" onPick={attach}>
          {(open) => (
            <Button variant="outline" size="icon" onClick={open} disabled={isPending} aria-label="Attach images" title="Attach images">
              <ImagePlus aria-hidden />
            </Button>
          )}
        </ImagePicker>
        <label htmlFor="setup-chat-message" className="sr-only">
          Message Markwise
        </label>
        <Textarea
          ref={textRef}
          id="setup-chat-message"
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          aria-describedby="setup-chat-hint"
          placeholder="Type your answer"
          className="max-h-48 min-h-10 flex-1 resize-none py-2"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message">
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <p id="setup-chat-hint" className="px-1 text-xs text-muted-foreground">
        Enter sends; Shift+Enter starts a new line. Attach up to {imageLimits.maxPerMessage} images.
      </p>
    </form>
  );
}
