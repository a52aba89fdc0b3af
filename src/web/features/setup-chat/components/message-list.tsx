import { Bot, Check, CheckCheck, Clock, ImagePlus, Info, LoaderCircle, TriangleAlert } from "lucide-react";
import { useState, type ReactNode } from "react";
import { imageLimits } from "../../../../contracts/assistant";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import type { ChatAttachment, MessageStatus, SetupChatMessage } from "../types";
import { ImagePicker } from "./file-picker";

const statusLabels: Record<MessageStatus, string> = { sending: "Sending", sent: "Sent", delivered: "Delivered", read: "Read" };
const statusIcons = { sending: Clock, sent: Check, delivered: CheckCheck, read: CheckCheck } as const;

export interface MessageListProps {
  messages: SetupChatMessage[];
  isPending: boolean;
  /** The upload card that still takes photos (the newest one for the question being asked). */
  activeUploadId?: string;
  onQuickAction: (action: string) => void;
  onUploadPick: (files: File[]) => Promise<void>;
}

const timeOf = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
};

export function MessageList({ messages, isPending, activeUploadId, onQuickAction, onUploadPick }: MessageListProps) {
  const lastAssistant = [...messages].reverse().find((message) => message.role === "assistant" && message.type !== "table" && message.type !== "file_upload");
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const lastIndex = (message: SetupChatMessage | undefined) => (message ? messages.indexOf(message) : -1);
  // Quick replies belong to the question still open: the newest assistant message with nothing typed after it.
  const quickActionsFor = lastIndex(lastAssistant) > lastIndex(lastUser) ? lastAssistant?.id : undefined;

  return (
    <>
      {messages.map((message) => {
        if (message.type === "system") return <SystemNote key={message.id} message={message} />;
        if (message.role === "user") return <UserMessage key={message.id} message={message} showStatusText={message.id === lastUser?.id} />;
        return (
          <AssistantRow key={message.id} message={message}>
            {message.type === "table" && message.table ? <RubricTable table={message.table} /> : null}
            {message.type === "file_upload" && message.upload ? (
              <UploadCard message={message} isActive={message.id === activeUploadId} isPending={isPending} onPick={onUploadPick} />
            ) : null}
            {message.type === "text" || message.type === "interactive" ? (
              <p
                className={cn(
                  "rounded-2xl rounded-tl-md px-3.5 py-2.5 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap",
                  message.isError ? "border border-destructive/25 bg-destructive-soft text-destructive" : "border border-border/60 bg-surface shadow-card",
                )}
              >
                <span className="sr-only">Markwise: </span>
                {message.content}
              </p>
            ) : null}
            {message.quickActions?.length && message.id === quickActionsFor ? (
              <div role="group" aria-label="Quick replies" className="mt-1 flex flex-wrap gap-2">
                {message.quickActions.map((action) => (
                  <Button key={action} variant="outline" size="sm" className="h-9 rounded-full border-primary/30 text-accent-strong hover:bg-accent-soft" disabled={isPending} onClick={() => onQuickAction(action)}>
                    {action}
                  </Button>
                ))}
              </div>
            ) : null}
          </AssistantRow>
        );
      })}
      {isPending ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Avatar />
          <span className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden className="size-4 animate-spin text-primary" />
            Markwise is typing...
          </span>
        </div>
      ) : null}
    </>
  );
}

function Avatar() {
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-soft text-primary">
      <Bot aria-hidden className="size-4" />
    </span>
  );
}

function AssistantRow({ message, children }: { message: SetupChatMessage; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 sm:gap-3" title={timeOf(message.timestamp)}>
      <Avatar />
      <div className="grid min-w-0 max-w-[calc(100%-2.75rem)] justify-items-start gap-1.5 sm:max-w-[85%]">{children}</div>
    </div>
  );
}

