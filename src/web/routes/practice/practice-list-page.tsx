import { BookOpenCheck, Layers, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { CreatePracticeInput, PracticeKind, PracticeSummary } from "../../../contracts/practice";
import { BackToDashboardHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { RequireSession } from "../../features/auth/require-session";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { ApiError, describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { cn } from "../../lib/utils";
import { practicePath, uploadDocument, useCreatePractice, usePracticeList } from "../../features/practice/api";

const pageText: Record<PracticeKind, { title: string; lead: string; empty: string; create: string; noun: string }> = {
  quiz: {
    title: "Quizzes & Tests",
    lead: "Quizzes from your lessons or from what a class got wrong. Review every question, then share a link.",
    empty: "No quizzes yet",
    create: "Make quiz",
    noun: "quiz",
  },
  deck: {
    title: "Flashcards",
    lead: "Decks your students study with spaced repetition on their own phones, no account needed.",
    empty: "No decks yet",
    create: "Make deck",
    noun: "deck",
  },
};

export function QuizzesPage() {
  return <PracticeListPage kind="quiz" />;
}

export function FlashcardsPage() {
  return <PracticeListPage kind="deck" />;
}

function PracticeListPage({ kind }: { kind: PracticeKind }) {
  useDocumentTitle(pageText[kind].title);
  return (
    <RequireSession>
      <div className="flex min-h-dvh flex-col">
        <BackToDashboardHeader />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
          <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{pageText[kind].title}</h1>
          <p className="mt-2 max-w-2xl leading-relaxed text-muted-foreground">{pageText[kind].lead}</p>
          <div className="mt-8 grid gap-6 lg:grid-cols-5">
            <CreatePanel kind={kind} className="lg:col-span-2" />
            <PracticeList kind={kind} className="lg:col-span-3" />
          </div>
        </main>
      </div>
    </RequireSession>
  );
}

const sources = [
  { value: "text", label: "Paste text" },
  { value: "document", label: "Upload a document" },
  { value: "topic", label: "A topic" },
] as const;
type SourceChoice = (typeof sources)[number]["value"];

/** Which of the form's fields a server message belongs to: the title's, or the source's (whichever is shown). */
type CreateErrors = { source?: string; title?: string };

function errorsFrom(caught: unknown): CreateErrors {
  const fields = caught instanceof ApiError ? caught.fields : undefined;
  if (fields?.title) return { title: fields.title };
  const sourceMessage = Object.entries(fields ?? {}).find(([key]) => key === "source" || key.startsWith("source."))?.[1];
  return { source: sourceMessage ?? describeError(caught, "Please check your connection and try again.") };
}

function CreatePanel({ kind, className }: { kind: PracticeKind; className?: string }) {
  const navigate = useNavigate();
  const create = useCreatePractice().fromSource;
  const [source, setSource] = useState<SourceChoice>("text");
  const [text, setText] = useState("");
  const [topic, setTopic] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<CreateErrors>({});
  const [isUploading, setIsUploading] = useState(false);
  const isPending = isUploading || create.isPending;
  const error = errors.source;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (source === "document" && !file) return setErrors({ source: "Choose a .txt, .doc, .docx or .pdf document." });
    let from: CreatePracticeInput["source"];
    try {
      setIsUploading(true);
      from = source === "document" ? { kind: "document", fileId: (await uploadDocument(file!)).fileId } : source === "topic" ? { kind: "topic", topic } : { kind: "text", text };
    } catch (caught) {
      return setErrors(errorsFrom(caught));
    } finally {
      setIsUploading(false);
    }
    create.mutate({ kind, title: title.trim() || undefined, source: from }, { onSuccess: (created) => navigate(practicePath(created)), onError: (caught) => setErrors(errorsFrom(caught)) });
  }

  return (
    <section aria-labelledby="create-heading" className={cn("self-start rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6", className)}>
      <h2 id="create-heading" className="font-display text-xl font-semibold tracking-tight">
        New {pageText[kind].noun}
      </h2>
      <form className="mt-4 grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Make it from</legend>
          <div className="flex flex-wrap gap-2">
            {sources.map((option) => (
              <label
                key={option.value}
                className={cn(
                  "cursor-pointer rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  source === option.value ? "border-primary bg-accent-soft text-foreground" : "border-border text-muted-foreground",
                )}
              >
                <input type="radio" name="source" value={option.value} checked={source === option.value} onChange={() => {
                    // A message about the pasted text does not belong under the topic.
                    setSource(option.value);
                    setErrors({});
                  }} className="sr-only" />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        {source === "text" ? (
          <FormField id="practice-text" label="Text of your lesson" error={error} hint="A few paragraphs with the terms and definitions you taught.">
            <Textarea {...fieldProps("practice-text", { error, hint: true })} rows={8} value={text} onChange={(event) => setText(event.target.value)} />
          </FormField>
        ) : source === "document" ? (
          <FormField id="practice-file" label="Document" error={error} hint="A .txt, .doc, .docx or .pdf file, up to 10 MB.">
            <Input {...fieldProps("practice-file", { error, hint: true })} type="file" accept=".txt,.doc,.docx,.pdf" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </FormField>
        ) : (
          <FormField id="practice-topic" label="Topic" error={error} hint="Needs the school's AI service; without one, paste your lesson's text instead.">
            <Input {...fieldProps("practice-topic", { error, hint: true })} value={topic} onChange={(event) => setTopic(event.target.value)} placeholder="The water cycle" />
          </FormField>
        )}
        <FormField id="practice-title" label="Title (optional)" error={errors.title}>
          <Input {...fieldProps("practice-title", { error: errors.title })} value={title} onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <Button type="submit" disabled={isPending} className="justify-self-start">
          {isPending ? <Spinner size="sm" /> : <Plus aria-hidden />}
          {pageText[kind].create}
        </Button>
      </form>
    </section>
  );
}

function PracticeList({ kind, className }: { kind: PracticeKind; className?: string }) {
  const query = usePracticeList(kind);
  const Icon = kind === "quiz" ? BookOpenCheck : Layers;
  return (
    <section aria-labelledby="list-heading" className={className}>
      <h2 id="list-heading" className="sr-only">
        Your {kind === "quiz" ? "quizzes" : "decks"}
      </h2>
      {query.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
          {describeError(query.error, "Couldn't load the list. Please try again.")}
        </p>
      ) : !query.data ? (
        <Spinner label="Loading..." className="py-6" />
      ) : query.data.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-input px-4 py-12 text-center">
          <Icon aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">{pageText[kind].empty}</p>
          <p className="text-sm text-muted-foreground">Make one here, or choose Make practice on a graded assignment.</p>
        </div>
      ) : (
        <ul aria-label={kind === "quiz" ? "Your quizzes" : "Your decks"} className="grid gap-3">
          {query.data.map((set) => (
            <PracticeRow key={set.id} set={set} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PracticeRow({ set }: { set: PracticeSummary }) {
  const count = `${set.itemCount} ${set.kind === "quiz" ? (set.itemCount === 1 ? "question" : "questions") : set.itemCount === 1 ? "card" : "cards"}`;
  return (
    <li>
      <Link
        to={practicePath(set)}
        className="block rounded-2xl border border-border bg-surface p-4 shadow-card transition-colors hover:border-primary/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="block font-medium wrap-anywhere">{set.title}</span>
        <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{count}</span>
          {set.assignment ? <span>From {set.assignment.title}</span> : null}
          {set.kind === "quiz" ? <span>{set.attemptCount === 1 ? "1 attempt" : `${set.attemptCount} attempts`}</span> : null}
          <span>{set.shareUrl ? (set.isOpen ? "Shared" : "Closed") : "Not shared yet"}</span>
        </span>
      </Link>
    </li>
  );
}
