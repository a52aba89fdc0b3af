import { ArrowLeft, Plus, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { PracticeKind, PracticeView } from "../../../contracts/practice";
import { SimpleHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { RequireSession } from "../../features/auth/require-session";
import { ApiError, describeError } from "../../lib/api";
import { useDocumentTitle } from "../../lib/use-document-title";
import { usePractice, usePracticeActions } from "../../features/practice/api";
import { blankItems, ItemCard, type DraftItem } from "./item-editor";
import { ExportLinks } from "./export-links";
import { QuizSettingsForm } from "./quiz-settings-form";
import { ResultsPanel } from "./results-panel";
import { SharePanel } from "./share-panel";
import { Panel } from "../../components/ui/panel";

export function QuizDetailPage() {
  return <PracticeDetailPage kind="quiz" />;
}

export function DeckDetailPage() {
  return <PracticeDetailPage kind="deck" />;
}

function PracticeDetailPage({ kind }: { kind: PracticeKind }) {
  const { id = "" } = useParams();
  const listPath = kind === "quiz" ? "/quizzes" : "/flashcards";
  return (
    <RequireSession>
      <div className="flex min-h-dvh flex-col">
        <SimpleHeader
          action={
            <Button asChild variant="ghost" size="sm">
              <Link to={listPath}>
                <ArrowLeft aria-hidden />
                {kind === "quiz" ? "Quizzes & Tests" : "Flashcards"}
              </Link>
            </Button>
          }
        />
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
          <PracticeQueryView id={id} kind={kind} />
        </main>
      </div>
    </RequireSession>
  );
}

function PracticeQueryView({ id, kind }: { id: string; kind: PracticeKind }) {
  const query = usePractice(id);
  useDocumentTitle(query.data?.title ?? (kind === "quiz" ? "Quiz" : "Flashcards"));
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive">
        {isMissing ? `This ${kind === "quiz" ? "quiz" : "deck"} was not found. It may have been deleted.` : describeError(query.error, "Couldn't load it. Please try again.")}
      </p>
    );
  }
  if (!query.data) return <Spinner label="Loading..." className="py-6" />;
  return <PracticeEditor set={query.data} />;
}

function PracticeEditor({ set }: { set: PracticeView }) {
  const isQuiz = set.kind === "quiz";
  return (
    <>
      <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight wrap-anywhere sm:text-4xl">{set.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {set.assignment ? (
          <>
            Practice for <Link to={`/assignments/${set.assignment.id}`} className="font-medium text-foreground underline underline-offset-4">{set.assignment.title}</Link>
          </>
        ) : (
          `Made from ${set.sourceKind === "topic" ? "a topic" : set.sourceKind === "document" ? "a document" : "pasted text"}`
        )}
      </p>
      {set.weakestCriteria.length ? (
        <p className="mt-3 rounded-xl bg-accent-soft p-3 text-sm">
          Aimed at the class's weakest criteria:{" "}
          {set.weakestCriteria.map((criterion) => `${criterion.name} (class average ${Math.round(criterion.meanFraction * 100)}%)`).join(", ")}.
        </p>
      ) : null}
      {set.notice ? <p className="mt-3 rounded-xl border border-amber-300/70 bg-amber-50 p-3 text-sm text-amber-950">{set.notice}</p> : null}
      <div className="mt-8 grid gap-6">
        <Panel title="Share">
          <SharePanel set={set} />
        </Panel>
        {isQuiz ? (
          <Panel title="Settings">
            <QuizSettingsForm set={set} />
          </Panel>
        ) : null}
        <Panel title={isQuiz ? "Questions" : "Cards"}>
          <ItemsEditor set={set} />
        </Panel>
        {isQuiz ? (
          <Panel title="Results">
            <ResultsPanel set={set} />
          </Panel>
        ) : null}
        <Panel title="Export">
          <ExportLinks set={set} />
        </Panel>
        <DeleteButton set={set} />
      </div>
    </>
  );
}