function UserMessage({ message, showStatusText }: { message: SetupChatMessage; showStatusText: boolean }) {
  const StatusIcon = message.status ? statusIcons[message.status] : undefined;
  return (
    <div className="grid max-w-[85%] justify-items-end gap-1 self-end" title={timeOf(message.timestamp)}>
      {message.attachments?.length ? <Attachments attachments={message.attachments} /> : null}
      {message.content ? (
        <p className="rounded-2xl rounded-br-md bg-primary px-3.5 py-2.5 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-primary-foreground">
          <span className="sr-only">You: </span>
          {message.content}
        </p>
      ) : null}
      {message.status && StatusIcon ? (
        <span className={cn("inline-flex items-center gap-1 px-1 text-[0.7rem] text-muted-foreground", message.status === "read" && "text-primary")} title={statusLabels[message.status]}>
          <StatusIcon aria-hidden className="size-3.5" />
          <span className={showStatusText ? undefined : "sr-only"}>{statusLabels[message.status]}</span>
        </span>
      ) : null}
    </div>
  );
}

function Attachments({ attachments }: { attachments: ChatAttachment[] }) {
  return (
    <ul aria-label="Attached images" className="flex flex-wrap justify-end gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.url}>
          <img src={attachment.url} alt={attachment.name} className="h-24 max-w-40 rounded-xl border border-border bg-muted object-cover" loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

function SystemNote({ message }: { message: SetupChatMessage }) {
  const Icon = message.isError ? TriangleAlert : Info;
  return (
    <p
      className={cn(
        "mx-auto inline-flex max-w-full items-center gap-1.5 self-center rounded-full px-3 py-1 text-center text-xs font-medium",
        message.isError ? "bg-destructive-soft text-destructive" : "bg-muted text-muted-foreground",
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span>{message.content}</span>
    </p>
  );
}

function RubricTable({ table }: { table: NonNullable<SetupChatMessage["table"]> }) {
  return (
    <div className="w-full min-w-56 overflow-x-auto rounded-xl border border-border bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="border-b border-border px-3.5 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">{table.caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            {table.columns.map((column, index) => (
              <th key={column} scope="col" className={cn("px-3.5 py-2 font-medium", index > 0 && "text-right")}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-border/60 last:border-0">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-3.5 py-2 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3.5 py-2 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {table.footer ? (
          <tfoot>
            <tr className="border-t border-border bg-muted/60">
              {table.footer.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-3.5 py-2 font-semibold">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3.5 py-2 text-right font-semibold tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function UploadCard({ message, isActive, isPending, onPick }: { message: SetupChatMessage; isActive: boolean; isPending: boolean; onPick: (files: File[]) => Promise<void> }) {
  const [isUploading, setIsUploading] = useState(false);
  const maxFiles = imageLimits.maxPerMessage;
  const purpose = message.upload?.purpose === "rubric" ? "rubric" : "graded sample";
  return (
    <section aria-label={message.content} className="grid w-full min-w-56 gap-3 rounded-xl border border-dashed border-primary/40 bg-accent-soft/50 p-3.5">
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface text-primary shadow-xs">
          <ImagePlus aria-hidden className="size-4.5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold">{message.content}</p>
          <p className="mt-0.5 text-xs leading-relaxed text-muted-foreground">
            PNG, JPEG, WebP or GIF, up to 10 MB each; up to {maxFiles} images. I'll read the text in them.
          </p>
        </div>
      </div>
      {isActive ? (
        <ImagePicker
          maxFiles={maxFiles}
          label={`Photos of your ${purpose}`}
          onPick={(files) => {
            setIsUploading(true);
            void onPick(files).finally(() => setIsUploading(false));
          }}
        >
          {(open) => (
            <Button variant="outline" size="sm" className="justify-self-start bg-surface" onClick={open} disabled={isPending || isUploading}>
              {isUploading ? <LoaderCircle aria-hidden className="animate-spin" /> : <ImagePlus aria-hidden />}
              {isUploading ? "Uploading..." : "Choose images"}
            </Button>
          )}
        </ImagePicker>
      ) : (
        <p className="text-xs text-muted-foreground">To send more photos, attach them from the message box below.</p>
      )}
    </section>
  );
}
