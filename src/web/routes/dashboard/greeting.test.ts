import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

const at = (hour: number, minute = 0) => new Date(2026, 10, 21, hour, minute);

describe("the greeting by local time", () => {
  it.each([
    [at(0), "Good morning"],
    [at(11, 59), "Good morning"],
    [at(12), "Good afternoon"],
    [at(16, 59), "Good afternoon"],
    [at(17), "Good evening"],
    [at(23, 59), "Good evening"],
  ])("%s -> %s", (date, greeting) => {
    expect(greetingFor(date)).toBe(greeting);
  });
});
