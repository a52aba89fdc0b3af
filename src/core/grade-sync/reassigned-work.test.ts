import { describe, expect, it } from "vitest";
import { staleSends } from "./reassigned-work";

describe("staleSends", () => {
  it("keeps a send whose work still goes to the same student", () => {
    expect(staleSends([{ submissionId: "a", to: "ana" }], new Map([["a", "ana"]]), new Set(["ana"]))).toEqual({ withdraw: [], resendTo: new Set() });
  });

  it("takes back a send whose work is now another student's, or no one's in the course", () => {
    const result = staleSends(
      [
        { submissionId: "a", to: "ana" },
        { submissionId: "b", to: "ben" },
      ],
      new Map<string, string | undefined>([
        ["a", "eve"],
        ["b", undefined],
      ]),
      new Set(["eve"]),
    );
    expect(result).toEqual({ withdraw: [{ submissionId: "a", to: "ana" }, { submissionId: "b", to: "ben" }], resendTo: new Set() });
  });

  it("sends the former student's own grade again instead of taking back, when theirs goes to the same place now", () => {
    expect(staleSends([{ submissionId: "a", to: "ana" }], new Map([["a", "eve"], ["own", "ana"]]), new Set(["eve", "ana"]))).toEqual({ withdraw: [], resendTo: new Set(["ana"]) });
  });
});
