import { describe, expect, it } from "vitest";
import { decimalField } from "./scores";

const field = decimalField("Score must be a number");

describe("decimalField", () => {
  it.each([
    ["8", 8],
    [" 7.5 ", 7.5],
    ["7,5", 7.5],
    [".5", 0.5],
    ["-2", -2],
    [12, 12],
  ])("reads %j as %s", (input, expected) => {
    expect(field.parse(input)).toBe(expected);
  });

  it.each(["0x10", "1e2", "", " ", "Infinity", "7.5.1", "1,000,5", "8 points", Number.NaN, Number.POSITIVE_INFINITY])("refuses %j", (input) => {
    const result = field.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Score must be a number");
  });
});
