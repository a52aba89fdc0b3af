import { describe, expect, it } from "vitest";
import { classAverageNote } from "./class-average-note";

describe("classAverageNote", () => {
  it("says over how many students graded on the current rubric the average is, and how many on an earlier one it leaves out", () => {
    expect(classAverageNote(1, 0)).toBe("over 1 graded student");
    expect(classAverageNote(12, 2)).toBe("over 12 graded students; 2 on the earlier rubric left out");
  });

  it("describes no average of nobody", () => {
    expect(classAverageNote(0, 1)).toBe("No grade on the current rubric yet; 1 on the earlier rubric left out");
    expect(classAverageNote(0, 0)).toBe("No graded students yet");
  });
});
