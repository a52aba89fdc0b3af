import { describe, expect, it } from "vitest";
import { applyLatePolicy, dueMomentFor, type LatePolicy, type LatePolicyInput } from "./late-policy.js";

const percent10: LatePolicy = { type: "percentage", penaltyPerDay: 10, maxLateDays: 7 };
const points5: LatePolicy = { type: "points", penaltyPerDay: 5, maxLateDays: 7 };
const due = new Date("2026-03-02T12:00:00Z");
const after = (ms: number) => new Date(due.getTime() + ms);
const MINUTE = 60_000;
const DAY = 86_400_000;

function run(overrides: Partial<LatePolicyInput>) {
  return applyLatePolicy({ rawScore: 40, maxScore: 45, submittedAt: due, dueAt: due, policy: percent10, ...overrides });
}

describe("applyLatePolicy", () => {
  const table: { rule: string; input: Partial<LatePolicyInput>; daysLate: number; penalty: number; finalScore: number; beyond: boolean }[] = [
    { rule: "charges nothing when submitted before the due moment", input: { submittedAt: after(-DAY) }, daysLate: 0, penalty: 0, finalScore: 40, beyond: false },
    { rule: "counts a submission exactly at the due moment as on time", input: {}, daysLate: 0, penalty: 0, finalScore: 40, beyond: false },
    { rule: "counts a minute late as one day late", input: { submittedAt: after(MINUTE) }, daysLate: 1, penalty: 4.5, finalScore: 35.5, beyond: false },
    { rule: "counts exactly 24 hours late as one day late", input: { submittedAt: after(DAY) }, daysLate: 1, penalty: 4.5, finalScore: 35.5, beyond: false },
    { rule: "takes a percent of the maximum score per day", input: { submittedAt: after(2 * DAY + MINUTE) }, daysLate: 3, penalty: 13.5, finalScore: 26.5, beyond: false },
    { rule: "takes points per day", input: { submittedAt: after(2 * DAY + MINUTE), policy: points5 }, daysLate: 3, penalty: 15, finalScore: 25, beyond: false },
    { rule: "floors the final score at 0 when the points penalty exceeds the score", input: { rawScore: 8, submittedAt: after(2 * DAY), policy: points5 }, daysLate: 2, penalty: 8, finalScore: 0, beyond: false },
    { rule: "charges nothing under the none policy", input: { submittedAt: after(5 * DAY), policy: { type: "none", penaltyPerDay: 10, maxLateDays: 7 } }, daysLate: 5, penalty: 0, finalScore: 40, beyond: false },
    { rule: "charges nothing when there is no due date", input: { dueAt: null, submittedAt: after(30 * DAY) }, daysLate: 0, penalty: 0, finalScore: 40, beyond: false },
    { rule: "charges the last allowed day in full without flagging it", input: { submittedAt: after(7 * DAY) }, daysLate: 7, penalty: 31.5, finalScore: 8.5, beyond: false },
    { rule: "caps the late penalty at maxLateDays and flags the submission", input: { submittedAt: after(9 * DAY + MINUTE) }, daysLate: 10, penalty: 31.5, finalScore: 8.5, beyond: true },
    { rule: "flags any late work when maxLateDays is 0, charging nothing", input: { submittedAt: after(MINUTE), policy: { type: "points", penaltyPerDay: 5, maxLateDays: 0 } }, daysLate: 1, penalty: 0, finalScore: 40, beyond: true },
    { rule: "never zeroes a very late submission silently", input: { submittedAt: after(100 * DAY), policy: { type: "percentage", penaltyPerDay: 10, maxLateDays: 2 } }, daysLate: 100, penalty: 9, finalScore: 31, beyond: true },
  ];

  it.each(table)("$rule", ({ input, daysLate, penalty, finalScore, beyond }) => {
    const result = run(input);
    expect(result).toMatchObject({ daysLate, penalty, finalScore, beyondMaxLateDays: beyond });
    expect(result.finalScore).toBeGreaterThanOrEqual(0);
    expect(result.finalScore).toBeLessThanOrEqual(input.rawScore ?? 40);
  });

  it("explains a percentage penalty in one sentence", () => {
    expect(run({ submittedAt: after(DAY + MINUTE) }).explanation).toBe(
      "Submitted 2 days late: 10% per day, 20% off (9 of 45 points).",
    );
  });

  it("explains a points penalty and its floor at the score", () => {
    expect(run({ rawScore: 8, submittedAt: after(2 * DAY), policy: points5 }).explanation).toBe(
      "Submitted 2 days late: 5 points per day, 10 points off, limited to the 8 points scored.",
    );
  });

  it("explains the cap beyond maxLateDays and leaves the decision to the teacher", () => {
    const { explanation } = run({ submittedAt: after(9 * DAY + MINUTE) });
    expect(explanation).toBe(
      "Submitted 10 days late, beyond the 7-day limit: penalty capped at 7 days, 10% per day, 70% off (31.5 of 45 points); flagged for you to decide.",
    );
  });

  it.each([
    ["on time", {}, "Submitted on time: no late penalty."],
    ["no due date", { dueAt: null }, "No due date, so no late penalty applies."],
    ["policy none", { submittedAt: after(MINUTE), policy: { type: "none", penaltyPerDay: 0, maxLateDays: 0 } }, "Submitted 1 day late; this assignment has no late penalty."],
  ] as const)("explains %s", (_name, input, sentence) => {
    expect(run(input as Partial<LatePolicyInput>).explanation).toBe(sentence);
  });

  it("rejects inputs it cannot apply", () => {
    expect(() => run({ maxScore: 0 })).toThrow(RangeError);
    expect(() => run({ submittedAt: new Date("nope") })).toThrow(RangeError);
    expect(() => run({ policy: { type: "points", penaltyPerDay: -1, maxLateDays: 3 } })).toThrow(RangeError);
    expect(() => run({ policy: { type: "points", penaltyPerDay: 1, maxLateDays: 1.5 } })).toThrow(RangeError);
  });
});

