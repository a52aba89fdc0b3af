import { useMemo, useRef, useState } from "react";
import type { SharedPractice } from "../../../contracts/practice";
import { Button } from "../../components/ui/button";
import { useFocusOnStep } from "../../lib/focus";
import { loadDeckMemory, ratings, rateCard, saveDeckMemory, studyQueue, type DeckMemory, type RatingName } from "./deck-memory";

type Deck = Extract<SharedPractice, { kind: "deck" }>;

/**
 * One card at a time, front then back, rated Again / Hard / Good / Easy; the core's FSRS schedule decides when each
 * comes back. What the student knows is kept on this device (localStorage), so no account is needed.
 */
export function StudyDeck({ token, deck }: { token: string; deck: Deck }) {
  const [memory, setMemory] = useState<DeckMemory>(() => loadDeckMemory(token));
  const [isShown, setIsShown] = useState(false);
  const [studied, setStudied] = useState(0);
  const [now, setNow] = useState(() => new Date());
  const queue = useMemo(() => studyQueue(deck.cards, memory, now), [deck.cards, memory, now]);
  const card = queue.due[0];
  const cardArea = useRef<HTMLDivElement>(null);
  // The answer once shown, the next card (or "Done for now") once rated: the button pressed is gone either way.
  useFocusOnStep(`${studied}-${isShown}`, () => cardArea.current?.querySelector<HTMLElement>(isShown ? "[data-card-back]" : "[data-card-front], h2"));

  const rate = (rating: RatingName) => {
    if (!card) return;
    const at = new Date();
    const next = rateCard(memory, card.id, rating, at);
    saveDeckMemory(token, next);
    setMemory(next);
    setStudied(studied + 1);
    setIsShown(false);
    setNow(at);
  };

  return (
    <div ref={cardArea} className="grid gap-4">
      <div>
        <h1 className="font-display text-2xl font-semibold tracking-tight wrap-anywhere">{deck.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {`${queue.newCount} new · ${queue.dueCount} due · ${studied} studied`}
        </p>
      </div>
      {card ? (
        <section aria-label="Card" className="grid min-h-64 content-between gap-6 rounded-2xl border border-border bg-surface p-5 shadow-card">
          <p data-testid="card-front" data-card-front className="text-lg font-medium wrap-anywhere">
            {card.front}
          </p>
          {isShown ? (
            <p data-card-back className="border-t border-border pt-4 wrap-anywhere whitespace-pre-line">
              {card.back}
            </p>
          ) : null}
          {isShown ? (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label="How well did you know it?">
              {ratings.map((rating) => (
                <Button key={rating.name} variant={rating.name === "good" ? "default" : "outline"} className="h-12" onClick={() => rate(rating.name)}>
                  {rating.label}
                </Button>
              ))}
            </div>
          ) : (
            <Button className="h-12" onClick={() => setIsShown(true)}>
              Show answer
            </Button>
          )}
        </section>
      ) : (
        <section aria-label="Done for now" className="rounded-2xl border border-border bg-surface p-5 shadow-card">
          <h2 className="font-display text-xl font-semibold tracking-tight">Done for now</h2>
          <p className="mt-2 text-muted-foreground">
            {queue.nextDue ? `The next card is due ${queue.nextDue.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}. Open this link again then: this device remembers where you are.` : "You have studied every card."}
          </p>
        </section>
      )}
    </div>
  );
}
