import { describe, expect, it } from "vitest";
import { secondsLeft, secondsOverLimit, secondsTaken, timeLimitGraceSeconds } from "./time-limit";

const start = new Date("2026-11-29T09:00:00Z");
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("a quiz's time limit by the server's clock", () => {
  it("counts the seconds left down from the start, never below zero, and none without a limit", () => {
    expect(secondsLeft(start, 10, start)).toBe(600);
    expect(secondsLeft(start, 10, after(595))).toBe(5);
    expect(secondsLeft(start, 10, after(900))).toBe(0);
    expect(secondsLeft(start, null, after(900))).toBeNull();
  });

  it("measures the time taken only when the start is known", () => {
    expect(secondsTaken(start, after(754))).toBe(754);
    expect(secondsTaken(null, after(754))).toBeNull();
  });

  it("finds an attempt over the limit only past the grace, measured from the limit", () => {
    expect(secondsOverLimit(start, after(600 + timeLimitGraceSeconds), 10)).toBeNull();
    expect(secondsOverLimit(start, after(600 + timeLimitGraceSeconds + 1), 10)).toBe(timeLimitGraceSeconds + 1);
    expect(secondsOverLimit(start, after(1500), 10)).toBe(900);
    expect(secondsOverLimit(start, after(1500), null)).toBeNull();
    expect(secondsOverLimit(null, after(1500), 10)).toBeNull();
  });
});
