import type { Answers } from "./quiz-answers";

/**
 * An attempt under way, kept on the device per link: a reload or a closed tab neither loses the answers nor starts
 * the clock again (a student reloading at 4:55 of 5 minutes got 5 minutes more and an empty quiz).
 */
export interface AttemptDraft {
  studentName: string;
  /** The idempotency key of the attempt: a retry after a reload is still stored once. */
  attemptKey: string;
  /** When the attempt started (ms since 1970): the time limit counts from here. */
  startedAt: number;
  answers: Answers;
}

const storageKey = (token: string) => `markwise.quiz-attempt.${token}`;
/** A draft older than a day is from another lesson: the quiz starts afresh. */
const maxAgeMs = 24 * 60 * 60 * 1000;

function isAnswers(value: unknown): value is Answers {
  return typeof value === "object" && value !== null && Object.values(value).every((answer) => answer === null || typeof answer === "number" || typeof answer === "string");
}

export function loadAttemptDraft(token: string, now = Date.now()): AttemptDraft | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(token)) ?? "null") as Partial<AttemptDraft> | null;
    if (!parsed || typeof parsed.studentName !== "string" || typeof parsed.attemptKey !== "string" || typeof parsed.startedAt !== "number" || !isAnswers(parsed.answers)) return null;
    if (now - parsed.startedAt > maxAgeMs) return null;
    return parsed as AttemptDraft;
  } catch {
    return null;
  }
}

export function saveAttemptDraft(token: string, draft: AttemptDraft): void {
  try {
    localStorage.setItem(storageKey(token), JSON.stringify(draft));
  } catch {
    // Private browsing or a full store: the quiz goes on, only a reload is not survived.
  }
}

export function clearAttemptDraft(token: string): void {
  try {
    localStorage.removeItem(storageKey(token));
  } catch {
    // Nothing was kept.
  }
}