describe("dueMomentFor", () => {
  it.each([
    ["ends a date-only due date at the last millisecond of that day in the zone", "2026-01-15", "America/New_York", "2026-01-16T04:59:59.999Z"],
    ["uses daylight time in summer", "2026-07-15", "America/New_York", "2026-07-16T03:59:59.999Z"],
    ["ends the day of a spring-forward change correctly", "2026-03-08", "America/New_York", "2026-03-09T03:59:59.999Z"],
    ["ends the day of a fall-back change correctly", "2026-11-01", "America/New_York", "2026-11-02T04:59:59.999Z"],
    ["works east of UTC", "2026-05-01", "Asia/Tokyo", "2026-05-01T14:59:59.999Z"],
    ["works in UTC", "2026-05-01", "UTC", "2026-05-01T23:59:59.999Z"],
  ])("%s", (_rule, date, zone, iso) => {
    expect(dueMomentFor(date, zone).toISOString()).toBe(iso);
  });

  it("rejects malformed and impossible dates and unknown zones", () => {
    expect(() => dueMomentFor("2026-2-30", "UTC")).toThrow(RangeError);
    expect(() => dueMomentFor("2026-02-30", "UTC")).toThrow(RangeError);
    expect(() => dueMomentFor("2026-02-10", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("late days across a DST change in America/New_York", () => {
  const zone = "America/New_York";
  const policy: LatePolicy = { type: "points", penaltyPerDay: 1, maxLateDays: 7 };
  const daysLate = (dueDate: string, submittedIso: string) =>
    applyLatePolicy({ rawScore: 10, maxScore: 10, submittedAt: new Date(submittedIso), dueAt: dueMomentFor(dueDate, zone), policy, timeZone: zone }).daysLate;

  it.each([
    // Due end of Sat 7 March; clocks spring forward early on Sun 8 March (a 23-hour day).
    ["is on time at 23:59 local on the due day", "2026-03-07", "2026-03-08T04:59:00Z", 0],
    ["is one day late at 23:30 local on the 23-hour day after", "2026-03-07", "2026-03-09T03:30:00Z", 1],
    ["is two days late just after midnight local two days on", "2026-03-07", "2026-03-09T04:00:30Z", 2],
    // Due end of Sat 31 October; clocks fall back early on Sun 1 November (a 25-hour day).
    ["is one day late at 23:30 local on the 25-hour day after", "2026-10-31", "2026-11-02T04:30:00Z", 1],
    ["is two days late just after midnight local two days on", "2026-10-31", "2026-11-02T05:00:30Z", 2],
  ])("%s", (_rule, dueDate, submitted, days) => {
    expect(daysLate(dueDate, submitted)).toBe(days);
  });
});
