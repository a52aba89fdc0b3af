import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { AttemptResult, SharedPractice, StudentQuizItem } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { FormField, fieldProps } from "../../features/auth/components/form-field";
import { ApiError, describeError } from "../../lib/api";
import { useFocusOnStep } from "../../lib/focus";
import { randomId } from "../../lib/random-id";
import { checkStudentName, startAttempt, submitAttempt } from "../../features/practice/api";
import { describeAttemptError } from "./attempt-error";
import { clearAttemptDraft, loadAttemptDraft, saveAttemptDraft, type AttemptDraft } from "./attempt-draft";
import { answersAsShown, untouchedCount } from "./quiz-answers";

type Quiz = Extract<SharedPractice, { kind: "quiz" }>;

/** The student's name is remembered on this device, so a second attempt or another quiz does not ask again. */
const nameKey = "markwise.practice.student-name";
const rememberedName = () => {
  try {
    return localStorage.getItem(nameKey) ?? "";
  } catch {
    return "";
  }
};

export function TakeQuiz({ token, quiz }: { token: string; quiz: Quiz }) {
  // An attempt this device had under way goes on where it was, name step passed.
  const [resumed] = useState(() => loadAttemptDraft(token));
  const [name, setName] = useState<string | null>(resumed?.studentName ?? null);
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [round, setRound] = useState(0);
  const steps = useRef<HTMLDivElement>(null);
  // Each step draws its own h1 (the quiz's title, or the score) in place of the button just pressed.
  useFocusOnStep(result ? "result" : name === null ? "name" : `questions-${round}`, () => steps.current?.querySelector("h1"));
  const step = result ? (
    <QuizResult
      quiz={quiz}
      result={result}
      onAgain={
        result.attemptNumber < result.attemptsAllowed
          ? () => {
              setResult(null);
              setRound(round + 1);
            }
          : undefined
      }
    />
  ) : name === null ? (
    <NameStep token={token} quiz={quiz} onStart={setName} />
  ) : (
    <QuizForm key={round} token={token} quiz={quiz} studentName={name} resumed={round === 0 && resumed?.studentName === name ? resumed : null} onSubmitted={setResult} />
  );
  return <div ref={steps}>{step}</div>;
}

function NameStep({ token, quiz, onStart }: { token: string; quiz: Quiz; onStart: (name: string) => void }) {
  const [name, setName] = useState(rememberedName);
  const [error, setError] = useState<string | undefined>();
  const [isChecking, setIsChecking] = useState(false);
  const hint = quiz.hasClassList ? "Your first and last name, as on your teacher's class list." : undefined;
  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("Write your name so your teacher knows whose answers these are.");
    let studentName = name.trim();
    if (quiz.hasClassList) {
      // Checked before the quiz starts, so a name not on the list is fixed before any answer is given.
      setIsChecking(true);
      try {
        studentName = (await checkStudentName(token, studentName)).studentName;
      } catch (caught) {
        return setError(describeError(caught, "Your name could not be checked. Check your connection and press Start quiz again."));
      } finally {
        setIsChecking(false);
      }
    }
    try {
      localStorage.setItem(nameKey, studentName);
    } catch {
      // A browser that keeps nothing still lets the student take the quiz.
    }
    onStart(studentName);
  };
  return (
    <form onSubmit={(event) => void start(event)} noValidate className="grid gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card">
      <h1 className="font-display text-2xl font-semibold tracking-tight wrap-anywhere">{quiz.title}</h1>
      <p className="text-sm text-muted-foreground">
        {quiz.items.length} {quiz.items.length === 1 ? "question" : "questions"}
        {quiz.timeLimitMinutes ? ` · ${quiz.timeLimitMinutes} minutes` : " · no time limit"}
        {` · ${quiz.attemptsAllowed === 1 ? "1 attempt" : `${quiz.attemptsAllowed} attempts`}`}
      </p>
      <FormField id="student-name" label="Your name" error={error} hint={hint}>
        <Input {...fieldProps("student-name", { error, hint })} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={isChecking}>
        {isChecking ? "Checking..." : "Start quiz"}
      </Button>
    </form>
  );
}

