import { describe, expect, it } from "vitest";
import { dueCards, isStudyState, newCardState, review, type StudyRating, type StudyState } from "./study.js";

const start = new Date("2026-03-02T09:00:00Z");
const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;
/** Reviews at each due date with the same rating, as a student who studies whenever the card is due. */
function studied(ratings: StudyRating[]): Array<{ state: StudyState; due: Date; at: Date }> {
  let state = newCardState(start);
  let at = start;
  return ratings.map((rating) => {
    const next = review(state, rating, at);
    const step = { ...next, at };
    state = next.state;
    at = next.due;
    return step;
  });
}

describe("study schedule over ts-fsrs", () => {
  it("starts a new card due now", () => {
    expect(newCardState(start)).toMatchObject({ due: start.toISOString(), reps: 0, stage: "new" });
  });

  it("brings an 'again' card back sooner than a 'hard', a 'hard' sooner than a 'good', a 'good' sooner than an 'easy'", () => {
    const dueAfter = (rating: StudyRating) => minutes(start, review(newCardState(start), rating, start).due);
    expect(dueAfter("again")).toBeLessThan(dueAfter("hard"));
    expect(dueAfter("hard")).toBeLessThan(dueAfter("good"));
    expect(dueAfter("good")).toBeLessThan(dueAfter("easy"));
  });

  it("grows the interval with each 'good' once the card is learned", () => {
    const steps = studied(["good", "good", "good", "good", "good", "good"]);
    const intervals = steps.map((s) => minutes(s.at, s.due));
    const learned = intervals.slice(2);
    for (let i = 1; i < learned.length; i++) expect(learned[i]).toBeGreaterThan(learned[i - 1]!);
    expect(steps.at(-1)!.state.stage).toBe("review");
    expect(learned.at(-1)).toBeGreaterThan(7 * 24 * 60);
  });

  it("shortens the interval after a lapse and counts it", () => {
    const steps = studied(["good", "good", "good", "good", "again"]);
    const before = minutes(steps[3]!.at, steps[3]!.due);
    const after = minutes(steps[4]!.at, steps[4]!.due);
    expect(after).toBeLessThan(before);
    expect(steps[4]!.state).toMatchObject({ lapses: 1, stage: "relearning" });
  });

  it("keeps the state as JSON: a state read back schedules as the original does", () => {
    const [first] = studied(["good"]);
    const copy = JSON.parse(JSON.stringify(first!.state)) as unknown;
    expect(isStudyState(copy)).toBe(true);
    const at = first!.due;
    expect(review(copy as StudyState, "good", at)).toEqual(review(first!.state, "good", at));
    expect(isStudyState({ ...first!.state, due: "soon" })).toBe(false);
    expect(isStudyState(null)).toBe(false);
  });

  it("lists the due cards, the longest overdue first", () => {
    const later = review(newCardState(start), "good", start).state;
    const cards = { fresh: newCardState(new Date("2026-03-02T09:05:00Z")), old: newCardState(new Date("2026-03-01T09:00:00Z")), later };
    expect(dueCards(cards, new Date("2026-03-02T09:06:00Z"))).toEqual(["old", "fresh"]);
    expect(dueCards(cards, new Date("2026-03-03T09:00:00Z"))).toEqual(["old", "fresh", "later"]);
  });
});
