import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from "ts-fsrs";

/**
 * Spaced repetition for a student studying a deck, over ts-fsrs (FSRS): the library decides every interval; this
 * file only turns its cards into plain JSON the student's browser keeps in localStorage, and back. Fuzz is off, so
 * the same reviews give the same schedule.
 */
export const studyRatings = ["again", "hard", "good", "easy"] as const;
export type StudyRating = (typeof studyRatings)[number];

const states = ["new", "learning", "review", "relearning"] as const;
export type StudyStage = (typeof states)[number];

/** One card's memory, as JSON: dates are ISO strings. */
export interface StudyState {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  stage: StudyStage;
  lastReview?: string;
}

const scheduler = fsrs({ enable_fuzz: false });
const grades: Record<StudyRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const stageOf: Record<State, StudyStage> = { [State.New]: "new", [State.Learning]: "learning", [State.Review]: "review", [State.Relearning]: "relearning" };
const stateOf: Record<StudyStage, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

function toState(card: Card): StudyState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    stage: stageOf[card.state],
    ...(card.last_review ? { lastReview: card.last_review.toISOString() } : {}),
  };
}

function toCard(state: StudyState): Card {
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsedDays,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: stateOf[state.stage] ?? State.New,
    ...(state.lastReview ? { last_review: new Date(state.lastReview) } : {}),
  };
}

/** A card never studied: due now. */
export function newCardState(now: Date): StudyState {
  return toState(createEmptyCard(now));
}

/** The card's memory after the student rates how well they knew it, and when to show it next. */
export function review(state: StudyState, rating: StudyRating, now: Date): { state: StudyState; due: Date } {
  const { card } = scheduler.next(toCard(state), now, grades[rating]);
  return { state: toState(card), due: card.due };
}

/** Whether a value read back from localStorage is a card's memory (a stale or edited entry is started afresh). */
export function isStudyState(value: unknown): value is StudyState {
  const v = value as Partial<StudyState> | null;
  return (
    typeof v === "object" && v !== null && typeof v.due === "string" && !Number.isNaN(Date.parse(v.due)) &&
    [v.stability, v.difficulty, v.elapsedDays, v.scheduledDays, v.learningSteps, v.reps, v.lapses].every((n) => typeof n === "number" && Number.isFinite(n)) &&
    states.includes(v.stage as StudyStage)
  );
}

/** The ids of the cards due by `now`, the longest overdue first (ties in the order given). */
export function dueCards(cards: Readonly<Record<string, StudyState>>, now: Date): string[] {
  return Object.entries(cards)
    .map(([id, state], order) => ({ id, order, due: Date.parse(state.due) }))
    .filter((c) => c.due <= now.getTime())
    .sort((a, b) => a.due - b.due || a.order - b.order)
    .map((c) => c.id);
}