function QuizForm({
  token,
  quiz,
  studentName,
  resumed,
  onSubmitted,
}: {
  token: string;
  quiz: Quiz;
  studentName: string;
  resumed: AttemptDraft | null;
  onSubmitted: (result: AttemptResult) => void;
}) {
  // One key per attempt: a double tap or a retry after a dropped answer (or a reload) posts the same attempt, stored once.
  const [draft, setDraft] = useState<AttemptDraft>(() => resumed ?? { studentName, attemptKey: randomId(), startedAt: Date.now(), answers: {} });
  const { answers } = draft;
  const [error, setError] = useState<string | undefined>();
  const endsAt = useServerEndsAt(token, studentName, quiz, draft.startedAt, setError);
  const [isPending, setIsPending] = useState(false);
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitted.current) saveAttemptDraft(token, draft);
  }, [token, draft]);
  const [isAsking, setIsAsking] = useState(false);
  const untouched = untouchedCount(quiz.items, answers);

  async function submit() {
    if (submitted.current) return;
    setIsAsking(false);
    setIsPending(true);
    setError(undefined);
    try {
      const result = await submitAttempt(token, { idempotencyKey: draft.attemptKey, studentName, answers: answersAsShown(quiz.items, answers) });
      submitted.current = true;
      clearAttemptDraft(token);
      onSubmitted(result);
    } catch (caught) {
      setError(describeAttemptError(caught, quiz.items, "Your answers were not sent. Check your connection and press Submit again: they will be counted once."));
    } finally {
      setIsPending(false);
    }
  }
  const submitRef = useRef(submit);
  submitRef.current = submit;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A question left as it was is more often missed than meant: ask before sending (the timer does not ask).
        if (untouched > 0) setIsAsking(true);
        else void submit();
      }}
      className="grid gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-display text-2xl font-semibold tracking-tight wrap-anywhere">{quiz.title}</h1>
        {quiz.timeLimitMinutes ? <Timer endsAt={endsAt} onEnd={() => void submitRef.current()} /> : null}
      </div>
      <ol className="grid gap-4">
        {quiz.items.map((item, index) => (
          <Question key={item.id} item={item} number={index + 1} value={answers[item.id] ?? null} onChange={(value) => setDraft((current) => ({ ...current, answers: { ...current.answers, [item.id]: value } }))} />
        ))}
      </ol>
      {error ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={isPending} className="justify-self-start">
        {isPending ? <Spinner size="sm" /> : null}
        Submit answers
      </Button>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        title="Submit with questions left as they are?"
        description={`${untouched} of ${quiz.items.length} ${quiz.items.length === 1 ? "question" : "questions"} ${untouched === 1 ? "is" : "are"} unanswered or unchanged (a sentence to correct left as it was written counts as a wrong answer). Go back to answer, or submit as it is.`}
        cancelLabel="Go back"
        confirmLabel="Submit anyway"
        onConfirm={() => void submit()}
        isPending={isPending}
      />
    </form>
  );
}

/**
 * When the attempt's time runs out, by the server's clock: the attempt is opened on the server, whose first opening of
 * it (on this device or another) starts the limit, so a reload or a second device does not give more time. The seconds
 * left are counted from the answer's arrival, so a device's wrong clock does not matter. Until the server answers,
 * or if it cannot be reached, the device's own start stands in.
 */
