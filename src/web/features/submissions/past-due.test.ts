import { describe, expect, it } from "vitest";
import { pastDueNotice } from "./past-due";

const settings = (latePolicyType: "none" | "percentage" | "points") => ({ latePolicyType }) as Parameters<typeof pastDueNotice>[0]["gradingSettings"];
const now = new Date("2026-11-29T10:00:00Z");

describe("the notice before an upload after the due date", () => {
  it("says blank Submitted counts as late, and that the penalty applies when the assignment has one", () => {
    expect(pastDueNotice({ dueDate: "2026-11-20", gradingSettings: settings("percentage") }, now, "America/New_York")).toBe(
      "The due date (Nov 20, 2026) has passed: work with Submitted left blank counts as handed in now, late, and this assignment's late penalty applies. Set Submitted for work that was handed in on time.",
    );
    expect(pastDueNotice({ dueDate: "2026-11-20", gradingSettings: settings("none") }, now, "UTC")).toBe(
      "The due date (Nov 20, 2026) has passed: work with Submitted left blank counts as handed in now, late. Set Submitted for work that was handed in on time.",
    );
  });

  it("says nothing before the end of the due day in the teacher's time zone, or without a due date", () => {
    expect(pastDueNotice({ dueDate: "2026-11-29", gradingSettings: settings("percentage") }, now, "UTC")).toBeNull();
    // 10:00 UTC is already Nov 30 on Kiritimati (UTC+14), and still early on Nov 29 in Los Angeles.
    expect(pastDueNotice({ dueDate: "2026-11-29", gradingSettings: settings("percentage") }, now, "Pacific/Kiritimati")).not.toBeNull();
    expect(pastDueNotice({ dueDate: "2026-11-29", gradingSettings: settings("percentage") }, now, "America/Los_Angeles")).toBeNull();
    expect(pastDueNotice({ dueDate: null, gradingSettings: settings("percentage") }, now, "UTC")).toBeNull();
  });
});
