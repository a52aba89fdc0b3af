import { describe, expect, it } from "vitest";
import { staleSends } from "./reassigned-work";

describe("staleSends", () => {
  it("keeps a send whose work still goes to the same student", () => {
    expect(staleSends([{ submissionId: "a", to: "ana" }], new Map([["a", "ana"]]), new Set(["ana"]), new Set(["ana"]))).toEqual({ withdraw: [], resendTo: new Set() });
  });

  it("takes back a send whose work is now another student's, or no one's while its old place is still a student's", () => {
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
      new Set(["eve", "ana", "ben"]),
    );
    expect(result).toEqual({ withdraw: [{ submissionId: "a", to: "ana" }, { submissionId: "b", to: "ben" }], resendTo: new Set() });
  });

  it("leaves a grade where it went when the work lost its match and its old place belongs to no one known (roster replaced)", () => {
    const sent = [
      { submissionId: "a", to: "ana" },
      { submissionId: "b", to: "ben" },
    ];
    const unmatched = new Map<string, string | undefined>([
      ["a", undefined],
      ["b", undefined],
    ]);
    expect(staleSends(sent, unmatched, new Set(), new Set())).toEqual({ withdraw: [], resendTo: new Set() });
  });

  it("sends the former student's own grade again instead of taking back, when theirs goes to the same place now", () => {
    expect(staleSends([{ submissionId: "a", to: "ana" }], new Map([["a", "eve"], ["own", "ana"]]), new Set(["eve", "ana"]), new Set(["eve", "ana"]))).toEqual({ withdraw: [], resendTo: new Set(["ana"]) });
  });
});
