import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markSaveFailed } from "./failed-saves";
import { storeDraft, type GradeDraft } from "./grade-drafts";
import { forgetUnsavedGrades, readUnsavedGrades } from "./unsaved-grades";

/** The tab's session storage, in memory (the unit tests run without a browser). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const draft: GradeDraft = { basedOn: "event-1", scores: { thesis: "7" }, overall: "", feedback: "Cite the survey." };

describe("the grade edits a tab keeps unsaved", () => {
  beforeEach(() => vi.stubGlobal("sessionStorage", memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("names a kept draft's student, and a failed save's, once each", () => {
    storeDraft("sub-b", draft, "Bo Chan");
    storeDraft("sub-a", draft, "Ann Lee");
    markSaveFailed("sub-a", "Ann Lee");
    expect(readUnsavedGrades()).toEqual([
      { id: "sub-a", studentName: "Ann Lee" },
      { id: "sub-b", studentName: "Bo Chan" },
    ]);
  });

  it("reads a draft kept before names were as a student without a name", () => {
    sessionStorage.setItem("markwise:grade-draft:sub-old", JSON.stringify(draft));
    expect(readUnsavedGrades()).toEqual([{ id: "sub-old", studentName: "" }]);
  });

  it("forgets every kept draft and failed save's mark, and nothing else of the tab", () => {
    storeDraft("sub-a", draft, "Ann Lee");
    markSaveFailed("sub-a", "Ann Lee");
    markSaveFailed("sub-gone", "Cy Diaz");
    sessionStorage.setItem("markwise:other", "kept");
    forgetUnsavedGrades();
    expect(readUnsavedGrades()).toEqual([]);
    expect(Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i))).toEqual(["markwise:other"]);
  });
});
