import { dueCards, isStudyState, newCardState, review, type StudyRating, type StudyState } from "../../../core/practice/study";

/** What this device remembers of a deck: the state of each card the student has studied, by card id. */
export type DeckMemory = Record<string, StudyState>;
export type RatingName = StudyRating;

export const ratings: { name: StudyRating; label: string }[] = [
  { name: "again", label: "Again" },
  { name: "hard", label: "Hard" },
  { name: "good", label: "Good" },
  { name: "easy", label: "Easy" },
];

/** Kept per link: two decks never mix, and the same deck opened again on this device picks up where it was. */
const storageKey = (token: string) => `markwise.deck.${token}`;

export function loadDeckMemory(token: string): DeckMemory {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(token)) ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    // A stale or edited entry starts that card afresh rather than breaking the deck.
    return Object.fromEntries(Object.entries(parsed).filter(([, state]) => isStudyState(state))) as DeckMemory;
  } catch {
    return {};
  }
}

export function saveDeckMemory(token: string, memory: DeckMemory): void {
  try {
    localStorage.setItem(storageKey(token), JSON.stringify(memory));
  } catch {
    // Private browsing or a full store: studying goes on, only this visit is not remembered.
  }
}

export function rateCard(memory: DeckMemory, cardId: string, rating: StudyRating, now: Date): DeckMemory {
  return { ...memory, [cardId]: review(memory[cardId] ?? newCardState(now), rating, now).state };
}

/** The cards to study now (the longest overdue first, then the new ones in the teacher's order) and the counts. */
export function studyQueue<C extends { id: string }>(cards: C[], memory: DeckMemory, now: Date) {
  const states = Object.fromEntries(cards.map((card) => [card.id, memory[card.id] ?? newCardState(now)]));
  const byId = new Map(cards.map((card) => [card.id, card]));
  const due = dueCards(states, now).map((id) => byId.get(id)!);
  const studied = cards.filter((card) => memory[card.id]);
  const upcoming = studied.map((card) => Date.parse(memory[card.id]!.due)).filter((time) => time > now.getTime());
  return {
    due,
    newCount: cards.length - studied.length,
    dueCount: studied.filter((card) => Date.parse(memory[card.id]!.due) <= now.getTime()).length,
    nextDue: upcoming.length ? new Date(Math.min(...upcoming)) : null,
  };
}