function useServerEndsAt(token: string, studentName: string, quiz: Quiz, localStart: number, onRefused: (message: string) => void): number {
  const [endsAt, setEndsAt] = useState(() => localStart + (quiz.timeLimitMinutes ?? 0) * 60_000);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  useEffect(() => {
    let isCurrent = true;
    startAttempt(token, studentName).then(
      (start) => {
        if (isCurrent && start.secondsLeft !== null) setEndsAt(Date.now() + start.secondsLeft * 1000);
      },
      (caught: unknown) => {
        // No attempts left (or the quiz closed) is said now, before any answer; a dropped connection is not.
        if (isCurrent && caught instanceof ApiError && caught.status < 500) refused.current(describeError(caught, ""));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token, studentName]);
  return endsAt;
}

const secondsUntil = (endsAt: number) => Math.max(0, Math.round((endsAt - Date.now()) / 1000));

/** Counts down to the attempt's end (its start plus the time limit) and submits what the student has when it comes. */
function Timer({ endsAt, onEnd }: { endsAt: number; onEnd: () => void }) {
  const [left, setLeft] = useState(() => secondsUntil(endsAt));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const seconds = secondsUntil(endsAt);
      setLeft(seconds);
      if (seconds === 0) {
        window.clearInterval(timer);
        onEnd();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt, onEnd]);
  const label = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p role="timer" aria-label={`Time left ${label}`} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm font-semibold tabular-nums">
      <Clock aria-hidden className="size-4" />
      {label}
    </p>
  );
}

function Question({ item, number, value, onChange }: { item: StudentQuizItem; number: number; value: number | string | null; onChange: (value: number | string) => void }) {
  const id = `q-${item.id}`;
  return (
    <li aria-label={`Question ${number}`} className="rounded-2xl border border-border bg-surface p-4 shadow-card">
      {item.kind === "multiple-choice" ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium wrap-anywhere">
            {number}. {item.prompt}
          </legend>
          {item.options.map((option, index) => (
            <label key={index} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-accent-soft">
              <input type="radio" name={id} checked={value === index} onChange={() => onChange(index)} className="size-4 shrink-0" />
              <span className="wrap-anywhere">{option}</span>
            </label>
          ))}
        </fieldset>
      ) : item.kind === "cloze" ? (
        <FormField id={id} label={`${number}. Fill in the blank: ${item.sentence}`}>
          <Input id={id} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.target.value)} autoComplete="off" />
        </FormField>
      ) : (
        <FormField id={id} label={`${number}. ${item.prompt}`} hint={item.original}>
          <Textarea {...fieldProps(id, { hint: true })} rows={3} value={typeof value === "string" ? value : item.original} onChange={(event) => onChange(event.target.value)} />
        </FormField>
      )}
    </li>
  );
}

function QuizResult({ quiz, result, onAgain }: { quiz: Quiz; result: AttemptResult; onAgain?: () => void }) {
  const items = new Map(quiz.items.map((item, index) => [item.id, { item, number: index + 1 }]));
  return (
    <div className="grid gap-4">
      <section aria-labelledby="score-heading" className="rounded-2xl border border-border bg-surface p-5 shadow-card">
        <h1 id="score-heading" className="font-display text-2xl font-semibold tracking-tight">
          Your score: {result.score} / {result.maxScore}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Submitted by {result.studentName}. Attempt {result.attemptNumber} of {result.attemptsAllowed}.
        </p>
        {!result.isKeyShown ? <p className="mt-2 text-sm">Your teacher will go over the answers with you.</p> : null}
        {onAgain ? (
          <Button variant="outline" className="mt-4" onClick={onAgain}>
            Try again
          </Button>
        ) : null}
      </section>
      <ol aria-label="Your answers" className="grid gap-3">
        {result.items.map((outcome) => {
          const entry = items.get(outcome.itemId);
          if (!entry) return null;
          const { item, number } = entry;
          return (
            <li key={outcome.itemId} className="flex gap-3 rounded-xl border border-border bg-surface p-4">
              {outcome.isCorrect ? <CheckCircle2 aria-label="Right" className="size-5 shrink-0 text-primary" /> : <XCircle aria-label="Not right" className="size-5 shrink-0 text-destructive" />}
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">
                  {number}. {item.kind === "multiple-choice" ? item.prompt : item.kind === "cloze" ? item.sentence : item.original}
                </p>
                {outcome.correctAnswer ? <p className="mt-1 text-sm wrap-anywhere">Answer: {outcome.correctAnswer}</p> : null}
                {outcome.explanation ? <p className="mt-1 text-sm wrap-anywhere text-muted-foreground">{outcome.explanation}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