function ItemsEditor({ set }: { set: PracticeView }) {
  const { saveItems } = usePracticeActions(set.id);
  const [items, setItems] = useState<DraftItem[]>(set.items);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [isDirty, setIsDirty] = useState(false);
  const noun = set.kind === "quiz" ? "Question" : "Card";
  // The server's copy replaces the draft once saved (or when another tab saved), unless there are unsaved changes.
  useEffect(() => {
    if (!isDirty) setItems(set.items);
  }, [set.items, isDirty]);

  const change = (next: DraftItem[]) => {
    setItems(next);
    setIsDirty(true);
  };
  const move = (index: number, offset: -1 | 1) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved!);
    change(next);
    setOpenIndex(null);
  };
  const add = (item: DraftItem) => {
    change([...items, item]);
    setOpenIndex(items.length);
  };

  async function save() {
    setMessage(undefined);
    try {
      // A new item's empty id is left out: the server gives it one.
      await saveItems.mutateAsync(items.map(({ id, ...rest }) => (id ? { id, ...rest } : rest)));
      setErrors({});
      setIsDirty(false);
      setOpenIndex(null);
      toast({ title: "Saved", description: `${items.length} ${noun.toLowerCase()}${items.length === 1 ? "" : "s"} saved.` });
    } catch (caught) {
      setErrors(caught instanceof ApiError ? (caught.fields ?? {}) : {});
      setMessage(describeError(caught, "Couldn't save. Please check your connection and try again."));
    }
  }

  return (
    <div className="grid gap-3">
      {items.length === 0 ? <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">No {noun.toLowerCase()}s yet. Add one by hand.</p> : null}
      <ol aria-label={set.kind === "quiz" ? "Questions" : "Cards"} className="grid gap-3">
        {items.map((item, index) => (
          <ItemCard
            key={item.id || `new-${index}`}
            item={item}
            index={index}
            count={items.length}
            noun={noun}
            isOpen={openIndex === index}
            errors={errors}
            onToggle={() => setOpenIndex(openIndex === index ? null : index)}
            onChange={(next) => change(items.map((value, at) => (at === index ? next : value)))}
            onMove={(offset) => move(index, offset)}
            onDelete={() => {
              change(items.filter((_, at) => at !== index));
              setOpenIndex(null);
            }}
          />
        ))}
      </ol>
      {message ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {set.kind === "quiz" ? (
          <>
            <Button variant="outline" size="sm" onClick={() => add(blankItems["multiple-choice"]())}>
              <Plus aria-hidden />
              Multiple choice
            </Button>
            <Button variant="outline" size="sm" onClick={() => add(blankItems.cloze())}>
              <Plus aria-hidden />
              Fill in the blank
            </Button>
            <Button variant="outline" size="sm" onClick={() => add(blankItems["fix-the-sentence"]())}>
              <Plus aria-hidden />
              Fix the sentence
            </Button>
          </>
        ) : (
          <Button variant="outline" size="sm" onClick={() => add(blankItems.card())}>
            <Plus aria-hidden />
            Add card
          </Button>
        )}
        <Button className="ml-auto" onClick={() => void save()} disabled={!isDirty || saveItems.isPending}>
          {saveItems.isPending ? <Spinner size="sm" /> : <Save aria-hidden />}
          Save changes
        </Button>
      </div>
    </div>
  );
}

function DeleteButton({ set }: { set: PracticeView }) {
  const { remove } = usePracticeActions(set.id);
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const noun = set.kind === "quiz" ? "quiz" : "deck";
  if (!isConfirming) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setIsConfirming(true)}>
        Delete {noun}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={`Delete this ${noun}?`} className="flex flex-wrap items-center gap-2 rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm">
      <span className="text-destructive">Delete this {noun}? Its link stops working{set.kind === "quiz" ? " and its results go with it" : ""}.</span>
      <Button
        variant="destructive"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(set.kind === "quiz" ? "/quizzes" : "/flashcards"),
            onError: (error) => toast({ variant: "destructive", title: "Couldn't delete", description: describeError(error, "Please try again.") }),
          })
        }
      >
        Delete
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setIsConfirming(false)}>
        Cancel
      </Button>
    </div>
  );
}

