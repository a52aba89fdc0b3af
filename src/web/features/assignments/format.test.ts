import { describe, expect, it } from "vitest";
import { formatCardDate, maxSampleScore, parseDueDate, toDueDate, totalPoints, typeLabel } from "./format";

describe("assignment formatting", () => {
  it("reads a due date as a local day, not UTC midnight", () => {
    const date = parseDueDate("2025-03-05")!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2025, 2, 5, 0]);
    expect(toDueDate(date)).toBe("2025-03-05");
  });

  it("formats card dates like Mar 5, 2025 and leaves bad or missing dates out", () => {
    expect(formatCardDate("2025-03-05")).toBe("Mar 5, 2025");
    expect(formatCardDate(null)).toBeUndefined();
    expect(formatCardDate("not a date")).toBeUndefined();
  });

  it("labels types, showing unknown ones with spaces for underscores", () => {
    expect(typeLabel("lab_report")).toBe("Lab Report");
    expect(typeLabel("book_review_essay")).toBe("book review essay");
  });

  it("adds up the rubric and caps sample scores at its total, else 100", () => {
    const criteria = [{ maxPoints: 20 }, { maxPoints: 5 }];
    expect(totalPoints(criteria)).toBe(25);
    expect(maxSampleScore(criteria)).toBe(25);
    expect(maxSampleScore([])).toBe(100);
  });
});
