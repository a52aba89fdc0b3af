import { describe, expect, it } from "vitest";
import { remembered } from "./remembered";

describe("remembered", () => {
  it("works an answer out once per set of arguments", () => {
    const calls: string[] = [];
    const double = remembered((value: number, label: string) => {
      calls.push(`${value} ${label}`);
      return value * 2;
    });
    expect([double(2, "a"), double(2, "a"), double(3, "a"), double(2, "b")]).toEqual([4, 4, 6, 4]);
    expect(calls).toEqual(["2 a", "3 a", "2 b"]);
  });

  it("drops every answer once it holds as many as it keeps, and works them out again", () => {
    let calls = 0;
    const square = remembered((value: number) => {
      calls += 1;
      return value * value;
    }, 2);
    square(1);
    square(2);
    square(3); // full: 1 and 2 are dropped, 3 is kept
    square(3);
    expect(calls).toBe(3);
    square(1);
    expect(calls).toBe(4);
  });

  it("keeps no answer for arguments that throw", () => {
    let calls = 0;
    const strict = remembered((value: number) => {
      calls += 1;
      if (value < 0) throw new RangeError("negative");
      return value;
    });
    expect(() => strict(-1)).toThrow(RangeError);
    expect(() => strict(-1)).toThrow(RangeError);
    expect(calls).toBe(2);
  });
});
