import { ArrowLeft, Clapperboard, LoaderCircle } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import {
  createVideoRequestInput,
  videoDefaults,
  videoDurations,
  videoMessages,
  videoStyles,
  videoVoices,
} from "../../../contracts/video-requests";
import { SimpleHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label, OptionalMark } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/toast";
import { submitVideoRequest } from "../../features/video-requests/api";
import { describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";

type VideoFields = { topic: string; style: string; duration: string; voice: string; notes: string; email: string };

const initialFields: VideoFields = { topic: "", notes: "", email: "", ...videoDefaults };

export function VideosPage() {
  useDocumentTitle("Request a video");
  const navigate = useNavigate();
  const [fields, setFields] = useState<VideoFields>(initialFields);
  const [isSending, setIsSending] = useState(false);
  const [invalid, setInvalid] = useState<{ topic?: boolean; email?: boolean }>({});

  function update(name: keyof VideoFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (name === "topic" || name === "email") setInvalid((current) => ({ ...current, [name]: false }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;

    const topicMissing = fields.topic.trim() === "";
    const emailMissing = fields.email.trim() === "";
    if (topicMissing || emailMissing) {
      setInvalid({ topic: topicMissing, email: emailMissing });
      toast({ variant: "destructive", title: videoMessages.missingTitle, description: videoMessages.missing });
      return;
    }
    const parsed = createVideoRequestInput.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid({ [String(issue?.path[0])]: true });
      toast({ variant: "destructive", title: "Check the form", description: issue?.message ?? videoMessages.fallbackError });
      return;
    }

    setIsSending(true);
    try {
      await submitVideoRequest(parsed.data);
      toast({ title: videoMessages.successTitle, description: videoMessages.success });
      navigate("/app");
    } catch (error) {
      toast({ variant: "destructive", title: "Request not sent", description: describeError(error, videoMessages.fallbackError) });
      setIsSending(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <Link
          to="/app"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </Link>

        <div className="mt-6 flex items-start gap-4">
          <span className="hidden size-12 shrink-0 place-items-center rounded-2xl bg-accent-soft text-primary sm:grid">
            <Clapperboard aria-hidden className="size-6" />
          </span>
          <div>
            <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">Request an AI-Generated Video</h1>
            <p className="mt-2 leading-relaxed text-muted-foreground">
              Describe the lesson you need a short video for. Your request goes to our video team, who reply at the email you give.
            </p>
          </div>
        </div>

        <form noValidate onSubmit={handleSubmit} aria-busy={isSending} className="mt-8 grid gap-6 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-8">
          <Field label="Topic" htmlFor="video-topic">
            <Input
              id="video-topic"
              name="topic"
              placeholder="e.g. How photosynthesis works"
              value={fields.topic}
              onChange={(event) => update("topic", event.target.value)}
              aria-invalid={invalid.topic || undefined}
              aria-required
            />
          </Field>

          <div className="grid gap-6 sm:grid-cols-3 sm:gap-4">
            <Field label="Style" htmlFor="video-style">
              <ChoiceSelect id="video-style" value={fields.style} options={videoStyles} onChange={(value) => update("style", value)} />
            </Field>
            <Field label="Duration" htmlFor="video-duration">
              <ChoiceSelect id="video-duration" value={fields.duration} options={videoDurations} onChange={(value) => update("duration", value)} />
            </Field>
            <Field label="Voice" htmlFor="video-voice">
              <ChoiceSelect id="video-voice" value={fields.voice} options={videoVoices} onChange={(value) => update("voice", value)} />
            </Field>
          </div>

          <Field label="Notes" htmlFor="video-notes" optional>
            <Textarea
              id="video-notes"
              name="notes"
              placeholder="Grade level, key points to cover, anything to avoid"
              value={fields.notes}
              onChange={(event) => update("notes", event.target.value)}
            />
          </Field>

          <Field label="Email" htmlFor="video-email">
            <Input
              id="video-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@school.org"
              value={fields.email}
              onChange={(event) => update("email", event.target.value)}
              aria-invalid={invalid.email || undefined}
              aria-required
            />
          </Field>

          <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/app">Cancel</Link>
            </Button>
            <Button type="submit" disabled={isSending} className="sm:min-w-40">
              {isSending ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {isSending ? "Sending..." : "Submit request"}
            </Button>
          </div>
        </form>
      </main>
    </div>
  );
}

function Field({ label, htmlFor, optional, children }: { label: string; htmlFor: string; optional?: boolean; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {optional ? <OptionalMark /> : null}
      </Label>
      {children}
    </div>
  );
}

function ChoiceSelect({ id, value, options, onChange }: { id: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {option}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
